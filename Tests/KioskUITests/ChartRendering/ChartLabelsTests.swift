import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The chart's labels: readable size, levels of detail with their fades, upright placement on
/// rotated views, no two overlapping, and contrast on every fill, measured on pixels.
@Suite struct ChartLabelsTests {
    static let ppm = 4.0

    /// Labels of `venue`, with fonts of their own (a text renderer is not shared between tests
    /// running in parallel).
    static func labels(_ venue: Venue = KioskDriver.design, ppm: Double = ppm, fonts f: TextRendererBox = TextRendererBox()) throws -> ChartLabels {
        let renderer = try #require(f.renderer), regular = try #require(f.regular), bold = try #require(f.bold)
        return ChartLabels(venue: venue, pixelsPerMillimetre: ppm, regular: regular, bold: bold, renderer: renderer)
    }

    /// The first straight (rect) tribune of the design venue.
    static var rectTribune: Int { KioskDriver.design.tribunes.firstIndex { $0.kind == .rect } ?? 0 }
    static var arcTribune: Int { KioskDriver.design.tribunes.firstIndex { $0.kind == .arc } ?? 0 }

    /// A view of `size` scaled so tribune `t`'s seats are `seatMillimetres` on the panel, centred
    /// on the tribune's middle seat (or on `centre`, chart units) and turned by `rotation`.
    static func view(size: Size, tribune t: Int, seatMillimetres: Double, rotation: Double, centre: Point? = nil) -> ChartViewState {
        let venue = KioskDriver.design
        let seats = venue.tribunes[t].seats
        let seat = venue.seats[seats.lowerBound + seats.count / 2]
        var v = ChartViewState(viewSize: size, chartSize: venue.size)
        v.rotation = rotation
        v.zoomLimits = 1e-3...1e4
        v.zoom = 1
        let m = v.chartToScreen
        let base = abs(m.a * m.d - m.b * m.c).squareRoot()
        v.zoom = seatMillimetres * ppm / (seat.size * base)
        let p = v.screenPoint(fromChart: centre ?? seat.center)
        v.offset = Vector(dx: size.width / 2 - p.x, dy: size.height / 2 - p.y)
        return v
    }

    /// Capitals are 3 mm tall on the panel: the ink of "H" in a seat-number sprite, counted in
    /// rows at least half covered, is 3 mm × px/mm (12 px at 4 px/mm, 21 at 7) within a pixel.
    @Test(arguments: [4.0, 7.0]) func capitalsAreThreeMillimetres(ppm: Double) throws {
        let f = TextRendererBox()
        let l = try Self.labels(ppm: ppm, fonts: f)
        let sprite = LabelSprite.make("H", fontSize: l.fontSize, fonts: try #require(f.regular), renderer: try #require(f.renderer),
                                      haloRadius: 2)
        var rows = 0
        for y in 0..<sprite.height where (0..<sprite.width).contains(where: { sprite.text[y * sprite.width + $0] >= 128 }) { rows += 1 }
        #expect(abs(Double(rows) - 3 * ppm) <= 1, "H is \(rows) px at \(ppm) px/mm")
    }

    /// The overview shows no row labels or seat numbers; a tribune zoomed to 15 mm seats shows
    /// every on-screen seat's number at full opacity, inside its seat (the box's diagonal within
    /// the seat's side on screen, measured between two of its corners), and row labels.
    @Test func levelsOfDetail() throws {
        let l = try Self.labels()
        let size = Size(width: 1920, height: 1080)
        var home = ChartViewState(viewSize: size, chartSize: KioskDriver.design.size)
        home.rotation = 0
        let overview = l.place(view: home, size: size)
        #expect(!overview.contains { $0.kind != .section })
        let t = Self.rectTribune
        let v = Self.view(size: size, tribune: t, seatMillimetres: 15, rotation: 0)
        let zoomed = l.place(view: v, size: size)
        let seats = zoomed.filter { $0.kind == .seat }
        #expect(seats.count > 50)
        #expect(zoomed.contains { $0.kind == .row })
        #expect(!zoomed.contains { $0.kind == .section })
        let venue = KioskDriver.design
        let record = venue.seats[venue.tribunes[t].seats.lowerBound]
        let a = v.screenPoint(fromChart: Point(x: record.center.x - record.size / 2, y: record.center.y))
        let b = v.screenPoint(fromChart: Point(x: record.center.x + record.size / 2, y: record.center.y))
        let side = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        #expect(abs(side - 15 * Self.ppm) < 0.01)
        for s in seats {
            #expect(s.opacity == 1)
            #expect((s.box.width * s.box.width + s.box.height * s.box.height).squareRoot() <= side)
        }
    }

    /// Seat numbers fade in over the 15 % of scale above where they fit: 0 at the fit, ½ at
    /// 7.5 % above it, 1 from 15 % above; the tribune's name fades out over the band below.
    @Test func fadeFollowsTheScale() throws {
        let f = TextRendererBox()
        let l = try Self.labels(fonts: f)
        let t = Self.rectTribune
        let fit = l.seatFit[t]
        #expect(ChartLabels.fadeIn(scale: fit, fit: fit) == 0)
        #expect(abs(ChartLabels.fadeIn(scale: fit * 1.075, fit: fit) - 0.5) < 1e-9)
        #expect(abs(ChartLabels.fadeIn(scale: fit * 1.15, fit: fit) - 1) < 1e-9)
        #expect(ChartLabels.fadeIn(scale: fit * 3, fit: fit) == 1)
        // The fit itself: the widest number's box diagonal equals the smallest seat's side.
        let venue = KioskDriver.design
        var need = 0.0
        for s in venue.tribunes[t].seats {
            let text = venue.seatNumbers[s]
            let sp = LabelSprite.make(text, fontSize: l.fontSize, fonts: try #require(f.regular), renderer: try #require(f.renderer),
                                      haloRadius: max(2, Int((l.fontSize * 0.12).rounded())))
            need = max(need, (Double(sp.width * sp.width + sp.height * sp.height)).squareRoot() / venue.seats[s].size)
        }
        #expect(abs(need - fit) < 1e-9)
    }

    /// No two labels overlap, at every level, on rotated views of straight and arc tribunes
    /// (every pair of boxes compared); seat numbers stay upright and centred on their seats.
    @Test(arguments: [0.0, 0.5, 1.9, -2.7]) func neverOverlapAndStayUpright(rotation: Double) throws {
        let l = try Self.labels()
        let venue = KioskDriver.design
        for size in [Size(width: 1920, height: 1080), Size(width: 1080, height: 1920), Size(width: 800, height: 480)] {
            for t in [Self.rectTribune, Self.arcTribune] {
                for mm in [4.0, 7.0, 8.5, 11.0, 20.0] {
                    let v = Self.view(size: size, tribune: t, seatMillimetres: mm, rotation: rotation)
                    let placed = l.place(view: v, size: size)
                    for i in placed.indices {
                        for j in placed.indices where j > i {
                            let a = placed[i].box, b = placed[j].box
                            let overlap = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
                            #expect(!overlap, "\(placed[i].kind) \(a) and \(placed[j].kind) \(b) at \(mm) mm, \(rotation) rad")
                        }
                    }
                    // Upright: a seat number's box is the sprite itself, centred on the seat.
                    for p in placed where p.kind == .seat {
                        #expect(abs(p.box.midX - p.centre.x) <= 0.5 && abs(p.box.midY - p.centre.y) <= 0.5)
                    }
                    if let first = placed.first(where: { $0.kind == .seat }) {
                        let seat = venue.seats.first { $0.center.applying(v.chartToScreen).distance(to: first.centre) < 0.01 }
                        #expect(seat != nil, "a seat number off its seat")
                    }
                }
            }
        }
    }
}

/// The label layer's per-frame cost, counted rather than timed: labels placed and sprite pixels
/// blended (each twice, halo then text) for the busiest views — a tribune zoomed so seat numbers
/// just show at full opacity, at every gallery size, on the 10,000-seat design — must stay
/// within a third of the screen's pixels (the chart itself writes every pixel once).
@Suite struct ChartLabelsCostTests {
    @Test(arguments: ScreenGalleryTests.sizes) func blendsAFractionOfTheScreen(size: Size) throws {
        let l = try ChartLabelsTests.labels()
        let t = ChartLabelsTests.rectTribune
        let venue = KioskDriver.design
        let seat = venue.seats[venue.tribunes[t].seats.lowerBound]
        // Seats just big enough for every number at full opacity: the fit scale plus the band.
        let mm = l.seatFit[t] * (1 + ChartLabels.fadeBand) * seat.size / ChartLabelsTests.ppm
        let v = ChartLabelsTests.view(size: size, tribune: t, seatMillimetres: mm, rotation: 0.3)
        let placed = l.place(view: v, size: size)
        let pixels = 2 * l.placedPixels
        let surface = Surface(width: Int(size.width), height: Int(size.height))
        l.draw(into: surface, clip: surface.bounds)
        print("label cost at \(size): \(placed.count) labels, \(pixels) pixels blended, seats \(String(format: "%.1f", mm)) mm")
        #expect(placed.count > 100)
        #expect(Double(pixels) <= size.width * size.height / 3)
    }
}
