import Geometry
import Raster

/// The card beside a tapped seat: its section, row and seat, category and price, any
/// accessibility attribute and what the tap did, with a tail pointing at the seat. It sits
/// wholly inside the safe area (clear of the header, its controls and the bottom bar) and
/// clear of the finger: never over the tap point plus the finger's radius, above the
/// finger when there is room, else beside or below it.
struct SeatCalloutView {
    let callout: SessionSnapshot.Callout

    /// The callout for `lines` (the first is the title) beside the seat at `seat` (screen px,
    /// radius `seatRadius` px) tapped at `finger` with a finger of `fingerRadius` px; text is
    /// chrome text (28 chrome units, never below the layout's text floor): 3 mm capitals made
    /// a five-line card too big to place beside a mid-screen seat on a 7" panel. It stays in
    /// `within` (px; nil: the layout's safe area), the chart's safe area below any party strip.
    /// With `besideSeatOnly` it is nil rather than cut or laid along an edge over the seat.
    /// `alsoClear` (px) is kept clear like the seat: the seats chosen with it (a wheelchair
    /// space's companion, a party placed there).
    static func callout(lines: [String], seat: Point, seatRadius: Double, finger: Point, fingerRadius: Double,
                        pixelsPerMillimetre: Double, painter: ChromePainter, within: Rect? = nil,
                        besideSeatOnly: Bool = false, alsoClear: Rect? = nil) -> SessionSnapshot.Callout? {
        let layout = painter.layout, u = layout.u
        let area = (within ?? layout.safeArea).insetBy(dx: 8 * u, dy: 8 * u)
        let unbounded = Rect(x: 0, y: 0, width: 1e6, height: 1e6)
        /// The longest line's width, px, with body text of `body` px.
        func longest(_ body: Double) -> Double {
            lines.enumerated().map { i, line in
                let t = ChromeText(line, px: i == 0 ? body * 1.15 : body, bold: isBold(i, of: lines.count))
                return painter.fitted(t, in: unbounded)?.lines.first?.width ?? 0
            }.max() ?? 0
        }
        // 28 units, or smaller down to the text floor where the longest line would not fit the
        // area's width (large text on a 7" panel); shrunk in whole pixels: a size fitted exactly to
        // each seat's lines made new layouts and glyph masks for nearly every tap, and the text
        // caches grew per visitor.
        let natural = max(28 * layout.chromeUnit, layout.textFloor), naturalWidth = longest(natural)
        let room = area.width - 2 * max(22 * u, natural * 0.8)
        let body = naturalWidth > room ? max(layout.textFloor, (natural * room / naturalWidth).rounded(.down)) : natural
        let title = body * 1.15
        let pad = max(22 * u, body * 0.8), lineHeight = body * 1.45
        let widest = area.width - 2 * pad
        let textWidth = body == natural ? naturalWidth : longest(body)
        if besideSeatOnly && textWidth > widest { return nil }
        let size = Size(width: min(textWidth, widest) + 2 * pad, height: Double(lines.count) * lineHeight + 2 * pad - (lineHeight - title))
        let tail = max(18 * u, 3 * pixelsPerMillimetre)
        guard let (box, tip) = place(size: size, seat: seat, seatRadius: seatRadius, finger: finger, fingerRadius: fingerRadius,
                                     within: area, tail: tail, rightToLeft: layout.rightToLeft, alsoClear: alsoClear),
              !(besideSeatOnly && tip.isEmpty)
        else { return nil }
        return SessionSnapshot.Callout(lines: lines, box: box, tail: tip, titleSize: title, bodySize: body,
                                       lineHeight: lineHeight, padding: pad, cornerRadius: 18 * u)
    }

    /// Where a card of `size` goes (px): the first of above, right of, left of and below the
    /// seat (above, left of, right of and below `rightToLeft`: beside the seat where the eye
    /// reads on) that lies inside `area` and keeps the finger's radius from the finger, `tail` px
    /// beyond seat and finger (the card slides along its side to stay inside); with its tail,
    /// the base's two corners and the tip towards the seat. When no side has room (a seat mid-
    /// screen on a 7" panel, where 10 mm is an eighth of the height), the finger's radius is
    /// halved, then only the seat is kept clear: the finger has lifted by the time it shows.
    /// When no side has room even so (large text on a 7" panel: a five-line card is most of the
    /// chart's height), the card lies along the area's top or bottom, whichever is farther from
    /// the seat, without a tail: what the tap did is told rather than not at all. Nil only when
    /// the card is larger than the area. `alsoClear` (px) is kept clear like the seat.
    static func place(size: Size, seat: Point, seatRadius: Double, finger: Point, fingerRadius: Double, within area: Rect,
                      tail: Double, rightToLeft: Bool = false, alsoClear: Rect? = nil) -> (Rect, [Point])? {
        var keep = Rect(x: seat.x - seatRadius, y: seat.y - seatRadius, width: 2 * seatRadius, height: 2 * seatRadius)
        if let other = alsoClear { keep = keep.union(other) }
        for radius in [fingerRadius, fingerRadius / 2, 0] {
            if let placed = place(size: size, seat: seat, keep: keep, finger: finger, clearing: radius, within: area,
                                  tail: tail, rightToLeft: rightToLeft) { return placed }
        }
        guard size.width <= area.width, size.height <= area.height else { return nil }
        let x = max(area.minX, min(seat.x - size.width / 2, area.maxX - size.width))
        let y = seat.y - area.minY > area.maxY - seat.y ? area.minY : area.maxY - size.height
        return (Rect(x: x, y: y, width: size.width, height: size.height), [])
    }

    /// One try of `place`: clear of `keep` (the seat and what goes with it) and of the finger's
    /// `fingerRadius`.
    private static func place(size: Size, seat: Point, keep: Rect, finger: Point, clearing fingerRadius: Double,
                              within area: Rect, tail: Double, rightToLeft: Bool) -> (Rect, [Point])? {
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { max(lo, min(v, hi)) }
        let w = size.width, h = size.height
        guard w <= area.width, h <= area.height else { return nil }
        let xCentred = clamp(seat.x - w / 2, area.minX, area.maxX - w)
        let yCentred = clamp(seat.y - h / 2, area.minY, area.maxY - h)
        var candidates: [(Rect, Edge)] = [
            (Rect(x: xCentred, y: min(keep.minY, finger.y - fingerRadius) - tail - h, width: w, height: h), .bottom),
            (Rect(x: max(keep.maxX, finger.x + fingerRadius) + tail, y: yCentred, width: w, height: h), .left),
            (Rect(x: min(keep.minX, finger.x - fingerRadius) - tail - w, y: yCentred, width: w, height: h), .right),
            (Rect(x: xCentred, y: max(keep.maxY, finger.y + fingerRadius) + tail, width: w, height: h), .top),
        ]
        if rightToLeft { candidates.swapAt(1, 2) }
        for (box, edge) in candidates where area.contains(box) && distance(from: finger, to: box) >= fingerRadius {
            return (box, tailPoints(box, edge: edge, towards: seat, length: tail))
        }
        return nil
    }

    /// The side of the card the tail leaves from.
    enum Edge { case top, bottom, left, right }

    /// The tail: a triangle on `edge` of `box`, `length` long, its base as near `seat` as the
    /// card's rounded corners allow and its tip leaning towards the seat.
    static func tailPoints(_ box: Rect, edge: Edge, towards seat: Point, length: Double) -> [Point] {
        let half = length * 0.7, inset = length * 1.6
        switch edge {
        case .top, .bottom:
            let x = max(box.minX + inset, min(seat.x, box.maxX - inset))
            let y = edge == .top ? box.minY : box.maxY, dir = edge == .top ? -1.0 : 1.0
            let tipX = x + max(-half, min(seat.x - x, half))
            return [Point(x: x - half, y: y), Point(x: x + half, y: y), Point(x: tipX, y: y + dir * length)]
        case .left, .right:
            let y = max(box.minY + inset, min(seat.y, box.maxY - inset))
            let x = edge == .left ? box.minX : box.maxX, dir = edge == .left ? -1.0 : 1.0
            let tipY = y + max(-half, min(seat.y - y, half))
            return [Point(x: x, y: y - half), Point(x: x, y: y + half), Point(x: x + dir * length, y: tipY)]
        }
    }

    /// The title (first line) and what the tap did (last line) are bold.
    static func isBold(_ line: Int, of count: Int) -> Bool { line == 0 || line == count - 1 }

    /// The distance from `p` to the nearest point of `r` (0 inside).
    static func distance(from p: Point, to r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    func draw(with painter: ChromePainter, in context: DrawingContext) {
        let c = callout, palette = painter.palette
        context.transform = .identity
        var shape = Path(roundedRect: c.box, cornerRadius: c.cornerRadius)
        if c.tail.count == 3 {
            shape.move(to: c.tail[0]); shape.addLine(to: c.tail[2]); shape.addLine(to: c.tail[1]); shape.closeSubpath()
        }
        let line = max(1.5, c.padding / 12)
        // Opaque, so seat outlines and labels do not show through the text.
        let t = palette.toast, fill = Color(red: t.red, green: t.green, blue: t.blue)
        context.fill(shape, with: .solid(fill))
        context.stroke(shape, with: .solid(palette.secondaryText.withOpacity(0.6)), style: StrokeStyle(lineWidth: line, lineJoin: .round))
        if c.tail.count == 3 {
            // The card's outline across the tail's base, painted over: card and tail are one shape.
            let a = c.tail[0], b = c.tail[1]
            let seam = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
                .insetBy(dx: a.x == b.x ? -line : line, dy: a.y == b.y ? -line : line)
            context.fill(Path(roundedRect: seam, cornerRadius: 0), with: .solid(fill))
        }
        // One line box each, `lineHeight` apart, the title's centred where its extra leading allows.
        var top = c.box.minY + c.padding - (c.lineHeight - c.titleSize) / 2
        for (i, line) in c.lines.enumerated() {
            let bold = Self.isBold(i, of: c.lines.count)
            let box = Rect(x: c.box.minX + c.padding, y: top, width: c.box.width - 2 * c.padding, height: c.lineHeight)
            painter.draw(ChromeText(line, px: i == 0 ? c.titleSize : c.bodySize, bold: bold), in: box,
                         color: bold ? palette.text : palette.secondaryText, in: context)
            top += c.lineHeight
        }
    }
}
