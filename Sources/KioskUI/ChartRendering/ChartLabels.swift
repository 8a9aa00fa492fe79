#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Seating
import Text

/// The chart's labels at three levels of detail — section (tribune) names at the overview, row
/// labels at both ends of each row and seat numbers inside the seats once zoomed — placed upright
/// whatever the view's rotation, never overlapping, never cut by the screen's edge, and faded in
/// and out with the view's scale.
///
/// Every label is a `LabelSprite` rasterized once, at a fixed size: its capital letters are
/// `capHeightMillimetres` tall on the panel, the least the issue calls readable. A level shows
/// where its labels fit (a seat number inside its seat, a row label within the row pitch, a
/// section name over its tribune), fading in over the `fadeBand` of scale above that; section
/// names fade out over the band just below where their tribune's seat numbers start.
/// Placement is greedy in priority order (sections, rows, seats) against a `LabelCollisionGrid`.
/// Per frame nothing is shaped and no string is built: seats and rows map to sprites through
/// flat index arrays made once per venue and panel density.
final class ChartLabels {
    enum Kind: UInt8 { case section, row, seat }

    /// One label as placed for a frame: its sprite, its centre and box (screen px) and opacity.
    struct Placed: Equatable {
        var kind: Kind
        var sprite: Int32
        var centre: Point
        var box: Rect
        var opacity: Double
    }

    /// The height of capital letters and digits on the panel, mm.
    static let capHeightMillimetres = 3.0
    /// DejaVu Sans (the kiosk's font): a capital's height is 1493 of the em's 2048 units.
    static let capHeightPerEm = 1493.0 / 2048
    /// Labels fade in over this fraction of scale above the scale where they fit.
    static let fadeBand = 0.15
    /// Label text and halo colours: white on a dark rim reads on every fill (≥ 4.5:1).
    static let textColor = Color.white
    static let haloColor = Color(red: 0.02, green: 0.04, blue: 0.09, alpha: 0.85)

    /// The panel density the sprites were made for, px/mm.
    let pixelsPerMillimetre: Double
    /// The em size of every label, px.
    let fontSize: Double
    private(set) var sprites: [LabelSprite] = []
    /// Sprite of each seat's number (parallel to `Venue.seats`; -1 none).
    private var seatSprite: [Int32] = []
    /// Sprite of each row's label (parallel to `Venue.rows`; -1 none).
    private var rowSprite: [Int32] = []
    /// Per row, its two end seats' centres and the outward directions there (chart units).
    private var rowEnd: [Point] = []
    private var rowOut: [Vector] = []
    /// Per row, the end seats' size (chart units).
    private var rowSeatSize: [Double] = []
    /// Per tribune, the name on one line and on two (-1 none), the centre of its seats and its
    /// outline's points (chart units; `outlineStart[t]..<outlineStart[t + 1]`).
    private var sectionSprite: [Int32] = []
    private var tribuneCentre: [Point] = []
    private var outline: [Point] = []
    private var outlineStart: [Int] = [0]
    /// Per tribune, its rows and seats; per seat, its centre (chart units).
    private var tribuneRows: [Range<Int>] = []
    private var tribuneSeats: [Range<Int>] = []
    private let seatCentres: [Point]
    /// Per tribune, the chart → screen scale at which all its seat numbers fit in their seats,
    /// and at which its row labels fit in the row pitch.
    private(set) var seatFit: [Double] = []
    private(set) var rowFit: [Double] = []

    /// The labels of the last `place` call, in placement order.
    private(set) var placed: [Placed] = []
    private var grid = LabelCollisionGrid()

    /// Labels for `venue` on a panel of `pixelsPerMillimetre`, drawn with `fonts` (regular for
    /// rows and seats, bold for sections) by `renderer`.
    init(venue: Venue, pixelsPerMillimetre: Double, regular: FontChain, bold: FontChain, renderer: TextRenderer) {
        self.pixelsPerMillimetre = pixelsPerMillimetre
        fontSize = Self.capHeightMillimetres * pixelsPerMillimetre / Self.capHeightPerEm
        seatCentres = venue.seats.map(\.center)
        let halo = max(2, Int((fontSize * 0.12).rounded()))
        var index: [String: Int32] = [:]
        func sprite(_ s: String, bold isBold: Bool) -> Int32 {
            let key = (isBold ? "B" : "R") + s
            if let i = index[key] { return i }
            let made = LabelSprite.make(s, fontSize: fontSize, fonts: isBold ? bold : regular, renderer: renderer, haloRadius: halo)
            let i = Int32(made.width > 0 ? sprites.count : -1)
            if made.width > 0 { sprites.append(made) }
            index[key] = i
            return i
        }
        seatSprite = (0..<venue.seats.count).map { sprite(venue.seatNumbers[$0], bold: false) }
        rowSprite = (0..<venue.rows.count).map { sprite(venue.rowLabels[$0], bold: true) }
        for row in venue.rows { appendEnds(of: row, venue: venue) }
        for t in venue.tribunes {
            sectionSprite.append(sprite(t.label, bold: true))
            let parts = t.label.components(separatedBy: " · ")
            sectionSprite.append(parts.count > 1 ? sprite(parts.joined(separator: "\n"), bold: true) : -1)
            appendGeometry(of: t, venue: venue)
        }
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
        var sum = Point(x: 0, y: 0), smallest = Double.infinity, needSeat = 0.0, needRow = 0.0
        for s in t.seats {
            let r = venue.seats[s]
            sum.x += r.center.x; sum.y += r.center.y
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
        let n = Double(t.seats.count)
        let bounds = t.path.boundingRect
        tribuneCentre.append(n > 0 ? Point(x: sum.x / n, y: sum.y / n) : Point(x: bounds.midX, y: bounds.midY))
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

    /// Places the labels for `view` on a `size` screen (px) and returns them (also `placed`).
    @discardableResult
    func place(view: ChartViewState, size: Size) -> [Placed] {
        place(view: view, within: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// Places the labels for `view` wholly inside `screen` (px: the part of the screen not
    /// under the chrome) and returns them (also `placed`).
    @discardableResult
    func place(view: ChartViewState, within screen: Rect) -> [Placed] {
        placed.removeAll(keepingCapacity: true)
        grid.reset(size: Size(width: max(screen.maxX, 1), height: max(screen.maxY, 1)))
        let m = view.chartToScreen
        let s = abs(m.a * m.d - m.b * m.c).squareRoot()
        guard s.isFinite, s > 0, !screen.isEmpty else { return placed }
        let tribunes = seatFit.count
        // Sections first: a name is placed when it fits over its tribune's on-screen box.
        for t in 0..<tribunes {
            let opacity = 1 - Self.fadeIn(scale: s * (1 + Self.fadeBand), fit: seatFit[t])
            guard opacity > 0, let area = screenBox(of: t, m), area.intersects(screen) else { continue }
            let c = tribuneCentre[t].applying(m)
            for k in sectionSprite[2 * t...2 * t + 1] where k >= 0 {
                let box = self.box(of: k, centre: c)
                guard area.contains(box), screen.contains(box) else { continue }
                if grid.place(box) { placed.append(Placed(kind: .section, sprite: k, centre: c, box: box, opacity: opacity)) }
                break
            }
        }
        placeRows(m, scale: s, screen: screen)
        placeSeats(m, scale: s, screen: screen)
        return placed
    }

    /// Tribune `t`'s outline on screen, bounding box (px).
    private func screenBox(of t: Int, _ m: AffineTransform) -> Rect? {
        let r = outlineStart[t]..<outlineStart[t + 1]
        guard !r.isEmpty else { return nil }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for i in r {
            let p = outline[i].applying(m)
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func box(of sprite: Int32, centre c: Point) -> Rect {
        let sp = sprites[Int(sprite)]
        let o = sp.topLeft(centreX: c.x, centreY: c.y)
        return Rect(x: Double(o.x), y: Double(o.y), width: Double(sp.width), height: Double(sp.height))
    }

    /// Row labels just beyond both end seats of each row, on tribunes zoomed enough.
    private func placeRows(_ m: AffineTransform, scale s: Double, screen: Rect) {
        for t in 0..<rowFit.count {
            let opacity = Self.fadeIn(scale: s, fit: rowFit[t])
            guard opacity > 0, let area = screenBox(of: t, m), area.insetBy(dx: -4 * fontSize, dy: -4 * fontSize).intersects(screen) else { continue }
            for row in tribuneRows[t] where rowSprite[row] >= 0 {
                let k = rowSprite[row], sp = sprites[Int(k)]
                for e in 2 * row...2 * row + 1 {
                    // Outward on screen, the label's box half a seat beyond the end seat's centre.
                    let p = rowEnd[e].applying(m)
                    let ox = m.a * rowOut[e].dx + m.c * rowOut[e].dy, oy = m.b * rowOut[e].dx + m.d * rowOut[e].dy
                    let n = (ox * ox + oy * oy).squareRoot()
                    guard n > 0 else { continue }
                    let ux = ox / n, uy = oy / n
                    let reach = rowSeatSize[row] * s * 0.6 + abs(ux) * Double(sp.width) / 2 + abs(uy) * Double(sp.height) / 2
                    let c = Point(x: p.x + ux * reach, y: p.y + uy * reach)
                    let b = box(of: k, centre: c)
                    guard screen.contains(b), grid.place(b) else { continue }
                    placed.append(Placed(kind: .row, sprite: k, centre: c, box: b, opacity: opacity))
                }
            }
        }
    }

    /// Seat numbers centred in their seats, on tribunes zoomed enough.
    private func placeSeats(_ m: AffineTransform, scale s: Double, screen: Rect) {
        for t in 0..<seatFit.count {
            let opacity = Self.fadeIn(scale: s, fit: seatFit[t])
            guard opacity > 0, let area = screenBox(of: t, m), area.intersects(screen) else { continue }
            for seat in tribuneSeats[t] where seatSprite[seat] >= 0 {
                let c = seatCentres[seat].applying(m)
                let b = box(of: seatSprite[seat], centre: c)
                guard screen.contains(b), grid.place(b) else { continue }
                placed.append(Placed(kind: .seat, sprite: seatSprite[seat], centre: c, box: b, opacity: opacity))
            }
        }
    }

    /// Draws the placed labels into `surface` (within `clip`).
    func draw(into surface: Surface, clip: PixelRect) {
        for p in placed {
            sprites[Int(p.sprite)].draw(centreX: p.centre.x, centreY: p.centre.y, color: Self.textColor,
                                        halo: Self.haloColor, opacity: p.opacity, into: surface, clip: clip)
        }
    }

    /// Sprite pixels the last placement blends (each twice: halo, then text): the label
    /// layer's per-frame cost, independent of the machine.
    var placedPixels: Int {
        placed.reduce(0) { $0 + sprites[Int($1.sprite)].width * sprites[Int($1.sprite)].height }
    }
}
