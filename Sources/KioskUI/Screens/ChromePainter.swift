import Geometry
import Raster
import Text

/// The drawing tools every screen view shares: text from the frame cache's shaped lines,
/// buttons, the modal card, icons, and the press feedback (a pressed control grows about its
/// centre). Screen px; the context's transform is reset to identity by each call that draws.
struct ChromePainter {
    let layout: KioskLayout
    let palette: KioskPalette
    let text: TextRendererBox
    let cache: KioskFrameCache
    /// Records every text box drawn (tests); nil on a kiosk.
    var log: ChromeTextLog? = nil

    /// Runs `body` with the context scaled about `centre` by `scale` (the press feedback), in
    /// steps of `scaleStep`.
    func withScale(_ scale: Double, centre: Point, in context: DrawingContext, _ body: () -> Void) {
        let saved = context.transform
        let scale = Self.stepped(scale)
        if scale != 1 { context.transform = Self.scaling(scale, about: centre).concatenating(saved) }
        body()
        context.transform = saved
    }

    /// The press animation's scale steps: a label drawn at every eased scale (1 to 1.2 over
    /// 0.12 s, at whatever times frames fall) made new glyph masks at new sizes on nearly every
    /// press, and the glyph cache grew per visitor; in 1/32 steps a pressed label has 7 sizes.
    static let scaleStep = 1.0 / 32

    /// `s` rounded to a multiple of `scaleStep`.
    static func stepped(_ s: Double) -> Double { (s / scaleStep).rounded() * scaleStep }

    /// Scale by `s` about `c`.
    static func scaling(_ s: Double, about c: Point) -> Geometry.AffineTransform {
        AffineTransform(translationX: -c.x, y: -c.y)
            .concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    /// A rounded button in `r` with its title (one line, shrinking to fit), grown by `scale`.
    func drawButton(in r: Rect, title: String, enabled: Bool, scale: Double, in context: DrawingContext) {
        let c = layout.chromeUnit
        context.transform = .identity
        withScale(scale, centre: r.center, in: context) {
            context.fill(Path(roundedRect: r, cornerRadius: 20 * c), with: .solid(enabled ? palette.accent : palette.disabledButton))
            draw(ChromeText(title, 34, floorUnits: 24, bold: true, centered: true, layout: layout),
                 in: r.insetBy(dx: 20 * c, dy: 8 * c), color: enabled ? palette.buttonText : palette.disabledText, in: context)
        }
    }

    /// A modal card in `card` (px; the layout's card unless given): the screen (within the clip)
    /// dimmed, the card on top. The text log marks what is drawn from here on as on the card.
    func drawCard(_ card: Rect? = nil, in context: DrawingContext) {
        context.transform = .identity
        ScrimDimmer.dim(context.surface, within: context.clipBounds, by: palette.scrim.premultiplied.rawValue)
        context.fill(Path(roundedRect: card ?? layout.card, cornerRadius: 28 * layout.chromeUnit), with: .solid(palette.card))
        log?.cardDrawn = true
    }

    // MARK: - Icons

    /// A wheelchair pictogram in `rect` (the international symbol, stroked).
    func drawWheelchair(in rect: Rect, color: Color, lineWidth: Double, in context: DrawingContext) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        let head = rect.width * 0.11
        context.fill(Path(ellipseIn: Rect(x: p(0.42, 0.1).x - head, y: p(0.42, 0.1).y - head, width: 2 * head, height: 2 * head)),
                     with: .solid(color))
        var body = Path()
        body.move(to: p(0.40, 0.28)); body.addLine(to: p(0.44, 0.60)); body.addLine(to: p(0.70, 0.60)); body.addLine(to: p(0.82, 0.88))
        body.move(to: p(0.41, 0.42)); body.addLine(to: p(0.64, 0.42))
        let r = rect.width * 0.28
        body.addArc(center: p(0.42, 0.66), radius: r, startAngle: .degrees(-60), endAngle: .degrees(200), clockwise: false)
        context.stroke(body, with: .solid(color), style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
    }

    /// A shopping cart in `rect`.
    func drawCartIcon(in rect: Rect, color: Color, lineWidth: Double, in context: DrawingContext) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        var cart = Path()
        cart.move(to: p(0.0, 0.08)); cart.addLine(to: p(0.16, 0.08)); cart.addLine(to: p(0.30, 0.68))
        cart.addLine(to: p(0.86, 0.68)); cart.addLine(to: p(0.98, 0.24)); cart.addLine(to: p(0.20, 0.24))
        context.stroke(cart, with: .solid(color), style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
        let r = rect.width * 0.08
        for x in [0.36, 0.80] {
            let c = p(x, 0.88)
            context.fill(Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), with: .solid(color))
        }
    }
}
