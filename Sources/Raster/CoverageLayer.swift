import Geometry

/// An 8-bit coverage layer that strokes add to, saturating at 255: for an outline drawn in
/// over several frames, piece by piece, whose pieces' coverages must add up where they meet
/// (blended over one another as colour they would leave a lighter pixel at every seam).
///
/// A stroke adds exactly the coverage `DrawingContext.stroke` (default flattening tolerance)
/// would blend, straight into the bytes: no colour pass, no scan of the stroke's box. The
/// layer is blended as a whole by its user (e.g. `GlyphMaskBlender`).
public final class CoverageLayer {
    /// Pixels (device px).
    public let width: Int, height: Int
    /// `width · height` coverage bytes, row-major, `width` bytes a row.
    public let bytes: UnsafeMutablePointer<UInt8>
    private let rasterizer = Rasterizer()

    /// A layer of zeros.
    public init(width: Int, height: Int) {
        self.width = Swift.max(0, width); self.height = Swift.max(0, height)
        let n = Swift.max(1, self.width * self.height)
        bytes = .allocate(capacity: n)
        bytes.initialize(repeating: 0, count: n)
    }

    deinit { bytes.deallocate() }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Adds the coverage of `path` (user space) stroked with `style` (widths in user space)
    /// through `transform` (user → layer px), saturating.
    public func addStroke(_ path: Path, transform: AffineTransform, style: StrokeStyle) {
        guard !path.isEmpty else { return }
        let scale = transform.maximumScale
        guard scale.isFinite, scale > 0, style.lineWidth.isFinite, style.lineWidth > 0 else { return }
        let tolerance = rasterizer.tolerance
        let outline = Stroker.outline(of: path, style: style, tolerance: tolerance / scale,
                                      exact: tolerance <= DrawingContext.exactFlatteningTolerance)
        var sink = SaturatingCoverageSink(bytes: bytes, rowBytes: width)
        rasterizer.fill(outline, transform: transform, rule: .nonZero, clip: bounds, into: &sink)
    }

    /// Zeroes the coverage in `rect` (clipped to the layer).
    public func clear(_ rect: PixelRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY { (bytes + y * width + r.minX).update(repeating: 0, count: r.width) }
    }
}

/// Adds coverage spans to 8-bit bytes, saturating at 255.
struct SaturatingCoverageSink: CoverageSink {
    let bytes: UnsafeMutablePointer<UInt8>
    let rowBytes: Int

    @inline(__always)
    mutating func coverageSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let out = bytes + (y &* rowBytes &+ x)
        for i in 0..<count where coverage[i] != 0 {
            out[i] = UInt8(truncatingIfNeeded: Swift.min(255, UInt32(out[i]) &+ UInt32(coverage[i])))
        }
    }

    @inline(__always)
    mutating func constantSpan(y: Int, x: Int, count: Int, alpha: UInt32) {
        let out = bytes + (y &* rowBytes &+ x)
        for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: Swift.min(255, UInt32(out[i]) &+ alpha)) }
    }
}
