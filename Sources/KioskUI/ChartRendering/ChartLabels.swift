#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Seating
import Text

/// The chart's labels at levels of detail — section names (a side, a stand, a tribune, as the
/// names allow: `SectionHierarchy`), then row labels at the row ends and seat numbers inside
/// the seats once zoomed — placed upright whatever the view's rotation, never overlapping,
/// never cut by the screen's edge, and faded in and out with the view's scale.
///
/// Every label is a `LabelSprite` rasterized once, at a fixed size: its capital letters are
/// `capHeightMillimetres` tall on the panel, the least the issue calls readable. A level shows
/// where its labels fit (a seat number inside its seat, a row label within the row pitch, a
/// name inside its region), fading in over the `fadeBand` of scale above that; a name fades
/// out over the band below where the next level of its side starts. At the overview a side's
/// name that does not fit on its tribunes sits beside them, just outside the stadium.
/// Placement is greedy in priority order (names, seats, rows) against a `LabelCollisionGrid`.
/// Per frame nothing is shaped and no string is built: nodes, seats and rows map to sprites
/// through flat index arrays made once per venue and panel density.
final class ChartLabels {
    enum Kind: UInt8 { case section, row, seat }

    /// One label as placed for a frame: its sprite, its centre and box (screen px), its
    /// opacity and, for a name, its `SectionHierarchy` node (else -1).
    struct Placed: Equatable {
        var kind: Kind
        var sprite: Int32
        var centre: Point
        var box: Rect
        var opacity: Double
        var node: Int32 = -1
    }

    /// The height of capital letters and digits on the panel, mm.
    static let capHeightMillimetres = 3.0
    /// DejaVu Sans (the kiosk's font): a capital's height is 1493 of the em's 2048 units.
    static let capHeightPerEm = 1493.0 / 2048
    /// Labels fade in over this fraction of scale above the scale where they fit.
    static let fadeBand = 0.15
    /// The clear space kept between a row label and the seat numbers and its end seat, mm.
    static let rowClearanceMillimetres = 1.0
    /// Label text and halo colours: white on a dark rim reads on every fill (≥ 4.5:1).
    static let textColor = Color.white
    static let haloColor = Color(red: 0.02, green: 0.04, blue: 0.09, alpha: 0.85)

    /// The panel density the sprites were made for, px/mm.
    let pixelsPerMillimetre: Double
    /// The em size of every label, px.
    let fontSize: Double
    private(set) var sprites: [LabelSprite] = []
    /// The text of each sprite ("\n" between lines).
    private(set) var spriteText: [String] = []
    /// Sprite of each seat's number (parallel to `Venue.seats`; -1 none).
    var seatSprite: [Int32] = []
    /// Per seat, 1 for a wheelchair space (its glyph covers the middle of the seat).
    var seatWheelchair: [UInt8] = []
    /// Sprite of each row's label (parallel to `Venue.rows`; -1 none).
    var rowSprite: [Int32] = []
    /// Per row, its two end seats' centres and the outward directions there (chart units).
    var rowEnd: [Point] = []
    var rowOut: [Vector] = []
    /// Per row, the end seats' size (chart units).
    var rowSeatSize: [Double] = []
    /// Per tribune, its outline's points (chart units; `outlineStart[t]..<outlineStart[t + 1]`).
    var outline: [Point] = []
    var outlineStart: [Int] = [0]
    /// Per tribune, its rows and seats; per seat, its centre (chart units).
    var tribuneRows: [Range<Int>] = []
    var tribuneSeats: [Range<Int>] = []
    let seatCentres: [Point]
    /// Per tribune, the chart → screen scale at which all its seat numbers fit in their seats,
    /// and at which its row labels fit in the row pitch.
    private(set) var seatFit: [Double] = []
    private(set) var rowFit: [Double] = []

    /// The section names' levels and, per node, its name on one line and on two (-1 none).
    let sections: SectionHierarchy
    var nodeSprite: [Int32] = []
    /// Per root, the least `seatFit` of its tribunes: where its names must have gone.
    var rootSeatFit: [Double] = []
    /// The chart's tribunes' bounding box (chart units).
    let tribuneBounds: Rect
    /// Per-frame scratch, sized once: each node's fit scale and sprite, each root's level
    /// windows (start, end of each level).
    var nodeFit: [Double] = []
    var nodeChoice: [Int32] = []
    var levelStart: [Double] = []
    var levelEnd: [Double] = []

    /// Whether labels fade in and out (else each is drawn whole or not at all: the high-contrast
    /// theme, where a half-faded label over the map would read below 7:1).
    var fades = true
    /// The labels of the last `place` call, in placement order.
    private(set) var placed: [Placed] = []
    var grid = LabelCollisionGrid()

    /// Labels for `venue` on a panel of `pixelsPerMillimetre`, drawn with `fonts` (regular for
    /// seats, bold for rows and names) by `renderer`.
    init(venue: Venue, pixelsPerMillimetre: Double, regular: FontChain, bold: FontChain, renderer: TextRenderer) {
        self.pixelsPerMillimetre = pixelsPerMillimetre
        fontSize = Self.capHeightMillimetres * pixelsPerMillimetre / Self.capHeightPerEm
        seatCentres = venue.seats.map(\.center)
        seatWheelchair = venue.seats.map { $0.flags.contains(.wheelchair) ? 1 : 0 }
        sections = SectionHierarchy(venue: venue)
        tribuneBounds = venue.tribunes.reduce(Rect.null) { $0.union($1.bounds) }
        let halo = max(2, Int((fontSize * 0.12).rounded()))
        var index: [String: Int32] = [:]
        func sprite(_ s: String, bold isBold: Bool) -> Int32 {
            let key = (isBold ? "B" : "R") + s
            if let i = index[key] { return i }
            let made = LabelSprite.make(s, fontSize: fontSize, fonts: isBold ? bold : regular, renderer: renderer, haloRadius: halo)
            let i = Int32(made.width > 0 ? sprites.count : -1)
            if made.width > 0 { sprites.append(made); spriteText.append(s) }
            index[key] = i
            return i
        }
        seatSprite = (0..<venue.seats.count).map { sprite(venue.seatNumbers[$0], bold: false) }
        rowSprite = (0..<venue.rows.count).map { sprite(venue.rowLabels[$0], bold: true) }
        for row in venue.rows { appendEnds(of: row, venue: venue) }
        for t in venue.tribunes { appendGeometry(of: t, venue: venue) }
        for name in sections.names {
            nodeSprite.append(sprite(name, bold: true))
            nodeSprite.append(SectionHierarchy.twoLines(name).map { sprite($0, bold: true) } ?? -1)
        }
        let nodes = sections.names.count
        rootSeatFit = Array(repeating: .infinity, count: nodes)
        for t in venue.tribunes.indices {
            let r = sections.root[sections.leaf[t]]
            rootSeatFit[r] = min(rootSeatFit[r], seatFit[t])
        }
        nodeFit = Array(repeating: .infinity, count: nodes)
        nodeChoice = Array(repeating: -1, count: nodes)
        levelStart = Array(repeating: 0, count: nodes * sections.levels)
        levelEnd = Array(repeating: 0, count: nodes * sections.levels)
    }

    private func appendEnds(of row: SeatRow, venue: Venue) {
        let seats = row.seats
        guard let first = seats.first, let last = seats.last else {
            rowEnd += [.zero, .zero]; rowOut += [.zero, .zero]; rowSeatSize.append(0)
            return
        }
        let a = venue.seats[first], b = venue.seats[last]
        func unit(_ from: Point, _ to: Point, _ fallback: Vector) -> Vector {
            let d = Vector(dx: to.x - from.x, dy: to.y - from.y)
            let n = (d.dx * d.dx + d.dy * d.dy).squareRoot()
            return n > 0 ? Vector(dx: d.dx / n, dy: d.dy / n) : fallback
        }
        // Outward: away from the neighbouring seat (a one-seat row: along the seat's width).
        let along = Vector(dx: cos(a.rotation), dy: sin(a.rotation))
        let outA = seats.count > 1 ? unit(venue.seats[first + 1].center, a.center, along) : Vector(dx: -along.dx, dy: -along.dy)
        let outB = seats.count > 1 ? unit(venue.seats[last - 1].center, b.center, along) : along
        rowEnd += [a.center, b.center]
        rowOut += [outA, outB]
        rowSeatSize.append(min(a.size, b.size))
    }

    private func appendGeometry(of t: Tribune, venue: Venue) {
        var smallest = Double.infinity, needSeat = 0.0, needRow = 0.0
        for s in t.seats {
            let r = venue.seats[s]
            smallest = min(smallest, r.size)
            let k = Int(seatSprite[s])
            // A number fits when its box's diagonal fits across the seat (any rotation).
            if k >= 0, r.size > 0 {
                let w = Double(sprites[k].width), h = Double(sprites[k].height)
                needSeat = max(needSeat, (w * w + h * h).squareRoot() / r.size)
            }
        }
        for row in t.rows where rowSprite[row] >= 0 && rowSeatSize[row] > 0 {
            needRow = max(needRow, Double(sprites[Int(rowSprite[row])].height) / rowSeatSize[row])
        }
        tribuneRows.append(t.rows)
        tribuneSeats.append(t.seats)
        seatFit.append(needSeat > 0 ? needSeat : .infinity)
        rowFit.append(needRow > 0 ? needRow : .infinity)
        outline += t.path.flattened(tolerance: max(smallest.isFinite ? smallest : 1, 1e-3) / 4).points
        outlineStart.append(outline.count)
    }

    /// 0 at `fit`, 1 at `fit` × (1 + `fadeBand`), linear between.
    static func fadeIn(scale s: Double, fit: Double) -> Double {
        guard fit.isFinite, fit > 0 else { return 0 }
        return min(max((s / fit - 1) / fadeBand, 0), 1)
    }

    /// 1 up to `end` / (1 + `fadeBand`), 0 from `end`, linear between (infinity: never fades).
    static func fadeOut(scale s: Double, end: Double) -> Double {
        guard end.isFinite else { return 1 }
        return 1 - fadeIn(scale: s * (1 + fadeBand), fit: end)
    }

    /// Places the labels for `view` on a `size` screen (px) and returns them (also `placed`).
    @discardableResult
    func place(view: ChartViewState, size: Size) -> [Placed] {
        place(view: view, within: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// Places the labels for `view` wholly inside `screen` (px: the part of the screen not
    /// under the chrome) and returns them (also `placed`). `paints` (`ChartScene`'s, per seat;
    /// empty: unknown), `marked` (bit `p` set: seats of paint `p` carry a mark, `MapStyle.markedPaints`)
    /// and `glyphTribune` (whose wheelchair spaces carry their glyph) say which seats show a
    /// mark (✓, ✕, …) or wheelchair in their middle: those get no number over it.
    @discardableResult
    func place(view: ChartViewState, within screen: Rect, paints: [UInt8] = [], marked: UInt32 = MapStyle(categories: []).markedPaints,
               glyphTribune: Int? = nil) -> [Placed] {
        placed.removeAll(keepingCapacity: true)
        grid.reset(size: Size(width: max(screen.maxX, 1), height: max(screen.maxY, 1)))
        let m = view.chartToScreen
        let s = abs(m.a * m.d - m.b * m.c).squareRoot()
        guard s.isFinite, s > 0, !screen.isEmpty else { return placed }
        placeSections(m, scale: s, rotation: atan2(m.b, m.a), restScale: view.homeScale, screen: screen)
        placeSeats(m, scale: s, screen: screen, paints: paints, marked: marked, glyphTribune: glyphTribune ?? -1)
        placeRows(m, scale: s, screen: screen)
        if !fades {
            // Half faded or more: shown whole, else not at all.
            placed = placed.compactMap { $0.opacity >= 0.5 ? Placed(kind: $0.kind, sprite: $0.sprite, centre: $0.centre, box: $0.box,
                                                                    opacity: 1, node: $0.node) : nil }
        }
        return placed
    }

    /// Adds a label to `placed` and the collision grid when its box (grown by `margin` px for
    /// the test) meets nothing placed; true when placed.
    @discardableResult
    func add(_ label: Placed, margin: Double = 0) -> Bool {
        if grid.collides(label.box.insetBy(dx: -margin, dy: -margin)) { return false }
        grid.insert(label.box, tag: Int32(label.kind.rawValue) << 24 | label.sprite)
        placed.append(label)
        return true
    }

    /// The box (px) of `sprite` centred at `c`.
    func box(of sprite: Int32, centre c: Point) -> Rect {
        let sp = sprites[Int(sprite)]
        let o = sp.topLeft(centreX: c.x, centreY: c.y)
        return Rect(x: Double(o.x), y: Double(o.y), width: Double(sp.width), height: Double(sp.height))
    }

    /// Draws the placed labels into `surface` (within `clip`).
    func draw(into surface: Surface, clip: PixelRect) {
        for p in placed {
            sprites[Int(p.sprite)].draw(centreX: p.centre.x, centreY: p.centre.y, color: Self.textColor,
                                        halo: Self.haloColor, opacity: p.opacity, into: surface, clip: clip)
        }
    }

    /// FNV-1a over the last placement (each label's sprite, pixel origin and opacity): equal
    /// signatures draw equal pixels.
    var signature: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: UInt64) { h = (h ^ v) &* 0x100_0000_01b3 }
        for p in placed {
            let o = sprites[Int(p.sprite)].topLeft(centreX: p.centre.x, centreY: p.centre.y)
            mix(UInt64(UInt32(bitPattern: p.sprite)))
            mix(UInt64(bitPattern: Int64(o.x)))
            mix(UInt64(bitPattern: Int64(o.y)))
            mix(p.opacity.bitPattern)
        }
        mix(UInt64(placed.count))
        return h
    }

    /// Sprite pixels the last placement blends (each twice: halo, then text): the label
    /// layer's per-frame cost, independent of the machine.
    var placedPixels: Int {
        placed.reduce(0) { $0 + sprites[Int($1.sprite)].width * sprites[Int($1.sprite)].height }
    }
}
