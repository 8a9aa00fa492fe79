import Geometry

extension InputDevice {
    /// The panel's active area in millimetres from the position axes' resolution
    /// ((max − min + 1) / units per mm), or nil when the kernel reports no resolution.
    public var panelSize: Size? {
        guard let (x, y) = positionAxes, x.resolution > 0, y.resolution > 0 else { return nil }
        return Size(width: x.range / Double(x.resolution), height: y.range / Double(y.resolution))
    }
}

extension DisplayMapping {
    /// Picture pixels per millimetre of glass for a panel of `panelSize` mm (in the panel's
    /// own orientation): the picture's extent along the panel's x axis over the panel's width.
    public func pixelsPerMillimetre(panelSize: Size) -> Double? {
        guard panelSize.width > 0, panelSize.width.isFinite else { return nil }
        let along = rotation.swapsAxes ? size.height : size.width
        return along / panelSize.width
    }
}
