import Geometry

/// Draws anti-aliased paths, strokes and images into a `Surface`, cairo-style.
///
/// Conventions: user space maps to device pixels through `transform` (the CTM); device pixel
/// (i, j) covers [i, i+1)×[j, j+1), pixel centres at +0.5. Colours composite in premultiplied
/// 8-bit sRGB. Fills flatten curves to ≤ 0.1 device px. `save()`/`restore()` cover the
/// transform, the clip and the blend mode; layers have their own begin/end pairing.
/// Not thread-safe; reuse one context per surface (it keeps its scratch buffers).
public final class DrawingContext {
    /// The surface drawn into (layers draw into offscreen surfaces until `endLayer()`).
    public let surface: Surface
    /// User space → device pixels.
    public var transform: AffineTransform = .identity
    /// How drawn pixels combine with what is below (part of the saved state).
    public var blendMode: BlendMode = .sourceOver

    /// The clip's device-pixel rectangle (a scissor); with `clipMask`, its bounds.
    var clipRect: PixelRect
    /// The anti-aliased path clip, or nil when the clip is just `clipRect`.
    var clipMask: CoverageMask?

    struct SavedState {
        var transform: AffineTransform
        var blendMode: BlendMode
        var clipRect: PixelRect
        var clipMask: CoverageMask?
    }
    var savedStates: [SavedState] = []

    struct LayerRecord {
        /// nil for a layer whose drawing is discarded (opacity 0 or empty clip).
        var surface: Surface?
        var bounds: PixelRect
        var alpha: UInt32
        var parentTarget: Surface
        var parentOrigin: (x: Int, y: Int)
    }
    var layers: [LayerRecord] = []
    /// Where drawing currently lands and the device position of its pixel (0, 0).
    var target: Surface
    var targetOrigin: (x: Int, y: Int) = (0, 0)
    /// Nesting depth of discarded layers; drawing is skipped while > 0.
    var discardDepth = 0
    /// Innermost layers begun but not allocated yet (nothing drawn into them so far).
    var pendingLayers = 0

    let rasterizer = Rasterizer()

    /// How far, in device pixels, a flattened curve may lie from the curve (fills, strokes,
    /// clips). A chord this far inside its curve takes up to tolerance × 255 levels off a pixel's
    /// coverage: the default 0.1 px was up to 33 levels off the truth on curved fills (issue 29's
    /// random scenes, ExactnessTests); `exactFlatteningTolerance` keeps them within 8 at about
    /// twice the chords. Values that are not finite or not above 0.001 px mean the default.
    public var flatteningTolerance: Double {
        get { rasterizer.tolerance }
        set { rasterizer.tolerance = newValue.isFinite && newValue > 0.001 ? newValue : Rasterizer.tolerance }
    }

    /// The tolerance scene files are drawn with (`SceneFile.render(into:)`): exact to the
    /// issue's targets. The kiosk's views keep the default, which their cached seat masks use.
    public static let exactFlatteningTolerance = 0.025
    static let solidCacheSize = 4
    var solidCache = [(color: Color, opacity: Double, pixel: UInt32)](repeating: (Color.clear, 1.0, 0), count: 4)
    var solidCacheNext = 0
    let scratchCoverage: UnsafeMutablePointer<UInt8>
    let scratchPixels: UnsafeMutablePointer<UInt32>

    public init(surface: Surface) {
        self.surface = surface
        target = surface
        clipRect = surface.bounds
        let n = surface.width + 8
        scratchCoverage = .allocate(capacity: n)
        scratchPixels = .allocate(capacity: n)
    }

    deinit { scratchCoverage.deallocate(); scratchPixels.deallocate() }

    /// Prepends `t`: `transform = t.concatenating(transform)`.
    public func concatenate(_ t: AffineTransform) { transform = t.concatenating(transform) }

    /// Pushes the transform, clip and blend mode.
    public func save() {
        savedStates.append(SavedState(transform: transform, blendMode: blendMode, clipRect: clipRect, clipMask: clipMask))
    }

    /// Pops what `save()` pushed; ignored when nothing is saved.
    public func restore() {
        guard let s = savedStates.popLast() else { return }
        transform = s.transform; blendMode = s.blendMode; clipRect = s.clipRect; clipMask = s.clipMask
    }

    // MARK: Filling

    /// Fills `path` (user space) with `paint` under `rule`, through the clip, with the blend mode.
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        fill(path, with: paint, opacity: 1, rule: rule)
    }

    func fill(_ path: Path, with paint: Paint, opacity: Double, rule: FillRule) {
        guard discardDepth == 0, !path.isEmpty else { return }
        if pendingLayers > 0 { materializeLayers() }
        if case .solid(let c) = paint {
            // Same pixel as PaintShader's, remembered for runs of one colour.
            let s = solidPixel(c, opacity: opacity)
            if s == 0 && blendMode == .sourceOver { return }
            fill(path, source: .solid(s), rule: rule)
            return
        }
        let t = targetTransform
        let shader = PaintShader(paint: paint, transform: t, opacity: opacity)
        if let s = shader.solidPixel {
            // A transparent colour changes nothing under source-over.
            if s == 0 && blendMode == .sourceOver { return }
            fill(path, source: .solid(s), rule: rule)
        } else {
            withUnsafePointer(to: shader) { fill(path, source: .shader($0), rule: rule) }
        }
    }

    /// The premultiplied pixel of a solid paint (PaintShader's), from a small round-robin cache:
    /// charts alternate a few status colours, and converting costs more than the lookup.
    @inline(__always) func solidPixel(_ c: Color, opacity: Double) -> UInt32 {
        for i in 0..<DrawingContext.solidCacheSize where solidCache[i].color == c && solidCache[i].opacity == opacity {
            return solidCache[i].pixel
        }
        let p = c.withOpacity(opacity.isFinite ? Swift.max(0, Swift.min(1, opacity)) : 1).premultiplied.rawValue
        solidCache[solidCacheNext] = (c, opacity, p)
        solidCacheNext = (solidCacheNext + 1) % DrawingContext.solidCacheSize
        return p
    }

    /// The transform from user space to the current target's pixels.
    @inline(__always) var targetTransform: AffineTransform {
        if targetOrigin == (0, 0) { return transform }
        return transform.concatenating(AffineTransform(translationX: Double(-targetOrigin.x), y: Double(-targetOrigin.y)))
    }

    /// The clip rect in target pixels.
    var targetClip: PixelRect {
        PixelRect(x: clipRect.x - targetOrigin.x, y: clipRect.y - targetOrigin.y,
                  width: clipRect.width, height: clipRect.height).intersection(target.bounds)
    }

    func fill(_ path: Path, source: SpanSource, rule: FillRule) {
        guard discardDepth == 0 else { return }
        if pendingLayers > 0 { materializeLayers() }
        let clip = targetClip
        guard !clip.isEmpty else { return }
        var blender = SpanBlender(surface: target, mode: blendMode, source: source,
                                  mask: clipMask?.view(targetOriginX: targetOrigin.x, y: targetOrigin.y),
                                  scratchCoverage: scratchCoverage, scratchPixels: scratchPixels)
        rasterizer.fill(path, transform: targetTransform, rule: rule, clip: clip, into: &blender)
    }

    // MARK: Stroking

    /// Strokes `path` with `style` (widths in user space): the outline from
    /// `Stroker.outline(of:style:tolerance:)`, filled nonzero. Hairlines keep their true width:
    /// the exact-area coverage already makes a thin line faint without losing it, where drawing
    /// it 1 px wide at reduced opacity put coverage beside the line and made crossings too light
    /// (issue 29: 40–77 levels off the truth where hairlines cross).
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle) {
        guard discardDepth == 0, !path.isEmpty else { return }
        let scale = transform.maximumScale
        guard scale.isFinite, scale > 0, style.lineWidth.isFinite, style.lineWidth > 0 else { return }
        let outline = Stroker.outline(of: path, style: style, tolerance: flatteningTolerance / scale,
                                      exact: flatteningTolerance <= Self.exactFlatteningTolerance)
        fill(outline, with: paint, opacity: 1, rule: .nonZero)
    }
}
