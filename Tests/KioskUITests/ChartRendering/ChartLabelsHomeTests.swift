import Foundation
import Testing
import Animation
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Section names at the overview, where one tribune is too small for its name: on the
/// 10,000-seat demo and a 60,000-seat stadium, at home on four panels of stated densities,
/// at least one name shows at full strength; every name drawn has capitals of at least 3 mm
/// (measured on its pixels), lies inside the safe area, meets no other label and lies on or
/// beside the tribunes it names — which the test works out from the names alone and checks
/// against the tribunes' outlines on screen.
@Suite struct ChartLabelsHomeTests {
    static let panels: [ChromeLayoutTests.Panel] = ChromeLayoutTests.panels.filter {
        [Size(width: 800, height: 480), Size(width: 1920, height: 1080), Size(width: 1080, height: 1920),
         Size(width: 3840, height: 2160)].contains($0.size)
    }
    static let venues = ["demo", "60k"]

    static func venue(_ name: String) -> Venue { name == "demo" ? ViewBounds.demoVenue : ViewBounds.bigVenue }

    /// A session of `venue` on `panel`, settled at home and rendered (TRIBUNE_GALLERY=DIR
    /// writes the frame).
    static func home(_ venue: Venue, on panel: ChromeLayoutTests.Panel, name: String) throws -> KioskSession {
        let clock = VirtualClock()
        var c = KioskSession.Configuration(screenSize: panel.size, pixelsPerMillimetre: panel.pixelsPerMillimetre)
        c.eventName = venue.name
        c.takePrices(from: venue)
        let session = KioskSession(venue: venue, configuration: c, clock: clock)
        clock.set(to: 3)
        session.advance(to: 3)
        let surface = Surface(width: Int(panel.size.width), height: Int(panel.size.height))
        _ = session.render(into: surface)
        if let dir = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try surface.writePNG(to: "\(dir)/labels-home-\(name)-\(Int(panel.size.width))x\(Int(panel.size.height)).png", opaque: true)
        }
        return session
    }

    /// The tribunes a drawn name names, from the names alone: the tribune of that name, the
    /// tribunes whose name is it and a number ("Ring 1 · North" → "Ring 1 · North 3"), or
    /// whose last part is it and a number ("North" → "Ring 2 · North 3", not "North-east 1").
    static func named(_ drawn: String, in venue: Venue) -> [Int] {
        // A line break stands for " · ", a space, or nothing after a hyphen.
        let joined = drawn.replacingOccurrences(of: "-\n", with: "-")
        let candidates = Set([joined.replacingOccurrences(of: "\n", with: " · "), joined.replacingOccurrences(of: "\n", with: " ")])
        return venue.tribunes.indices.filter {
            let label = venue.tribunes[$0].label
            let last = label.components(separatedBy: " · ").last ?? label
            return candidates.contains { name in label == name || label.hasPrefix(name + " ") || last.hasPrefix(name + " ") }
        }
    }

    /// The height in px of the leftmost glyph of a sprite's text (a capital in every section
    /// name): the longest run of rows with ink (coverage ≥ ½) within its columns.
    static func capHeight(_ sprite: LabelSprite) -> Int {
        func ink(_ x: Int, _ y: Int) -> Bool { sprite.text[y * sprite.width + x] >= 128 }
        func column(_ x: Int) -> Bool { (0..<sprite.height).contains { ink(x, $0) } }
        guard let x0 = (0..<sprite.width).first(where: column) else { return 0 }
        var x1 = x0
        while x1 + 1 < sprite.width && column(x1 + 1) { x1 += 1 }
        var best = 0, run = 0
        for y in 0..<sprite.height {
            run = (x0...x1).contains { ink($0, y) } ? run + 1 : 0
            best = max(best, run)
        }
        return best
    }

    enum Place { case on, beside }

    /// Whether a name drawn in `box` lies on the tribunes it names (its centre inside their
    /// screen box) or beside them (over no tribune, within its own height and 2 mm of one it
    /// names); nil when neither.
    static func `where`(_ box: Rect, _ text: String, _ venue: Venue, _ m: Geometry.AffineTransform, _ ppm: Double) -> Place? {
        let tribuneBoxes = venue.tribunes.map { ViewBounds.screenBox(of: $0.bounds, through: m) }
        let members = named(text, in: venue)
        guard !members.isEmpty else { return nil }
        let own = members.map { tribuneBoxes[$0] }.reduce(Rect.null) { $0.union($1) }
        if own.contains(Point(x: box.midX, y: box.midY)) { return .on }
        let clear = !tribuneBoxes.contains { $0.intersects(box) }
        let near = members.map { b -> Double in
            let r = tribuneBoxes[b]
            let dx = max(0, r.minX - box.maxX, box.minX - r.maxX), dy = max(0, r.minY - box.maxY, box.minY - r.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }.min() ?? .infinity
        return clear && near <= box.height + 2 * ppm ? .beside : nil
    }

    /// A stadium too small on screen for its sides' names (the demo 150–250 px wide at 6 px/mm
    /// on 800×480): the names that do not fit sit beside their tribunes, outside the stadium.
    @Test func besideWhenTheyDoNotFit() throws {
        let venue = ViewBounds.demoVenue
        let labels = try ChartLabelsTests.labels(venue, ppm: 6)
        let size = Size(width: 800, height: 480)
        var beside = 0
        for width in [150.0, 200.0, 250.0] {
            var v = ChartViewState(viewSize: size, chartSize: venue.size)
            v.rotation = 0
            v.zoomLimits = 1e-3...1e4
            let m0 = v.chartToScreen
            v.zoom = width / venue.size.width / abs(m0.a * m0.d - m0.b * m0.c).squareRoot()
            let p = v.screenPoint(fromChart: Point(x: venue.size.width / 2, y: venue.size.height / 2))
            v.offset = Vector(dx: size.width / 2 - p.x, dy: size.height / 2 - p.y)
            let placed = labels.place(view: v, size: size)
            #expect(!placed.isEmpty, "nothing named with the stadium \(width) px wide")
            for q in placed {
                let text = labels.spriteText[Int(q.sprite)]
                let w = Self.where(q.box, text, venue, v.chartToScreen, 6)
                #expect(w != nil, "\"\(text)\" at \(q.box) neither on nor beside its tribunes, stadium \(width) px")
                if w == .beside { beside += 1 }
            }
            for i in placed.indices { for j in placed.indices where j > i { #expect(!placed[i].box.intersects(placed[j].box)) } }
        }
        #expect(beside > 0)
    }

    @Test(arguments: panels, venues) func namesAtHome(panel: ChromeLayoutTests.Panel, venueName: String) throws {
        let venue = Self.venue(venueName)
        let session = try Self.home(venue, on: panel, name: venueName)
        let labels = try #require(session.frameCache.labels)
        let placed = labels.placed
        let names = placed.filter { $0.kind == .section }
        let m = session.interaction.presentedView.chartToScreen
        let safe = session.layout.safeArea
        let ppm = panel.pixelsPerMillimetre
        #expect(names.contains { $0.opacity == 1 }, "no name at full strength at home on \(panel), \(venueName)")
        #expect(!placed.contains { $0.kind != .section }, "rows or seat numbers at the overview")
        for p in names {
            let sprite = labels.sprites[Int(p.sprite)], text = labels.spriteText[Int(p.sprite)]
            let cap = Self.capHeight(sprite)
            #expect(Double(cap) >= 3 * ppm - 1, "\"\(text)\" capitals \(cap) px < 3 mm at \(ppm) px/mm")
            #expect(ViewBounds.contains(safe, p.box, tolerance: 0), "\"\(text)\" \(p.box) outside the safe area \(safe)")
            #expect(Self.where(p.box, text, venue, m, ppm) != nil, "\"\(text)\" at \(p.box) neither on nor beside its tribunes")
        }
        for i in placed.indices {
            for j in placed.indices where j > i {
                #expect(!placed[i].box.intersects(placed[j].box), "\(placed[i].box) and \(placed[j].box) overlap")
            }
        }
        print("home \(venueName) \(panel): \(names.count) names: \(names.map { labels.spriteText[Int($0.sprite)].replacingOccurrences(of: "\n", with: " ") })")
    }

    /// The names' levels come from the names: a side, a stand, a tribune.
    @Test func levelsFromTheNames() {
        let ring: [String?] = ["North", "Ring 4 · North", "Ring 4 · North 2"], block: [String?] = [nil, nil, "Block A"]
        let upper: [String?] = [nil, "Upper", "Upper 104"]
        #expect(SectionHierarchy.names(of: "Ring 4 · North 2") == ring)
        #expect(SectionHierarchy.names(of: "Block A") == block)
        #expect(SectionHierarchy.names(of: "Upper 104") == upper)
        #expect(SectionHierarchy.twoLines("Ring 1 · North-east 2") == "Ring 1\nNorth-east 2")
        #expect(SectionHierarchy.twoLines("North-east") == "North-\neast")
        #expect(SectionHierarchy.twoLines("North") == nil)
        let h = SectionHierarchy(venue: ViewBounds.demoVenue)
        #expect(h.levels == 3)
        // Demo: 8 sides (4 straight, 4 corners), 2 rings of 8 stands, 38 tribunes.
        #expect(h.level.filter { $0 == 0 }.count == 8)
        #expect(h.level.filter { $0 == 1 }.count == 16)
        #expect(h.level.filter { $0 == 2 }.count == ViewBounds.demoVenue.tribunes.count)
    }
}
