import Geometry

extension DisplayMapping {
    /// The normalized panel point (u, v) that `screenPoint(u:v:)` maps to `point`: where a
    /// finger would touch the panel to land on that picture point. Used for the mouse, whose
    /// cursor lives in picture space.
    public func panelPoint(_ point: Point) -> (u: Double, v: Double) {
        let x = size.width > 0 ? point.x / size.width : 0
        let y = size.height > 0 ? point.y / size.height : 0
        switch rotation {
        case .degrees0: return (x, y)
        case .degrees90: return (1 - y, x)
        case .degrees180: return (1 - x, 1 - y)
        case .degrees270: return (y, 1 - x)
        }
    }
}
