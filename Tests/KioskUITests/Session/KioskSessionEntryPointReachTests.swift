import Foundation
import Testing
import Geometry
import Localization
import TestFixtures
@testable import KioskUI

/// The ways into accessibility mode — the accessibility button, the language button and the
/// card's switches (Low reach among them) — lie between 15 and 48 inches above the floor with
/// low reach off too (a new visitor after Done or the idle reset), so a visitor in a wheelchair
/// can always turn low reach on: on every screen that shows them, at 1080×1920, 1920×1080,
/// 800×480 and 3840×2160, each mounted high (the band cuts the screen's top) and low, with and
/// without large text; the accessibility button alone on the cart, the review, purchasing, the
/// receipt and the idle prompt. The band is worked out in the test from the mounting (`LowReachMounting`).
/// TRIBUNE_GALLERY=DIR writes the screens checked as entry-reach-*.png and low-reach-*.png.
@Suite struct KioskSessionEntryPointReachTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var mounting: LowReachMounting, largeText: Bool
        var testDescription: String { mounting.testDescription + (largeText ? ", large text" : "") }
    }

    /// A 7" panel (154 × 86 mm) and a 32" 4K one (708 × 398 mm), mounted high; the 15.6" and
    /// 27" panels of the low-reach tests, high and low.
    static let mountings = LowReachMounting.all + [
        LowReachMounting(size: Size(width: 800, height: 480), heightMM: 86, bottomMM: 1150),
        LowReachMounting(size: Size(width: 3840, height: 2160), heightMM: 398, bottomMM: 900),
    ]
    static let cases = mountings.flatMap { m in [false, true].map { Case(mounting: m, largeText: $0) } }

    /// A session with the shipped languages (so the header has a language button) and party size
    /// first, on `m`'s panel, accessibility off (large text on when `largeText`), on the stadium.
    static func driver(_ m: LowReachMounting, largeText: Bool = false, language: KioskLanguage = .english) throws -> KioskDriver {
        let languages = try KioskLanguages(catalogs: try MessageCatalogs.shippedRoot(), offered: KioskLanguage.shipped,
                                           defaultLanguage: language)
        let d = KioskDriver(size: m.size) { c in
            c.useLanguages(languages)
            c.pixelsPerMillimetre = m.pixelsPerMillimetre
            c.mountBottomMillimetres = m.bottomMM
            c.partySizeFirst = true
        }
        d.run(to: 1.5)
        if largeText { d.session.setAccessibility(AccessibilityOptions(largeText: true)) }
        d.run(to: d.now + 1)
        return d
    }

    /// The entry points on screen now, with their touch areas.
    static func entryPoints(_ d: KioskDriver) -> [(name: String, rect: Rect)] {
        var found: [(name: String, rect: Rect)] = []
        for c in [KioskControl.accessibility, .language] {
            if let r = d.session.frame(of: c) { found.append(("\(c)", r)) }
            if let hit = d.session.controlHitRect(c) { found.append(("\(c)'s hit area", hit)) }
        }
        return found
    }

    /// Checks that both buttons show, inside the band and over no other control; returns how
    /// many rects were checked.
    @discardableResult
    static func check(_ d: KioskDriver, _ screen: String, _ m: LowReachMounting, languageButton: Bool = true,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        #expect(!d.session.accessibility.lowReach, "low reach is off on \(screen)", sourceLocation: sourceLocation)
        let found = entryPoints(d), band = m.band
        // The screens over everything (cart, review, receipt, dialogs) have the accessibility button only.
        #expect(found.count == (languageButton ? 4 : 2), "the buttons and their touch areas on \(screen) at \(m.testDescription)",
                sourceLocation: sourceLocation)
        gallery(d, "entry-reach", screen, m)
        for (name, r) in found {
            #expect(band.contains(r), "\(name) \(r) outside \(band) on \(screen) at \(m.testDescription)", sourceLocation: sourceLocation)
        }
        let others = KioskSessionLowReachTests.controls(d).filter { !$0.name.hasPrefix("accessibility") && !$0.name.hasPrefix("language") }
        for c in [KioskControl.accessibility, .language] {
            guard let r = d.session.frame(of: c) else { continue }
            for o in others where !o.name.hasSuffix("hit area") && o.rect.intersects(r) {
                Issue.record("\(c) \(r) over \(o.name) \(o.rect) on \(screen) at \(m.testDescription)", sourceLocation: sourceLocation)
            }
        }
        return found.count
    }

    /// With TRIBUNE_GALLERY=DIR: the frame now as DIR/PREFIX-WxH-at-MOUNT-SCREEN.png.
    static func gallery(_ d: KioskDriver, _ prefix: String, _ screen: String, _ m: LowReachMounting) {
        guard let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] else { return }
        let name = screen.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "'", with: "")
        let large = d.session.accessibility.largeText ? "-large" : ""
        try? d.render().writePNG(to: "\(out)/\(prefix)-\(Int(m.size.width))x\(Int(m.size.height))-at-\(Int(m.bottomMM))\(large)-\(name).png",
                                 opaque: true)
    }

    /// Low reach itself on the 7" and 4K panels mounted high (the low-reach tests walk 1080×1920
    /// and 1920×1080): every control of the stadium, a zoomed tribune with a seat, the cart and
    /// the accessibility card inside the band.
    @Test(arguments: Array(mountings.suffix(2))) func lowReachAt7InchAnd4K(_ m: LowReachMounting) {
        for largeText in [false, true] {
            let d = m.driver(largeText: largeText)
            KioskSessionLowReachTests.check(d, "the stadium", m, expecting: .browsing)
            Self.gallery(d, "low-reach", "stadium", m)
            let t = d.zoomIn()
            d.tap(d.seatPoint(d.middleSeats(t).0))
            #expect(d.session.selectedSeats.count == 1, "a seat chosen at \(m.testDescription)")
            KioskSessionLowReachTests.hold(d, for: 600)
            d.run(to: d.now + 0.5)
            KioskSessionLowReachTests.check(d, "the tribune", m, expecting: .zoomed)
            Self.gallery(d, "low-reach", "tribune", m)
            d.tap(.cart)
            d.run(to: d.now + 0.5)
            KioskSessionLowReachTests.check(d, "the cart", m, expecting: .cart)
            Self.gallery(d, "low-reach", "cart", m)
            d.tap(.cartClose)
            d.tap(.accessibility)
            KioskSessionLowReachTests.check(d, "the accessibility card", m, expecting: .accessibility)
            Self.gallery(d, "low-reach", "accessibility-card", m)
        }
    }

    @Test(arguments: cases) func everyScreenWithTheButtonsAfterDoneAndTheIdleReset(_ k: Case) throws {
        let m = k.mounting, d = try Self.driver(m, largeText: k.largeText)
        var checked = Self.check(d, "the party picker", m)
        d.session.choosePartySize(2)
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the party strip", m)
        if d.session.layout.legendFolds {
            d.tap(.legendToggle)
            d.run(to: d.now + 0.5)
            checked += Self.check(d, "the open legend", m)
            d.tap(.legendToggle)
        }
        // The chart stays usable below the lowered row: a tribune tapped flies in, a seat tapped is taken.
        let t = d.zoomIn()
        #expect(d.session.phase == .zoomed, "zoomed in at \(m.testDescription)")
        let (a, _) = d.middleSeats(t)
        d.tap(d.seatPoint(a))
        #expect(d.session.selectedSeats.count == 2, "the party's two seats at \(m.testDescription)")
        KioskSessionLowReachTests.hold(d, for: 600)
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the tribune with the party's seats", m)
        // The card's switches: Low reach is reachable from where the button opened it.
        d.tap(.accessibility)
        let card = AccessibilityCardLayout(layout: d.session.layout)
        for (name, r) in [("low reach switch", card.toggles[AccessibilityCardLayout.Toggle.lowReach.rawValue]), ("Close", card.close)]
            + card.toggles.enumerated().map({ ("switch \($0.offset)", $0.element) }) {
            #expect(m.band.contains(r), "\(name) \(r) outside \(m.band) at \(m.testDescription)")
        }
        d.tap(.accessibilityClose)
        // Step-through's list beside or under the chart: the buttons stay clear of it.
        var options = d.session.accessibility
        options.stepThrough = true
        d.session.setAccessibility(options)
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the section list", m)
        options.stepThrough = false
        d.session.setAccessibility(options)
        // The cart, the review, purchasing, the receipt and Done: the next visitor's stadium.
        d.tap(.cart)
        checked += Self.check(d, "the cart", m, languageButton: false)
        d.tap(.cartClose)
        d.tap(.buy)
        checked += Self.check(d, "the review", m, languageButton: false)
        d.tap(.reviewConfirm)
        checked += Self.check(d, "purchasing", m, languageButton: false)
        d.session.receive(.purchased(orderID: "ORD-1", seats: d.session.selectedSeats.map { d.venue.seatIDs[$0] }))
        d.run(to: d.now + 0.5)
        checked += Self.check(d, "the receipt", m, languageButton: false)
        d.tap(.dialogOK)
        d.run(to: d.now + 1.5)
        #expect(!d.session.accessibility.isOn, "Done let accessibility mode go at \(m.testDescription)")
        checked += Self.check(d, "the stadium after Done", m)
        // The idle reset: the attract screen, then the stadium after the wake.
        let c = d.session.configuration
        d.touchHeader()
        d.run(to: d.now + c.idleTimeout + 1)
        #expect(d.session.phase == .idlePrompt, "the idle prompt at \(m.testDescription)")
        checked += Self.check(d, "the idle prompt", m, languageButton: false)
        d.run(to: d.now + c.idlePromptDuration + 4)
        #expect(d.session.phase == .attract, "the attract screen at \(m.testDescription)")
        checked += Self.check(d, "the attract screen", m)
        d.tap(Point(x: m.size.width / 2, y: m.size.height / 2))
        d.run(to: d.now + 1.5)
        checked += Self.check(d, "the stadium after the idle reset", m)
        #expect(checked >= 38, "\(checked) rects checked at \(m.testDescription)")
    }

    /// Arabic mirrors the lowered row as it mirrors the header: the same heights.
    @Test(arguments: [LowReachMounting.portrait, .landscape]) func arabicMirrorsTheLoweredRow(_ m: LowReachMounting) throws {
        let english = try Self.driver(m).session.layout, arabic = try Self.driver(m, language: .arabic).session.layout
        #expect(arabic.accessibilityButton.minY == english.accessibilityButton.minY)
        #expect(abs(arabic.accessibilityButton.minX - (m.size.width - english.accessibilityButton.maxX)) < 1e-9)
        #expect(abs(arabic.languageButton.minX - (m.size.width - english.languageButton.maxX)) < 1e-9)
        #expect(m.band.contains(arabic.languageButton) && m.band.contains(arabic.accessibilityButton))
    }

    /// A panel mounted so that its whole screen is within 15–48 in keeps the usual header; a high
    /// one's header still starts at the screen's top and grows down to the lowered row.
    @Test func aPanelWhollyInReachMovesNothing() throws {
        for m in [LowReachMounting(size: Size(width: 1920, height: 1080), heightMM: 336, bottomMM: 800),
                  LowReachMounting(size: Size(width: 800, height: 480), heightMM: 86, bottomMM: 1000)] {
            #expect(m.band.minY <= 0 && m.band.maxY >= m.size.height, "\(m.testDescription) is wholly in reach")
            let d = try Self.driver(m)
            let usual = KioskLayout(size: m.size, pixelsPerMillimetre: m.pixelsPerMillimetre, languageButton: true)
            #expect(d.session.layout == usual, "\(m.testDescription)")
        }
        for m in [LowReachMounting.portrait, .landscape] {
            let l = try Self.driver(m).session.layout
            let usual = KioskLayout(size: m.size, pixelsPerMillimetre: m.pixelsPerMillimetre, languageButton: true)
            #expect(l.header.minY == 0 && l.header.maxY > usual.header.maxY, "\(m.testDescription)")
            #expect(l.safeArea.minY == l.header.maxY && l.bottomBar == usual.bottomBar, "\(m.testDescription)")
        }
    }
}
