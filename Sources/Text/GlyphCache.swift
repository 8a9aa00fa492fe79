import Geometry
import Raster

/// Coverage masks of glyphs, rendered by Raster (`DrawingContext.fill` of the glyph outline)
/// on first use and kept in an LRU bounded by their bytes.
///
/// Key: font, glyph, the em-to-device linear map (size × the transform's linear part) in
/// 1/64 px, and the origin's sub-pixel phase in quarter pixels on both axes.
public final class GlyphCache {
    /// The most mask bytes kept (plus a fixed per-entry overhead).
    public let capacityBytes: Int
    /// Lookups that found a mask.
    public private(set) var hits = 0
    /// Lookups that rendered a mask.
    public private(set) var misses = 0

    let masks: LRUCache<GlyphKey, GlyphMask>
    /// Scratch surface and context the masks are rendered in; grown on demand.
    private var scratch: Surface
    private var scratchContext: DrawingContext

    /// Bytes counted per entry besides its pixels.
    static let entryOverhead = 64

    /// A cache holding at most `capacityBytes` of masks (default 16 MiB).
    public init(capacityBytes: Int = 16 << 20) {
        self.capacityBytes = max(0, capacityBytes)
        masks = LRUCache(capacity: self.capacityBytes)
        scratch = Surface(width: 64, height: 64)
        scratchContext = DrawingContext(surface: scratch)
    }

    /// Mask bytes in use (with overhead).
    public var usedBytes: Int { masks.usedCost }
    /// Masks held.
    public var count: Int { masks.count }

    /// Drops every mask.
    public func removeAll() { masks.removeAll() }

    /// The mask for `key`, rendering it from `font`'s outline on a miss.
    func mask(for key: GlyphKey, font: Font) -> GlyphMask {
        if let m = masks.value(for: key) { hits += 1; return m }
        misses += 1
        let m = render(key, font: font)
        masks.insert(m, for: key, cost: m.pixels.count + Self.entryOverhead)
        return m
    }

    /// Curves are flattened finer than Raster's default 0.1 px: at 12 px a glyph's curves are
    /// tiny and chords at 0.1 px visibly thin them.
    static let flatteningTolerance = 0.0625

    /// `path` through `t`, its points rounded to 1/64 device px as FreeType's scaled outlines
    /// are (so masks agree with FreeType's own rendering), then moved by the sub-pixel phase.
    static func onDeviceGrid(_ path: Path, _ t: AffineTransform, dx: Double, dy: Double) -> Path {
        var out = Path()
        var i = 0
        let pts = path.points
        func q(_ p: Point) -> Point {
            let d = p.applying(t)
            return Point(x: (d.x * 64).rounded() / 64 + dx, y: (d.y * 64).rounded() / 64 + dy)
        }
        for v in path.verbs {
            switch v {
            case .move: out.move(to: q(pts[i])); i += 1
            case .line: out.addLine(to: q(pts[i])); i += 1
            case .quad: out.addQuadCurve(to: q(pts[i + 1]), control: q(pts[i])); i += 2
            case .cubic: out.addCurve(to: q(pts[i + 2]), control1: q(pts[i]), control2: q(pts[i + 1])); i += 3
            case .close: out.closeSubpath()
            }
        }
        return out
    }

    private func render(_ key: GlyphKey, font: Font) -> GlyphMask {
        let unit = font.unitOutline(of: key.glyph)
        guard !unit.isEmpty else { return .empty }
        let k = 1 / (64 * Double(font.unitsPerEm))
        let t = AffineTransform(a: Double(key.a) * k, b: Double(key.b) * k, c: Double(key.c) * k, d: Double(key.d) * k,
                                tx: 0, ty: 0)
        let path = Self.onDeviceGrid(unit, t, dx: Double(key.phase & 3) / 4, dy: Double(key.phase >> 2) / 4)
            .flattened(tolerance: Self.flatteningTolerance)
        let b = path.boundingRect
        guard !b.isNull, b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite,
              b.width < 4096, b.height < 4096 else { return .empty }
        let left = Int(b.minX.rounded(.down)), top = Int(b.minY.rounded(.down))
        let w = max(1, Int(b.maxX.rounded(.up)) - left), h = max(1, Int(b.maxY.rounded(.up)) - top)
        if scratch.width < w || scratch.height < h {
            scratch = Surface(width: max(w, scratch.width), height: max(h, scratch.height))
            scratchContext = DrawingContext(surface: scratch)
        }
        scratch.fill(PixelRect(x: 0, y: 0, width: w, height: h), with: .transparent)
        scratchContext.transform = AffineTransform(translationX: Double(-left), y: Double(-top))
        scratchContext.fill(path, with: .solid(.black))
        var pixels = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = scratch.row(y)
                for x in 0..<w { out[y * w + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
            }
        }
        return GlyphMask(left: Int32(left), top: Int32(top), width: Int32(w), height: Int32(h), pixels: pixels)
    }
}
