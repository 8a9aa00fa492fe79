/// The physical scale of the touch panel: how many screen pixels make one millimetre.
///
/// Every gesture threshold is specified in millimetres (a finger is the same size on every
/// panel) and converted to pixels with this value.
public struct TouchPanel: Hashable, Sendable {
    /// Screen pixels per millimetre of glass (e.g. 3.64 for 1920×1080 on a 23.8" panel).
    /// Non-finite or non-positive values are replaced by 1 so thresholds stay usable.
    public var pixelsPerMillimetre: Double

    public init(pixelsPerMillimetre: Double) {
        self.pixelsPerMillimetre = pixelsPerMillimetre.isFinite && pixelsPerMillimetre > 0 ? pixelsPerMillimetre : 1
    }

    /// The panel of a display `widthPixels` wide whose active area is `widthMillimetres` wide.
    public init(widthPixels: Double, widthMillimetres: Double) {
        self.init(pixelsPerMillimetre: widthPixels / widthMillimetres)
    }

    /// Millimetres → pixels.
    @inlinable public func pixels(_ millimetres: Double) -> Double { millimetres * pixelsPerMillimetre }
    /// Pixels → millimetres.
    @inlinable public func millimetres(_ pixels: Double) -> Double { pixels / pixelsPerMillimetre }
}
