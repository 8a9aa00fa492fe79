import Geometry

/// A paint resolved for device space: produces premultiplied pixels for spans of a row.
/// Solid paints expose `solidPixel` so the compositor can skip per-pixel shading.
///
/// (Gradient and image shading: the stroke-and-paint work replaces the placeholders below.)
public struct PaintShader: @unchecked Sendable {
    /// The premultiplied pixel (`0xAARRGGBB`) of a solid paint with the opacity applied;
    /// nil for gradients and images.
    public let solidPixel: UInt32?
    let paint: Paint
    /// Device → paint space.
    let inverse: AffineTransform
    let opacity: Double

    /// - Parameters:
    ///   - transform: paint (user) space → device pixels.
    ///   - opacity: multiplies the paint's alpha (0…1).
    public init(paint: Paint, transform: AffineTransform, opacity: Double) {
        self.paint = paint
        self.inverse = transform.inverted()
        self.opacity = opacity.isFinite ? Swift.max(0, Swift.min(1, opacity)) : 1
        if case .solid(let c) = paint {
            solidPixel = c.withOpacity(self.opacity).premultiplied.rawValue
        } else {
            solidPixel = nil
        }
    }

    /// Writes `count` premultiplied pixels for the pixel centres (x + i + 0.5, y + 0.5).
    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        if let s = solidPixel { out.update(repeating: s, count: count); return }
        out.update(repeating: 0, count: count)
    }
}
