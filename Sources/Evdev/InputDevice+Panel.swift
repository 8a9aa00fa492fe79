import Geometry

extension InputDevice {
    /// The panel's active area in millimetres from the position axes' resolution
    /// ((max − min + 1) / units per mm), or nil when the kernel reports no resolution.
    public var panelSize: Size? {
        guard let (x, y) = positionAxes, x.resolution > 0, y.resolution > 0 else { return nil }
        return Size(width: x.range / Double(x.resolution), height: y.range / Double(y.resolution))
    }
}
