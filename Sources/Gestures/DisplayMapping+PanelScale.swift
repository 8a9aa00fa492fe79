import Geometry

extension DisplayMapping {
    /// Picture pixels per millimetre of glass for a panel of `panelSize` mm (in the panel's
    /// own orientation): the picture's extent along the panel's x axis over the panel's width.
    /// Nil when the width is not a positive finite number.
    public func pixelsPerMillimetre(panelSize: Size) -> Double? {
        guard panelSize.width > 0, panelSize.width.isFinite else { return nil }
        let along = rotation.swapsAxes ? size.height : size.width
        return along / panelSize.width
    }
}
