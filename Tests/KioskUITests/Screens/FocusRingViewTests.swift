import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// The screen reader's focus ring on rendered frames, at four panels, in the usual theme and in
/// the high-contrast one: a visitor swipes through every item of the chart screen with the seat
/// list (header controls, list entries, Buy), then through the receipt's. For each focused item
/// the ring's band lies where the test expects it from the item's frame — the frame grown by
/// the gap, a keyline and half the band, on each side that stays on screen — in the palette's
/// ring colour, and reads against the keylines on either side of it at 7:1 or more in the
/// high-contrast theme (3:1 in the usual one, WCAG 2.2's focus appearance). Drawn incrementally
/// as the focus moves, each frame equals a full render. TRIBUNE_GALLERY=DIR writes frames.
@Suite struct FocusRingViewTests {
    typealias Panel = ChromeLayoutTests.Panel

    static let panels = ChartLabelsHighContrastTests.panels

    /// Where the test expects the ring, in chrome units out from the item's frame: the band's
    /// middle (gap 2 + keyline 2 + half the band 3) and the two keylines' middles (3 and 11).
    static let bandMiddle = 7.0, innerKeyline = 3.0, outerKeyline = 11.0, ringOutside = 12.0

    @Test(arguments: panels, [false, true])
    func ringIsWhereTheFocusIsAndReads(panel: Panel, highContrast: Bool) throws {
        let least = highContrast ? ChromeContrastTests.least : 3.0
        var lowest = (ratio: Double.infinity, item: "")
        var measured = 0
        // The chart screen with the seat list.
        let d = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false, party: true)
        d.run(to: 1.5)
        d.session.setAccessibility(AccessibilityOptions(largeText: highContrast, stepThrough: true, speech: true))
        d.run(to: d.now + 1)
        let surface = Surface(width: Int(panel.size.width), height: Int(panel.size.height))
        d.session.render(into: surface)
        #expect(d.session.snapshot().focusRing == nil, "a ring before any swipe on \(panel)")
        let items = d.session.focusItems
        #expect(items.count >= 4)
        for k in 0..<items.count {
            Self.swipeRight(d)
            let item = try #require(d.session.focusedItem)
            #expect(item == items[k], "the swipe went to \(item.label), not \(items[k].label)")
            // Drawn where it changed only, the frame equals a full render.
            let step = KioskDamageTests.step(d, surface)
            #expect(step.differing == 0, "\(step.differing) pixels differ from a full render with '\(item.label)' focused on \(panel)")
            let c = try Self.check(item, in: surface, d, least: least, on: "\(panel)")
            measured += 1
            if c < lowest.ratio { lowest = (c, item.label) }
        }
        Self.gallery(surface, "focus-ring-list", panel, highContrast)
        // The receipt, its items focused in turn.
        let r = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false)
        ChromeLayoutTests.screens.first { $0.name == "receipt" }?.reach(r, false)
        r.session.setAccessibility(AccessibilityOptions(largeText: highContrast, speech: true))
        r.run(to: r.now + 0.5)
        let receipt = Surface(width: surface.width, height: surface.height)
        r.session.render(into: receipt)
        for _ in r.session.focusItems {
            Self.swipeRight(r)
            let item = try #require(r.session.focusedItem)
            let step = KioskDamageTests.step(r, receipt)
            #expect(step.differing == 0, "\(step.differing) pixels differ from a full render on the receipt at \(panel)")
            let c = try Self.check(item, in: receipt, r, least: least, on: "receipt at \(panel)")
            measured += 1
            if c < lowest.ratio { lowest = (c, "receipt: " + item.label) }
        }
        Self.gallery(receipt, "focus-ring-receipt", panel, highContrast)
        print("FocusRing \(panel)\(highContrast ? " high contrast" : ""): \(measured) items; lowest band/keyline "
              + "\(ChromeContrastTests.rounded(lowest.ratio)) (\(lowest.item))")
    }

    /// Checks the ring around `item` on `frame`; returns the lowest band-to-keyline ratio.
    static func check(_ item: FocusItem, in frame: Surface, _ d: KioskDriver, least: Double, on place: String) throws -> Double {
        let c = d.session.layout.chromeUnit, palette = d.session.chromePalette
        let ring = palette.focusRing.premultiplied
        let screen = Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
        func lum(_ p: Point) -> Double {
            let px = frame.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
            return ChromeLayoutTests.luminance(Double(px.red) / 255, Double(px.green) / 255, Double(px.blue) / 255)
        }
        var lowest = Double.infinity, sides = 0
        // Each side's middle: the point at `units` out from the frame, for the side's outward direction.
        let directions: [(Double, Double)] = [(0, -1), (0, 1), (-1, 0), (1, 0)]
        for (dx, dy) in directions {
            func at(_ units: Double) -> Point {
                let f = item.frame, o = units * c
                return Point(x: dx == 0 ? f.midX : (dx < 0 ? f.minX - o : f.maxX + o),
                             y: dy == 0 ? f.midY : (dy < 0 ? f.minY - o : f.maxY + o))
            }
            // Sides whose ring would leave the screen are pulled in: not measured here.
            guard screen.contains(at(ringOutside + 1)) else { continue }
            sides += 1
            let band = at(bandMiddle)
            let px = frame.pixel(x: Int(band.x.rounded(.down)), y: Int(band.y.rounded(.down)))
            #expect(px == ring, "no ring at \(band) beside '\(item.label)' \(item.frame) on \(place): \(px)")
            let ratio = min(ChromeLayoutTests.ratio(lum(band), lum(at(innerKeyline))),
                            ChromeLayoutTests.ratio(lum(band), lum(at(outerKeyline))))
            #expect(ratio >= least, "ring against its keylines \(ratio) beside '\(item.label)' on \(place)")
            lowest = min(lowest, ratio)
        }
        #expect(sides >= 2, "'\(item.label)' \(item.frame): only \(sides) sides of its ring on screen at \(place)")
        return lowest
    }

    /// A one-finger swipe right of 40 mm in 0.16 s across the screen's middle.
    static func swipeRight(_ d: KioskDriver) {
        let size = d.session.layout.size, length = 40 * d.session.configuration.pixelsPerMillimetre
        let y = size.height / 2, x0 = size.width / 2 - length / 2, t = d.now + 0.1
        d.frame(t, [.init(id: 901, location: Point(x: x0, y: y), phase: .began)])
        for k in 1...3 {
            d.frame(t + 0.05 * Double(k), [.init(id: 901, location: Point(x: x0 + length * Double(k) / 3, y: y), phase: .moved)])
        }
        d.frame(t + 0.16, [.init(id: 901, location: Point(x: x0 + length, y: y), phase: .ended)])
        d.run(to: d.now + 0.4)
    }

    static func gallery(_ s: Surface, _ name: String, _ panel: Panel, _ highContrast: Bool) {
        guard let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] else { return }
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try? s.writePNG(to: "\(out)/\(name)-\(Int(panel.size.width))x\(Int(panel.size.height))\(highContrast ? "-high-contrast" : "").png",
                        opaque: true)
    }
}
