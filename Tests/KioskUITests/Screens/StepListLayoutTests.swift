import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// Step-through's lists at the eight panels of `ChromeLayoutTests`, in English and in the
/// pseudo-locale (+40 %): the party sizes, the sections (first and a later page), a section's
/// rows and a row's seats with two chosen. The entries lie inside the list's panel and the
/// screen, apart from each other and from the chart's area; items are at least 12 mm high and
/// every entry at least 9.6 mm both ways on the panel; text stays in its box, is never cut, does
/// not overlap other text and reads (WCAG contrast ≥ 4.5 measured on the rendered frame).
/// TRIBUNE_GALLERY=DIR writes the frames.
@Suite struct StepListLayoutTests {
    typealias Panel = ChromeLayoutTests.Panel

    /// Each list to lay out: a name and how to get there from a fresh step-through session.
    static let lists: [(name: String, reach: @Sendable (KioskDriver) -> Void)] = [
        ("step-party", { _ in }),
        ("step-sections", { d in StepThroughSessionTests.tap(.partySize(2), d) }),
        ("step-sections-more", { d in
            StepThroughSessionTests.tap(.partySize(2), d)
            StepThroughSessionTests.tap(.nextPage, d)
        }),
        ("step-rows", { d in
            StepThroughSessionTests.tap(.partySize(2), d)
            StepThroughSessionTests.tap(.section(d.rectTribune), d)
        }),
        ("step-seats", { d in
            StepThroughSessionTests.tap(.partySize(2), d)
            let t = d.rectTribune, rows = d.venue.tribunes[t].rows
            StepThroughSessionTests.tap(.section(t), d)
            let r = rows.lowerBound + rows.count / 2
            StepThroughSessionTests.tap(.row(r), d)
            let seats = d.venue.rows[r].seats
            StepThroughSessionTests.tap(.seat(seats.lowerBound + 1), d)
        }),
    ]

    static func driver(_ panel: Panel, pseudo: Bool, large: Bool = false) -> KioskDriver {
        let d = ChromeLayoutTests.driver(panel, pseudo: pseudo, standalone: false, party: true)
        d.run(to: 1.5)
        d.session.setAccessibility(AccessibilityOptions(largeText: large, stepThrough: true))
        return d
    }

    @Test(arguments: ChromeLayoutTests.panels, [false, true])
    func entriesFitApartAndLarge(panel: Panel, pseudo: Bool) throws {
        try Self.check(panel, pseudo: pseudo, large: false)
    }

    /// The 7" panels with large text, where the list stacks its title under Back, Previous and
    /// More (in English: the pseudo-locale's +40 % does not fit a third of a 7" row at 3.6 mm).
    @Test(arguments: ReceiptSeatLinesTests.panels.filter { $0.size.width * $0.size.height == 800 * 480 })
    func sevenInchLargeText(panel: Panel) throws {
        let d = Self.driver(panel, pseudo: false, large: true)
        #expect(StepListLayout.stacksTitle(d.session.layout), "the title beside the buttons at \(panel)")
        #expect(!StepListLayout.stacksTitle(Self.driver(panel, pseudo: false).session.layout), "stacked without large text at \(panel)")
        try Self.check(panel, pseudo: false, large: true)
    }

    static func check(_ panel: Panel, pseudo: Bool, large: Bool) throws {
        let screenRect = Rect(x: 0, y: 0, width: panel.size.width, height: panel.size.height)
        let ppm = panel.pixelsPerMillimetre
        var smallest = Double.infinity, worstContrast = Double.infinity, texts = 0
        for list in Self.lists {
            let d = Self.driver(panel, pseudo: pseudo, large: large)
            list.reach(d)
            d.run(to: d.now + 1.5)
            let whereAt = "\(list.name) at \(panel) \(pseudo ? "pseudo" : "English")\(large ? " large" : "")"
            let layout = d.session.stepListLayout()
            let entries = d.session.stepListEntries
            #expect(!entries.isEmpty, "no entries on \(whereAt)")
            #expect(screenRect.contains(layout.panel) && !layout.panel.intersects(layout.chartArea.insetBy(dx: 0.5, dy: 0.5)))
            #expect(layout.panel.minY >= d.session.layout.header.maxY && layout.panel.maxY <= d.session.layout.bottomBar.minY)
            for e in entries {
                #expect(layout.panel.contains(e.frame), "\(e.label) leaves the list on \(whereAt)")
                #expect(!e.label.isEmpty, "an entry without a label on \(whereAt)")
                let mm = min(e.frame.width, e.frame.height) / ppm
                smallest = min(smallest, mm)
                #expect(mm >= 9.6, "\(e.label) is \(mm) mm on \(whereAt)")
                switch e.action {
                case .back, .previousPage, .nextPage: break
                default: #expect(e.frame.height / ppm >= 12, "\(e.label) is \(e.frame.height / ppm) mm high on \(whereAt)")
                }
            }
            for (i, a) in entries.enumerated() {
                for b in entries[(i + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.label) overlaps \(b.label) on \(whereAt)") }
            }
            // The chart's controls (Buy, the cart) do not reach into the list.
            for c in KioskControl.allCases where c != .stepItem {
                if let r = d.session.frame(of: c) { #expect(!r.intersects(layout.panel), "\(c) under the list on \(whereAt)") }
            }
            let (text, background, all) = ChromeLayoutTests.frames(d)
            if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
                try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try? text.writePNG(to: "\(out)/\(list.name)-\(Int(panel.size.width))x\(Int(panel.size.height))-\(pseudo ? "pseudo" : "en")\(large ? "-large" : "").png",
                                   opaque: true)
            }
            let inList = all.filter { layout.panel.contains($0.container) }
            #expect(inList.count >= entries.count, "\(inList.count) texts for \(entries.count) entries on \(whereAt)")
            texts += inList.count
            for e in inList {
                #expect(!(e.essential && e.truncated), "'\(e.string)' cut on \(whereAt)")
                #expect(ChromeLayoutTests.grown(e.container, 1).contains(e.frame), "'\(e.string)' \(e.frame) out of \(e.container) on \(whereAt)")
                let c = ChromeLayoutTests.contrast(of: e, text: text, background: background)
                worstContrast = min(worstContrast, c)
                #expect(c >= 4.5, "'\(e.string)' contrast \(c) on \(whereAt)")
            }
            for (i, a) in inList.enumerated() {
                for b in inList[(i + 1)...] where ChromeLayoutTests.grown(a.frame, -0.5).intersects(ChromeLayoutTests.grown(b.frame, -0.5)) {
                    Issue.record("'\(a.string)' \(a.frame) overlaps '\(b.string)' \(b.frame) on \(whereAt)")
                }
            }
        }
        print("StepListLayout \(panel) \(pseudo ? "pseudo" : "English")\(large ? " large" : ""): \(texts) texts, smallest entry \(smallest) mm, lowest contrast \(worstContrast)")
    }
    /// The demo's key frame 18 (issue 27): a row's seats with the wheelchair filter on, the
    /// wheelchair space and its companion chosen — the longest details a seat has (category,
    /// price, state, wheelchair space) — at the 7" panels both ways, full HD both ways and 4K,
    /// with the usual and with large text: every text in the list is drawn whole, in its box.
    @Test(arguments: ReceiptSeatLinesTests.panels, [false, true])
    func wheelchairSeatsAreNotCut(panel: Panel, large: Bool) throws {
        let d = Self.driver(panel, pseudo: false, large: large)
        let venue = d.venue
        let space = try #require(venue.seats.indices.first { s in
            venue.seats[s].flags.contains(.wheelchair)
                && [s - 1, s + 1].contains { venue.rows[Int(venue.seats[s].row)].seats.contains($0) && venue.seats[$0].flags.contains(.companion) }
        })
        StepThroughSessionTests.tap(.partySize(2), d)
        StepThroughSessionTests.tap(.accessibleFilter, d)
        StepThroughSessionTests.tap(.section(Int(venue.seats[space].tribune)), d)
        StepThroughSessionTests.tap(.row(Int(venue.seats[space].row)), d)
        StepThroughSessionTests.tap(.seat(space), d)
        d.run(to: d.now + 1.5)
        let whereAt = "wheelchair seats at \(panel)\(large ? " large" : "")"
        #expect(d.session.selectedSeats.contains(space), "the wheelchair space not chosen on \(whereAt)")
        let layout = d.session.stepListLayout()
        let (text, _, all) = ChromeLayoutTests.frames(d)
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try? text.writePNG(to: "\(out)/step-wheelchair-\(Int(panel.size.width))x\(Int(panel.size.height))\(large ? "-large" : "").png",
                               opaque: true)
        }
        let inList = all.filter { layout.panel.contains($0.container) }
        let wheelchair = d.session.configuration.strings.wheelchairSpace
        #expect(inList.contains { $0.string.contains(wheelchair) }, "no wheelchair space's detail on \(whereAt)")
        // On the 7" panels with large text the list stacks its title under Back, Previous and
        // More, and the detail takes the item's whole width (it was cut there, and the title
        // beside the buttons was 66–83 px wide).
        for e in inList {
            #expect(!e.truncated, "'\(e.string)' cut on \(whereAt)")
            #expect(ChromeLayoutTests.grown(e.container, 1).contains(e.frame), "'\(e.string)' \(e.frame) out of \(e.container) on \(whereAt)")
        }
        let entries = d.session.stepListEntries
        for e in entries {
            #expect(layout.panel.contains(e.frame), "\(e.label) leaves the list on \(whereAt)")
            #expect(min(e.frame.width, e.frame.height) / panel.pixelsPerMillimetre >= 9.6, "\(e.label) under 9.6 mm on \(whereAt)")
        }
        for (i, a) in entries.enumerated() {
            for b in entries[(i + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.label) overlaps \(b.label) on \(whereAt)") }
        }
        for (i, a) in inList.enumerated() {
            for b in inList[(i + 1)...] where ChromeLayoutTests.grown(a.frame, -0.5).intersects(ChromeLayoutTests.grown(b.frame, -0.5)) {
                Issue.record("'\(a.string)' \(a.frame) overlaps '\(b.string)' \(b.frame) on \(whereAt)")
            }
        }
    }
}
