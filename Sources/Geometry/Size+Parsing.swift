extension Size {
    /// A size written `WxH` (`1920x1080`; `X` as well), optionally followed by `unit` (`527x296mm`
    /// with unit `"mm"`): the command lines' way to give a picture size in pixels or a panel's
    /// active area in millimetres. Nil unless both numbers are finite and positive.
    public init?(parsing text: String, unit: String = "") {
        var t = text.lowercased()
        if !unit.isEmpty && t.hasSuffix(unit.lowercased()) { t.removeLast(unit.count) }
        let parts = t.split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else {
            return nil
        }
        self.init(width: w, height: h)
    }
}
