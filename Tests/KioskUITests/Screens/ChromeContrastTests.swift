import Foundation
import Testing
import Geometry
import Raster
@testable import KioskUI

/// The high-contrast theme (large text's), measured on rendered frames at the eight panels of
/// `ChromeLayoutTests` over every screen it lays out, the accessibility card and the
/// step-through lists: every control's boundary — its fill or its outline — against the pixels
/// around it, every control's label against the fill under its glyphs, and every other text
/// (the seat callout over the chart included) against what it is drawn on, all at 7:1 or more
/// (WCAG 2 ratios; the issue asks 7:1 of every text and control in this theme, WCAG itself 3:1
/// of a control's boundary). TRIBUNE_GALLERY=DIR writes the frames.
@Suite struct ChromeContrastTests {
    typealias Panel = ChromeLayoutTests.Panel
    typealias Screen = (name: String, standalone: Bool, party: Bool, options: AccessibilityOptions,
                        reach: @Sendable (KioskDriver) -> Void)

    static let least = 7.0
    static let largeText = AccessibilityOptions(largeText: true)

    /// The chrome layout's screens, the accessibility card opened from the chart, and the
    /// step-through lists (the party sizes, sections, rows, seats with one chosen).
    static let screens: [Screen] = {
        var all: [Screen] = (ChromeLayoutTests.screens + ChromeLayoutTests.partyScreens).map { s in
            (s.name, s.standalone, s.name.hasPrefix("party"), largeText, { d in s.reach(d, false) })
        }
        all.append(("accessibility-card", false, false, largeText, { d in d.run(to: 1.5); d.tap(.accessibility) }))
        let stepThrough = AccessibilityOptions(largeText: true, stepThrough: true)
        for list in StepListLayoutTests.lists {
            all.append((list.name, false, true, stepThrough, { d in d.run(to: 1.5); list.reach(d) }))
        }
        return all
    }()

    @Test(arguments: ChromeLayoutTests.panels)
    func controlsAndTextReadAtSevenToOne(panel: Panel) {
        var lowest = (boundary: Double.infinity, label: Double.infinity, text: Double.infinity)
        var worst = (boundary: "", label: "", text: "")
        var controlsMeasured = 0
        for screen in Self.screens {
            let d = ChromeLayoutTests.driver(panel, pseudo: false, standalone: screen.standalone, party: screen.party)
            d.session.setAccessibility(screen.options)
            screen.reach(d)
            d.session.setAccessibility(screen.options)
            d.run(to: d.now + 1.5)
            let (text, background, all) = ChromeLayoutTests.frames(d)
            if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
                try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try? text.writePNG(to: "\(out)/\(screen.name)-\(Int(panel.size.width))x\(Int(panel.size.height))-high-contrast.png",
                                   opaque: true)
            }
            let whereAt = "\(screen.name) at \(panel)"
            let controls = Self.controls(d)
            #expect(!controls.isEmpty || screen.name == "processing" || screen.name == "out-of-service", "no controls on \(whereAt)")
            let unit = d.session.layout.chromeUnit
            for (name, r) in controls {
                let b = Self.boundaryContrast(r, in: text, unit: unit)
                controlsMeasured += 1
                #expect(b >= Self.least, "\(name) \(r) boundary contrast \(b) on \(whereAt)")
                if b < lowest.boundary { lowest.boundary = b; worst.boundary = "\(name) on \(screen.name)" }
            }
            let entries = ChromeLayoutTests.inFront(all, d)
            #expect(!entries.isEmpty, "no text on \(whereAt)")
            for e in entries {
                let c = ChromeLayoutTests.contrast(of: e, text: text, background: background)
                let onControl = controls.contains { $0.1.contains(e.frame.center) }
                #expect(c >= Self.least, "'\(e.string)' \(onControl ? "label " : "")contrast \(c) on \(whereAt)")
                if onControl, c < lowest.label { lowest.label = c; worst.label = "'\(e.string)' on \(screen.name)" }
                if !onControl, c < lowest.text { lowest.text = c; worst.text = "'\(e.string)' on \(screen.name)" }
            }
        }
        print("ChromeContrast \(panel): \(controlsMeasured) controls on \(Self.screens.count) screens; lowest boundary "
              + "\(Self.rounded(lowest.boundary)) (\(worst.boundary)), label \(Self.rounded(lowest.label)) (\(worst.label)), "
              + "other text \(Self.rounded(lowest.text)) (\(worst.text))")
    }

    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    // MARK: - Measuring

    /// Every control on screen now, named: each `KioskControl`'s frame, and each instance of the
    /// repeated ones (legend entries, party sizes, cart lines and their remove controls, the
    /// accessibility card's switches, the step list's entries) in place of the first alone.
    static func controls(_ d: KioskDriver) -> [(String, Rect)] {
        let s = d.session
        let repeated: Set<KioskControl> = [.legend, .partySize, .cartLine, .cartRemove, .accessibilityToggle, .stepItem]
        var all = KioskControl.allCases.filter { !repeated.contains($0) }.compactMap { c in s.frame(of: c).map { ("\(c)", $0) } }
        if s.frame(of: .legend) != nil {
            all += s.layout.legendCells.prefix(s.content.legend.count).enumerated().map { ("legend entry \($0)", $1) }
        }
        if s.frame(of: .partySize) != nil { all += s.partyLayout.sizes.enumerated().map { ("party size \($0 + 1)", $1) } }
        for k in 0... {
            guard let line = s.frame(ofCartLine: k), let remove = s.frame(ofCartRemove: k) else { break }
            all += [("cart line \(k)", line), ("cart remove \(k)", remove)]
        }
        if s.frame(of: .accessibilityToggle) != nil {
            all += AccessibilityCardLayout(layout: s.layout).toggles.enumerated().map { ("accessibility switch \($0)", $1) }
        }
        all += s.stepListEntries.map { ("step entry '\($0.label)'", $0.frame) }
        return all
    }

    /// The boundary contrast of the control in `r` (px) on `frame`: at points 2 px apart along
    /// the middle 20 % of each side (clear of rounded corners and a ring's or disc's curve), the
    /// most distinct pixel of the band 0…10 chrome units inside the edge — the control's fill or
    /// its outline — against the pixel 2 units outside it (the surroundings: for legend entries,
    /// which touch, the gap before the neighbour's outline); the lowest over the points. Points whose outside pixel is off the frame are skipped; infinity when none is left.
    static func boundaryContrast(_ r: Rect, in frame: Surface, unit c: Double) -> Double {
        func lum(_ x: Int, _ y: Int) -> Double? {
            guard x >= 0, y >= 0, x < frame.width, y < frame.height else { return nil }
            let p = frame.pixel(x: x, y: y)
            return ChromeLayoutTests.luminance(Double(p.red) / 255, Double(p.green) / 255, Double(p.blue) / 255)
        }
        let band = max(2, Int((10 * c).rounded())), outside = max(2, Int((2 * c).rounded()))
        var lowest = Double.infinity
        // Each side: a point on it, the inward direction and the direction along it.
        let sides: [(start: Point, inward: (Int, Int), along: (Double, Double), length: Double)] = [
            (Point(x: r.minX, y: r.minY), (0, 1), (1, 0), r.width),
            (Point(x: r.minX, y: r.maxY - 1), (0, -1), (1, 0), r.width),
            (Point(x: r.minX, y: r.minY), (1, 0), (0, 1), r.height),
            (Point(x: r.maxX - 1, y: r.minY), (-1, 0), (0, 1), r.height),
        ]
        for side in sides {
            var t = 0.4 * side.length
            while t <= 0.6 * side.length {
                let x = Int((side.start.x + side.along.0 * t).rounded(.down)), y = Int((side.start.y + side.along.1 * t).rounded(.down))
                t += 2
                guard let around = lum(x - side.inward.0 * outside, y - side.inward.1 * outside) else { continue }
                var best = 1.0
                for k in 0..<band {
                    if let inner = lum(x + side.inward.0 * k, y + side.inward.1 * k) {
                        best = max(best, ChromeLayoutTests.ratio(inner, around))
                    }
                }
                lowest = min(lowest, best)
            }
        }
        return lowest
    }
}
