import Geometry

/// A paint resolved for device space: produces premultiplied pixels for spans of a row.
/// Solid paints expose `solidPixel` so the compositor can skip per-pixel shading.
///
/// Gradients follow cairo/pixman: colours are interpolated unpremultiplied (alpha separately)
/// and premultiplied per pixel, rounded to nearest; pad/repeat/reflect extend the ramp with
/// pixman's wrap rules; radial gradients are cairo's two-circle (extended) form. Image
/// patterns follow cairo's default GOOD filter: bilinear (7-bit weights like pixman, exact
/// texels for integer translations) down to 0.75× and a box average of the texels under each
/// pixel when shrunk further.
public struct PaintShader: @unchecked Sendable {
    /// The premultiplied pixel (`0xAARRGGBB`) of a solid paint with the opacity applied;
    /// nil for gradients and images.
    public let solidPixel: UInt32?
    let paint: Paint
    /// Device → paint space.
    let inverse: AffineTransform
    let opacity: Double
    let source: Source
    /// True when every pixel `shade` writes is opaque (alpha 255): an opaque solid, or an
    /// image sampler that says so (`ImageSampler.isOpaque`); gradients count as translucent.
    let isOpaque: Bool

    /// What `shade` evaluates, prepared in `init` so the span loops do no setup or allocation.
    enum Source {
        case solid(UInt32)
        case transparent
        case linear(LinearShading)
        case radial(RadialShading)
        case image(ImageSampler)
    }

    /// - Parameters:
    ///   - transform: paint (user) space → device pixels.
    ///   - opacity: multiplies the paint's alpha (0…1).
    public init(paint: Paint, transform: AffineTransform, opacity: Double) {
        self.paint = paint
        self.inverse = transform.inverted()
        let opacity = opacity.isFinite ? Swift.max(0, Swift.min(1, opacity)) : 1
        self.opacity = opacity
        let invertible = transform.determinant != 0 && transform.determinant.isFinite && transform.isFinite
        switch paint {
        case .solid(let c):
            let p = c.withOpacity(opacity).premultiplied.rawValue
            solidPixel = p
            source = .solid(p)
        case .linearGradient(let g):
            solidPixel = nil
            if invertible, let ramp = GradientRamp(stops: g.stops, spread: g.spread, opacity: opacity) {
                source = LinearShading(gradient: g, ramp: ramp, deviceToUser: inverse).map(Source.linear)
                    ?? .solid(ramp.degeneratePixel)
            } else {
                source = .transparent
            }
        case .radialGradient(let g):
            solidPixel = nil
            if invertible, let ramp = GradientRamp(stops: g.stops, spread: g.spread, opacity: opacity) {
                source = .radial(RadialShading(gradient: g, ramp: ramp, deviceToUser: inverse))
            } else {
                source = .transparent
            }
        case .image(let pattern):
            solidPixel = nil
            if invertible, let sampler = ImageSampler(pattern: pattern, userToDevice: transform, opacity: opacity) {
                source = .image(sampler)
            } else {
                source = .transparent
            }
        }
        switch source {
        case .solid(let p): isOpaque = p >> 24 == 255
        case .image(let sampler): isOpaque = sampler.isOpaque
        case .transparent, .linear, .radial: isOpaque = false
        }
    }

    /// Writes `count` premultiplied pixels for the pixel centres (x + i + 0.5, y + 0.5).
    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        withUnsafePointer(to: self) { Self.shade($0, x: x, y: y, count: count, into: out) }
    }

    /// `shade` through a pointer (the span blender's): only the source is read, so no copy of
    /// the shader (and its paint's references) per span.
    @inline(__always)
    static func shade(_ shader: UnsafePointer<PaintShader>, x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        switch shader.pointee.source {
        case .solid(let p): out.update(repeating: p, count: count)
        case .transparent: out.update(repeating: 0, count: count)
        case .linear(let s): s.shade(x: x, y: y, count: count, into: out)
        case .radial(let s): s.shade(x: x, y: y, count: count, into: out)
        case .image(let s): s.shade(x: x, y: y, count: count, into: out)
        }
    }
}
