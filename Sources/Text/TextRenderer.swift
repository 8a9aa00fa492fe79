import Geometry
import Raster

/// Draws text through Raster: glyph outlines filled by `DrawingContext`, so text follows any
/// `AffineTransform` and looks like every other shape, with a coverage-mask cache for speed and
/// an LRU of layouts, because kiosk labels repeat every frame. Both caches are bounded by bytes
/// (`glyphCacheBytes`, `layoutCacheBytes`), so a daemon that lays out new strings for months
/// (order codes, seat lines, totals) keeps a fixed amount of memory for them.
///
/// Not thread-safe; use one renderer per rendering thread.
public final class TextRenderer {
    /// The fonts used when a call names none.
    public let fonts: FontChain
    /// The glyph coverage masks.
    public let glyphCache: GlyphCache
    private let layouts: LRUCache<LayoutKey, TextLayout>

    /// Glyphs whose em exceeds this many device pixels are filled as paths (masks would be big
    /// and rarely reused).
    public static let largestCachedSize = 256.0

    /// A renderer for `fonts`, keeping up to `glyphCacheBytes` of masks (default 16 MiB) and
    /// `layoutCacheBytes` of layouts (default 1.5 MiB, about a thousand kiosk labels; each
    /// layout counted by `TextLayout.cachedBytes`).
    public init(fonts: FontChain, glyphCacheBytes: Int = 16 << 20, layoutCacheBytes: Int = 1536 << 10) {
        self.fonts = fonts
        glyphCache = GlyphCache(capacityBytes: glyphCacheBytes)
        layouts = LRUCache(capacity: layoutCacheBytes)
    }

    /// Layouts held in the layout cache.
    public var cachedLayouts: Int { layouts.count }
    /// Bytes the cached layouts take (`TextLayout.cachedBytes` summed); at most the
    /// `layoutCacheBytes` given at init.
    public var cachedLayoutBytes: Int { layouts.usedCost }
    /// The most bytes the cached layouts may take.
    public var layoutCacheBytes: Int { layouts.capacity }

    /// Drops every cached layout and glyph mask (fonts keep their decomposed outlines).
    public func removeAllCaches() {
        layouts.removeAll()
        glyphCache.removeAll()
    }

    /// The layout of `string`, from the cache when the same string, fonts, size and options were
    /// laid out before.
    public func layout(_ string: String, fontSize: Double, options: TextLayout.Options = .init(),
                       fonts: FontChain? = nil) -> TextLayout {
        let chain = fonts ?? self.fonts
        let key = LayoutKey(string: string, fontSize: fontSize, options: options, fonts: chain.id)
        if let l = layouts.value(for: key) { return l }
        let l = TextLayout(string, fonts: chain, fontSize: fontSize, options: options)
        layouts.insert(l, for: key, cost: l.cachedBytes(key: string))
        return l
    }

    /// Whether the layout of `string` with these arguments is in the cache (not counted as a use).
    func isLayoutCached(_ string: String, fontSize: Double, options: TextLayout.Options = .init(),
                        fonts: FontChain? = nil) -> Bool {
        layouts.contains(LayoutKey(string: string, fontSize: fontSize, options: options, fonts: (fonts ?? self.fonts).id))
    }

    /// Draws a one-line label with the start of its baseline at `baselineOrigin` (user space).
    public func drawLabel(_ string: String, baselineOrigin: Point, fontSize: Double, color: Color,
                          in context: DrawingContext, fonts: FontChain? = nil) {
        let l = layout(string, fontSize: fontSize, fonts: fonts)
        draw(l, at: Point(x: baselineOrigin.x, y: baselineOrigin.y - l.firstBaseline), color: color, in: context)
    }

    /// Draws `layout` with its box's top-left at `origin` (user space) in `color`, through the
    /// context's transform.
    ///
    /// With `cached` (the default), each glyph's mask comes from `glyphCache` and is blended
    /// into `context.surface` within `context.clipBounds` — only when the blend mode is
    /// source-over and the glyphs are at most `largestCachedSize` px; otherwise the outlines
    /// are filled through the context. Raster does not tell whether an opacity layer or a path
    /// clip is active, so pass `cached: false` between `beginLayer`/`endLayer` or under
    /// `clip(to: Path)`; the outlines then go through the context and honour both.
    public func draw(_ layout: TextLayout, at origin: Point, color: Color, in context: DrawingContext,
                     cached: Bool = true) {
        let t = context.transform
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite,
              origin.x.isFinite, origin.y.isFinite, !layout.glyphs.isEmpty else { return }
        let pixel = color.premultiplied
        if pixel.rawValue == 0 && context.blendMode == .sourceOver { return }
        let deviceSize = t.maximumScale * layout.fontSize
        guard cached, context.blendMode == .sourceOver, deviceSize > 0, deviceSize <= Self.largestCachedSize else {
            drawOutlines(layout, at: origin, color: color, in: context)
            return
        }
        let clip = context.clipBounds
        guard !clip.isEmpty else { return }
        let s = layout.fontSize * 64
        let qa = Int32((t.a * s).rounded()), qb = Int32((t.b * s).rounded())
        let qc = Int32((t.c * s).rounded()), qd = Int32((t.d * s).rounded())
        let surface = context.surface
        let fontList = layout.fonts.fonts
        layout.glyphs.withUnsafeBufferPointer { glyphs in
            for g in glyphs {
                let ux = origin.x + g.position.x, uy = origin.y + g.position.y
                let qx = ((t.a * ux + t.c * uy + t.tx) * 4).rounded()
                let qy = ((t.b * ux + t.d * uy + t.ty) * 4).rounded()
                guard abs(qx) < 1e9, abs(qy) < 1e9 else { continue }
                let nx = Int(qx), ny = Int(qy)
                let font = fontList[g.fontIndex]
                let key = GlyphKey(font: font.id, glyph: g.glyph, a: qa, b: qb, c: qc, d: qd,
                                   phase: UInt8(nx & 3) | UInt8(ny & 3) << 2)
                let m = glyphCache.mask(for: key, font: font)
                guard m.width > 0 else { continue }
                m.pixels.withUnsafeBufferPointer { p in
                    GlyphMaskBlender.blend(mask: p.baseAddress!, width: Int(m.width), height: Int(m.height),
                                           rowBytes: Int(m.width), color: pixel, into: surface,
                                           x: (nx >> 2) + Int(m.left), y: (ny >> 2) + Int(m.top), clip: clip)
                }
            }
        }
    }

    /// Fills each glyph's outline through `context` (any transform, clip, layer and blend mode).
    /// Curves are flattened to `GlyphCache.flatteningTolerance` device px first, like masks.
    public func drawOutlines(_ layout: TextLayout, at origin: Point, color: Color, in context: DrawingContext) {
        let scale = context.transform.maximumScale
        guard scale.isFinite, scale > 0 else { return }
        let tolerance = GlyphCache.flatteningTolerance / scale
        for g in layout.glyphs {
            let font = layout.fonts.fonts[g.fontIndex]
            let s = layout.fontSize / Double(font.unitsPerEm)
            let unit = font.unitOutline(of: g.glyph)
            guard !unit.isEmpty else { continue }
            let place = AffineTransform(a: s, b: 0, c: 0, d: s, tx: origin.x + g.position.x, ty: origin.y + g.position.y)
            context.fill(unit.applying(place).flattened(tolerance: tolerance), with: .solid(color))
        }
    }
}

/// What makes two layouts the same.
struct LayoutKey: Hashable {
    var string: String
    var fontSize: Double
    var options: TextLayout.Options
    var fonts: UInt32
}
