import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Tapping a legend entry picks its seats out on the map: tribunes and seats of every other
/// look fade toward the background (each channel moved `SeatLook.highlightFade` of the way),
/// the entry's own stay as they were; the highlight ends after its time or on a second tap.
@Suite struct KioskSessionLegendHighlightTests {
    /// The centre of the first tribune whose seats are all of category `c`.
    static func tribune(ofCategory c: Int, _ d: KioskDriver) -> Int {
        d.venue.tribunes.indices.first { t in d.venue.tribunes[t].seats.allSatisfy { Int(d.venue.seats[$0].category) == c } }!
    }

    /// The 5 × 5 pixels around `p`.
    static func block(_ s: Surface, _ p: Point) -> [PremultipliedPixel] {
        var out: [PremultipliedPixel] = []
        for dy in -2...2 { for dx in -2...2 { out.append(s.pixel(x: Int(p.x) + dx, y: Int(p.y) + dy)) } }
        return out
    }

    @Test func legendTapFadesOtherCategoriesAndExpires() throws {
        let d = KioskDriver()
        d.run(to: 1.2)
        let content = d.session.content
        let entry = try #require(content.legend.firstIndex { $0.status == .free(category: 0) })
        let cell = d.session.layout.legendCells[entry]
        let own = Self.tribune(ofCategory: 0, d), other = Self.tribune(ofCategory: 1, d)
        let before = d.render()
        let ownBefore = Self.block(before, d.tribunePoint(own)), otherBefore = Self.block(before, d.tribunePoint(other))

        d.tap(Point(x: cell.midX, y: cell.midY))
        #expect(d.session.activeLegendHighlight == .free(category: 0))
        let after = d.render()
        #expect(Self.block(after, d.tribunePoint(own)) == ownBefore)
        // Faded: each channel moved 0.72 of the way to the background (±3 for rounding).
        let bg = ChartRenderer().background.premultiplied
        for (was, now) in zip(otherBefore, Self.block(after, d.tribunePoint(other))) {
            for (w, n, b) in [(was.red, now.red, bg.red), (was.green, now.green, bg.green), (was.blue, now.blue, bg.blue)] {
                let expected = Double(w) + (Double(b) - Double(w)) * SeatLook.highlightFade
                #expect(abs(Double(n) - expected) <= 3, "\(was) → \(now), expected \(expected)")
            }
        }
        // After its time the map is as before.
        d.run(to: d.now + KioskSession.legendHighlightDuration + 0.1)
        #expect(d.session.activeLegendHighlight == nil)
        #expect(Self.block(d.render(), d.tribunePoint(other)) == otherBefore)
    }

    @Test func aSecondTapEndsItAndAnotherEntrySwitches() throws {
        let d = KioskDriver()
        d.run(to: 1.2)
        let cells = d.session.layout.legendCells, legend = d.session.content.legend
        #expect(legend.count >= 2)
        let a = Point(x: cells[0].midX, y: cells[0].midY), b = Point(x: cells[1].midX, y: cells[1].midY)
        d.tap(a)
        #expect(d.session.activeLegendHighlight == legend[0].status)
        d.tap(b)
        #expect(d.session.activeLegendHighlight == legend[1].status)
        d.tap(b)
        #expect(d.session.activeLegendHighlight == nil)
        // The legend is a control only where it has entries, and never the chart's.
        #expect(d.session.frame(of: .legend).map { cells[0].union(cells[legend.count - 1]).contains($0.center) } == true)
    }

    /// Any chart gesture or other control ends the highlight at once (before its 6 s are up);
    /// a touch on the bar's empty part does not.
    @Test func chartGesturesAndOtherControlsEndIt() throws {
        let d = KioskDriver()
        d.run(to: 1.2)
        let cell = d.session.layout.legendCells[0], bar = d.session.layout.bottomBar
        func highlight() {
            d.tap(cell.center)
            #expect(d.session.activeLegendHighlight == d.session.content.legend[0].status)
        }
        highlight()
        d.tap(Point(x: bar.maxX - 4, y: bar.minY + 4))   // the bar beside Buy: no control
        #expect(d.session.activeLegendHighlight != nil)
        d.tap(d.tribunePoint(d.rectTribune))               // a tap on the chart (zooms in)
        #expect(d.session.activeLegendHighlight == nil)
        d.run(to: d.now + 1.1)
        highlight()
        d.tap(.cart)
        #expect(d.session.activeLegendHighlight == nil)
        highlight()
        let safe = d.session.layout.safeArea
        d.pinch(centre: Point(x: safe.midX, y: safe.midY), from: 200, to: 300)
        #expect(d.session.activeLegendHighlight == nil)
        d.run(to: d.now + 1)
        highlight()
        d.tap(.zoomOut)
        #expect(d.session.activeLegendHighlight == nil)
        // Left alone it still runs its 6 s: on at 5.9 s, off at 6 s.
        d.run(to: d.now + 1)
        highlight()
        let start = try #require(d.session.legendHighlight).until - KioskSession.legendHighlightDuration
        d.run(to: start + 5.9)
        #expect(d.session.activeLegendHighlight != nil)
        d.run(to: start + 6)
        #expect(d.session.activeLegendHighlight == nil)
    }

    /// On a 7" panel the legend folds: its toggle (9 mm or more) opens a panel over the chart
    /// with 9 mm entries; an entry highlights its seats and closes the panel; a touch on the
    /// chart closes it; what the panel covered is the chart again, pixel for pixel.
    @Test func foldedLegendOpensHighlightsAndCloses() throws {
        let d = KioskDriver(size: Size(width: 800, height: 480)) { $0.pixelsPerMillimetre = 6 }
        let layout = d.session.layout
        #expect(layout.legendFolds)
        d.run(to: 1.2)
        let surface = d.render()
        let closed = d.render()
        #expect(d.session.frame(of: .legend) == nil)
        let toggle = try #require(d.session.frame(of: .legendToggle))
        #expect(min(toggle.width, toggle.height) >= 9 * 6)
        d.tap(toggle.center)
        #expect(d.session.snapshot().bar.legendOpen)
        let entries = try #require(d.session.frame(of: .legend))
        #expect(layout.legendPanel.contains(entries) && !entries.intersects(layout.bottomBar))
        for cell in layout.legendCells { #expect(min(cell.width, cell.height) >= 9 * 6) }
        d.session.render(into: surface)
        #expect(surface.pngData() != closed.pngData())
        // An entry: highlighted, and the panel closes so the map shows it.
        d.tap(layout.legendCells[2].center)
        #expect(d.session.activeLegendHighlight == d.session.content.legend[2].status)
        #expect(!d.session.snapshot().bar.legendOpen)
        // Open again (the toggle is another control: the highlight ends), then a chart tap closes it.
        d.tap(toggle.center)
        #expect(d.session.snapshot().bar.legendOpen && d.session.activeLegendHighlight == nil)
        d.session.render(into: surface)
        let safe = layout.safeArea
        d.tap(Point(x: safe.minX + 4, y: safe.minY + 4))
        #expect(!d.session.snapshot().bar.legendOpen)
        d.run(to: d.now + 2)
        // Repainting only the damage leaves the same pixels as a full render.
        d.session.render(into: surface)
        #expect(surface.pngData() == d.render().pngData())
    }
}
