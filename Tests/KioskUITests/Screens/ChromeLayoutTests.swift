import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// Every screen's chrome, at six panels with stated densities, in English and in the
/// pseudo-locale (+40 %): the text boxes as the real shaper laid them out do not intersect,
/// stay in their boxes and are never cut when essential; controls are at least 9 mm on the
/// panel and never overlap; all chrome text has a WCAG 2 contrast of at least 4.5:1 against the
/// pixels it is drawn on, measured on the rendered frame. TRIBUNE_GALLERY=DIR writes the frames.
@Suite struct ChromeLayoutTests {
    /// A panel: its logical size, its density (px/mm) and what it is.
    struct Panel: CustomStringConvertible, Sendable {
        var size: Size
        var pixelsPerMillimetre: Double
        var name: String
        var description: String { "\(Int(size.width))x\(Int(size.height)) \(name)" }
    }

    /// Densities from the diagonals: 800 px over a 7" 15:9 panel's 152 mm ≈ 5.2, rounded up to
    /// the 6 px/mm of the denser 7" panels; 1024 px over 10.4" 4:3 (211 mm) 4.85; 1280 px over
    /// 10.1" 16:10 (218 mm) 5.9; 1920 px over 24" 16:9 (531 mm) 3.6; 3840 px over 32" (708 mm) 5.4.
    static let panels = [
        Panel(size: Size(width: 800, height: 480), pixelsPerMillimetre: 6, name: "7-inch"),
        Panel(size: Size(width: 1024, height: 768), pixelsPerMillimetre: 4.85, name: "10.4-inch 4:3"),
        Panel(size: Size(width: 1280, height: 800), pixelsPerMillimetre: 5.9, name: "10.1-inch 16:10"),
        Panel(size: Size(width: 1920, height: 1080), pixelsPerMillimetre: 3.6, name: "24-inch"),
        Panel(size: Size(width: 1080, height: 1920), pixelsPerMillimetre: 3.6, name: "24-inch portrait"),
        Panel(size: Size(width: 3840, height: 2160), pixelsPerMillimetre: 5.4, name: "32-inch 4K"),
        Panel(size: Size(width: 480, height: 800), pixelsPerMillimetre: 6, name: "7-inch portrait"),
        Panel(size: Size(width: 768, height: 1024), pixelsPerMillimetre: 4.85, name: "10.4-inch 4:3 portrait"),
    ]

    static let longReason = "The seat was sold at another kiosk a moment ago and your card was not charged. "
        + "Please choose other seats and try again."

    /// Each screen to lay out: a name, whether the kiosk is standalone, and how to get there.
    static let screens: [(name: String, standalone: Bool, reach: @Sendable (KioskDriver, Bool) -> Void)] = [
        ("stadium-standalone", true, { d, _ in d.run(to: 1.5); d.tap(.buy); d.tap(.reviewConfirm); d.run(to: d.now + 0.5) }),
        ("tribune-held", false, { d, _ in heldSeats(d, left: 600); d.run(to: d.now + 0.5) }),
        // The hold's last minute over the chart: the urgent countdown and More time above Buy.
        ("tribune-urgent", false, { d, _ in heldSeats(d, left: 45); d.run(to: d.now + 0.5) }),
        ("cart", false, { d, _ in heldSeats(d, left: 600); d.tap(.cart); d.run(to: d.now + 0.5) }),
        ("cart-urgent", false, { d, _ in heldSeats(d, left: 45); d.tap(.cart); d.run(to: d.now + 0.5) }),
        ("review", false, { d, _ in heldSeats(d, left: 600); d.tap(.buy); d.run(to: d.now + 0.5) }),
        ("review-urgent", false, { d, _ in heldSeats(d, left: 45); d.tap(.buy); d.run(to: d.now + 0.5) }),
        ("processing", false, { d, _ in
            let t = d.zoomIn()
            d.tap(d.seatPoint(d.middleSeats(t).0)); d.tap(.buy); d.tap(.reviewConfirm); d.run(to: d.now + 0.5)
        }),
        ("receipt", false, { d, _ in
            let t = d.zoomIn()
            let (a, b) = d.middleSeats(t)
            d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b)); d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchased(orderID: "ORD-1", seats: [a, b].map { d.venue.seatIDs[$0] })); d.run(to: d.now + 0.5)
        }),
        ("purchase-failed", false, { d, pseudo in
            let t = d.zoomIn()
            d.tap(d.seatPoint(d.middleSeats(t).0)); d.tap(.buy); d.tap(.reviewConfirm)
            d.session.receive(.purchaseFailed(reason: pseudo ? KioskStrings.pseudoLocalized(longReason) : longReason))
            d.run(to: d.now + 0.5)
        }),
        ("idle-prompt", false, { d, _ in d.run(to: 1.5); d.touchHeader(); d.run(to: d.now + d.session.configuration.idleTimeout + 3.5) }),
        ("out-of-service", false, { d, _ in d.run(to: 1.5); d.session.receive(.service(code: "BO-503")) }),
        ("attract", false, { d, _ in
            let c = d.session.configuration
            d.run(to: 1.5); d.touchHeader(); d.run(to: d.now + c.idleTimeout + c.idlePromptDuration + 5)
        }),
        // The longest callout: a wheelchair space (five lines), zoomed in about it and tapped.
        ("callout-wheelchair", false, { d, _ in
            let seat = wheelchairSeat(d)
            d.run(to: 1.5); d.tap(d.seatPoint(seat)); d.run(to: d.now + 1.1)
            d.tap(d.seatPoint(seat)); d.run(to: d.now + 0.5)
        }),
        // The legend as a visitor opens it: the folded legend's panel, else an entry highlighted.
        ("legend", false, { d, _ in
            d.run(to: 1.5)
            let l = d.session.layout
            d.tap(l.legendFolds ? l.legendToggle.center : l.legendCells[1].center); d.run(to: d.now + 0.5)
        }),
    ]

    /// Two seats of a tribune chosen and held for `left` more seconds.
    static func heldSeats(_ d: KioskDriver, left: Double) {
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        for s in [a, b] { d.session.receive(.seatHeld(d.venue.seatIDs[s], expiresAt: d.now + left)) }
    }

    /// The wheelchair space nearest the middle of its tribune.
    static func wheelchairSeat(_ d: KioskDriver) -> Int {
        let seats = d.venue.seats.indices.filter { d.venue.seats[$0].flags.contains(.wheelchair) }
        let t = Int(d.venue.seats[seats[0]].tribune), b = d.venue.tribunes[t].bounds
        let mid = Point(x: b.midX, y: b.midY)
        return seats.filter { Int(d.venue.seats[$0].tribune) == t }.min { d.venue.seats[$0].center.distance(to: mid) < d.venue.seats[$1].center.distance(to: mid) }!
    }

    /// A session on `panel` in English or the pseudo-locale, driven to `screen`; `party`: with
    /// party size first; `rightToLeft`: in Arabic, the chrome mirrored.
    static func driver(_ panel: Panel, pseudo: Bool, standalone: Bool, party: Bool = false, rightToLeft: Bool = false,
                       mountBottom: Double? = nil) -> KioskDriver {
        KioskDriver(size: panel.size) { c in
            c.mountBottomMillimetres = mountBottom
            c.pixelsPerMillimetre = panel.pixelsPerMillimetre
            c.partySizeFirst = party
            c.eventDate = EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45)
            c.boxOfficeConfigured = !standalone
            if pseudo {
                c.strings = .pseudo
                c.eventName = KioskStrings.pseudoLocalized(c.eventName)
            }
            if rightToLeft {
                c.rightToLeft = true
                c.strings = .arabic
                c.eventName = KioskStrings.arabicEventName
            }
        }
    }

    /// The frame with its text and without (the background under the glyphs), and the text boxes.
    static func frames(_ d: KioskDriver) -> (text: Surface, background: Surface, entries: [ChromeTextLog.Entry]) {
        let s = d.session
        func draw(_ log: ChromeTextLog) -> Surface {
            let surface = Surface(width: Int(s.layout.size.width), height: Int(s.layout.size.height))
            var painter = s.painter
            painter.log = log
            s.invalidateFrameCache()
            s.render(into: surface, with: painter)
            return surface
        }
        let log = ChromeTextLog()
        let text = draw(log)
        let bare = ChromeTextLog()
        bare.drawsText = false
        return (text, draw(bare), log.entries)
    }

    @Test(arguments: panels, [false, true])
    func textBoxesFitDoNotOverlapAndRead(panel: Panel, pseudo: Bool) {
        Self.checkTextBoxes(panel: panel, pseudo: pseudo)
    }

    /// Each screen's text boxes on `panel` fit, do not overlap and read (contrast ≥ 4.5:1), in
    /// English, the pseudo-locale or (`rightToLeft`) Arabic.
    /// `accessibility`: turned on before each screen is reached (and again after, for the
    /// screens a reset leads to); large text asks for 7:1.
    static func checkTextBoxes(panel: Panel, pseudo: Bool, rightToLeft: Bool = false, accessibility: AccessibilityOptions = .off) {
        let language = (rightToLeft ? "ar" : pseudo ? "pseudo" : "en") + (accessibility.largeText ? "-large" : "")
        let least = accessibility.largeText ? 7.0 : 4.5
        let screenRect = Rect(x: 0, y: 0, width: panel.size.width, height: panel.size.height)
        var worstContrast = Double.infinity, worstText = "", checked = 0
        for screen in Self.screens + Self.partyScreens {
            let d = Self.driver(panel, pseudo: pseudo, standalone: screen.standalone, party: screen.name.hasPrefix("party"),
                                rightToLeft: rightToLeft)
            d.session.setAccessibility(accessibility)
            screen.reach(d, pseudo)
            d.session.setAccessibility(accessibility)
            d.run(to: d.now + 0.5)
            let (text, background, all) = Self.frames(d)
            if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
                try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try? text.writePNG(to: "\(out)/\(screen.name)-\(Int(panel.size.width))x\(Int(panel.size.height))-\(language).png",
                                   opaque: true)
            }
            let whereAt = "\(screen.name) at \(panel) \(language)"
            #expect(!all.isEmpty, "no text on \(whereAt)")
            if screen.name == "callout-wheelchair" {
                // The callout is shown, and its lines are checked with the rest of the chrome.
                let strings = d.session.content.strings
                #expect(d.session.snapshot().callout != nil, "no callout on \(whereAt)")
                #expect(all.contains { $0.string.contains(strings.wheelchairSpace) }, "no wheelchair line on \(whereAt)")
                #expect(all.contains { $0.string == strings.addedToSeats }, "no outcome line on \(whereAt)")
            }
            if screen.name == "legend" {
                #expect(d.session.layout.legendFolds ? d.session.snapshot().bar.legendOpen : d.session.activeLegendHighlight != nil,
                        "legend not open or highlighted on \(whereAt)")
            }
            let entries = Self.inFront(all, d)
            checked += entries.count
            for e in entries {
                #expect(!(e.essential && e.truncated), "'\(e.string)' cut on \(whereAt)")
                #expect(Self.grown(e.container, 1).contains(e.frame), "'\(e.string)' \(e.frame) out of \(e.container) on \(whereAt)")
                #expect(screenRect.contains(e.frame), "'\(e.string)' off the screen on \(whereAt)")
            }
            for (i, a) in entries.enumerated() {
                for b in entries[(i + 1)...] where Self.grown(a.frame, -0.5).intersects(Self.grown(b.frame, -0.5)) {
                    Issue.record("'\(a.string)' \(a.frame) overlaps '\(b.string)' \(b.frame) on \(whereAt)")
                }
            }
            for e in entries {
                let c = Self.contrast(of: e, text: text, background: background)
                #expect(c >= least, "'\(e.string)' contrast \(c) on \(whereAt)")
                if c < worstContrast { worstContrast = c; worstText = "'\(e.string)' on \(screen.name)" }
            }
        }
        print("ChromeLayout \(panel) \(language): \(checked) text boxes, lowest contrast \(worstContrast) (\(worstText))")
    }

    /// The controls on each screen at the stated density: at least 9 mm both ways, inside the
    /// screen, apart from each other, and only their own labels on them.
    @Test(arguments: panels)
    func controlsAreNineMillimetresAndApart(panel: Panel) {
        Self.checkControls(panel: panel)
    }

    /// Each screen's controls on `panel` in the pseudo-locale, or (`rightToLeft`) in Arabic.
    static func checkControls(panel: Panel, rightToLeft: Bool = false, accessibility: AccessibilityOptions = .off) {
        let screenRect = Rect(x: 0, y: 0, width: panel.size.width, height: panel.size.height)
        var smallest = Double.infinity
        for screen in Self.screens + Self.partyScreens {
            let d = Self.driver(panel, pseudo: !rightToLeft, standalone: screen.standalone, party: screen.name.hasPrefix("party"),
                                rightToLeft: rightToLeft)
            d.session.setAccessibility(accessibility)
            screen.reach(d, !rightToLeft)
            d.session.setAccessibility(accessibility)
            d.run(to: d.now + 0.5)
            let controls = KioskControl.allCases.compactMap { c in d.session.frame(of: c).map { (c, $0) } }
            for (c, r) in controls {
                let mm = min(r.width, r.height) / panel.pixelsPerMillimetre
                smallest = min(smallest, mm)
                #expect(mm >= 9, "\(c) is \(mm) mm on \(screen.name) at \(panel)")
                #expect(screenRect.contains(r), "\(c) leaves the screen on \(screen.name) at \(panel)")
            }
            // Each legend entry is a control of its own (a tap highlights its seats).
            if d.session.frame(of: .legend) != nil {
                for cell in d.session.layout.legendCells.prefix(d.session.content.legend.count) {
                    let mm = min(cell.width, cell.height) / panel.pixelsPerMillimetre
                    smallest = min(smallest, mm)
                    #expect(mm >= 9, "a legend entry is \(mm) mm on \(screen.name) at \(panel)")
                }
            }
            for (i, a) in controls.enumerated() {
                for b in controls[(i + 1)...] {
                    #expect(!a.1.intersects(b.1), "\(a.0) overlaps \(b.0) on \(screen.name) at \(panel)")
                }
            }
            // Text on a control is its label: centred in it.
            let entries = Self.inFront(Self.frames(d).entries, d)
            for (c, r) in controls {
                for e in entries where e.frame.intersects(r) {
                    #expect(r.contains(e.frame.center), "'\(e.string)' over \(c) on \(screen.name) at \(panel)")
                }
            }
        }
        let l = KioskLayout(size: panel.size, pixelsPerMillimetre: panel.pixelsPerMillimetre)
        let share = (l.header.height + l.bottomBar.height) / panel.size.height
        print("ChromeLayout \(panel): smallest control \(smallest) mm; chrome \((share * 1000).rounded() / 10) % of the height, legend \(l.legendFolds ? "folded" : "in the bar")")
    }

    // MARK: - Measuring

    /// The entries a visitor sees: under a modal card, only the card's (those drawn after it).
    static func inFront(_ entries: [ChromeTextLog.Entry], _ d: KioskDriver) -> [ChromeTextLog.Entry] {
        let snapshot = d.session.snapshot()
        guard snapshot.accessibilityCard != nil || snapshot.card != nil else { return entries }
        return entries.filter(\.onCard)
    }

    static func grown(_ r: Rect, _ by: Double) -> Rect { r.insetBy(dx: -by, dy: -by) }

    /// WCAG 2 relative luminance of an 8-bit sRGB colour.
    static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// The lowest contrast between the entry's colour and the background under any pixel its
    /// glyphs touched (a pixel that differs between the frame with text and without); 0 when
    /// no glyph pixel is found.
    static func contrast(of e: ChromeTextLog.Entry, text: Surface, background: Surface) -> Double {
        let fg = luminance(e.color.red, e.color.green, e.color.blue)
        let x0 = max(0, Int(e.frame.minX.rounded(.down)) - 1), x1 = min(text.width, Int(e.frame.maxX.rounded(.up)) + 1)
        let y0 = max(0, Int(e.frame.minY.rounded(.down)) - 1), y1 = min(text.height, Int(e.frame.maxY.rounded(.up)) + 1)
        var worst = Double.infinity
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) where text.pixel(x: x, y: y) != background.pixel(x: x, y: y) {
                let p = background.pixel(x: x, y: y)
                let bg = luminance(Double(p.red) / 255, Double(p.green) / 255, Double(p.blue) / 255)
                worst = min(worst, ratio(fg, bg))
            }
        }
        return worst.isFinite ? worst : 0
    }
}
