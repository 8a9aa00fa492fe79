import Geometry
import Gestures
import Raster
import Testing
@testable import KioskUI

/// The chrome's opaque bands reused between chart frames (`ChromeStrips`) against drawing the
/// chrome everywhere every frame: the same bytes on every frame of a visit — a zoom into a
/// tribune and its reveal, a seat tapped (callout, bar total), a toast, a pan, the way home —
/// in landscape, in portrait with low reach (bands above and below the chrome's area), and in
/// the high-contrast palette.
@Suite struct ChromeStripsTests {
    enum Panel: CaseIterable { case landscape, portraitLowReach, highContrast }

    static func driver(_ panel: Panel, strips: Bool) -> KioskDriver {
        let d: KioskDriver
        switch panel {
        case .landscape: d = KioskDriver(size: Size(width: 800, height: 480))
        case .portraitLowReach:
            d = KioskDriver(size: Size(width: 540, height: 960)) { c in
                c.pixelsPerMillimetre = 960.0 / 597
                c.mountBottomMillimetres = 700
                c.accessibility = AccessibilityOptions(lowReach: true)
            }
        case .highContrast: d = KioskDriver(size: Size(width: 800, height: 480)) { $0.accessibility.largeText = true }
        }
        d.session.frameCache.usesChromeStrips = strips
        return d
    }

    @Test(arguments: Panel.allCases)
    func bandsReusedDrawTheSameFrames(panel: Panel) {
        let a = Self.driver(panel, strips: true), b = Self.driver(panel, strips: false)
        let size = a.session.configuration.screenSize
        let sa = Surface(width: Int(size.width), height: Int(size.height)), sb = Surface(width: sa.width, height: sa.height)
        var frames = 0, differing = 0
        let bands = ChromeStrips.bands(layout: a.session.layout, palette: a.session.chromePalette)
        #expect(bands.count >= 2 && bands[0].minY == 0, "\(bands)")
        // Low reach: the top band is the cover above the chrome's area and the header.
        #expect((a.session.layout.chromeArea.minY > 0) == (panel == .portraitLowReach))
        func play(_ seconds: Double) {
            var t = a.now
            for _ in 0..<Int(seconds * 60) {
                t += 1.0 / 60
                for (d, s) in [(a, sa), (b, sb)] { d.run(to: t); d.session.render(into: s) }
                frames += 1
                if !sa.hasSamePixels(as: sb) {
                    differing += 1
                    if differing <= 3 {
                        var y0 = Int.max, y1 = 0, x0 = Int.max, x1 = 0
                        for y in 0..<sa.height { for x in 0..<sa.width where sa.row(y)[x] != sb.row(y)[x] { y0 = min(y0, y); y1 = max(y1, y); x0 = min(x0, x); x1 = max(x1, x) } }
                        print("DIFF frame \(frames) x \(x0)...\(x1) y \(y0)...\(y1) bands \(bands)")
                    }
                }
            }
        }
        play(1.3)
        let tribune = a.rectTribune
        for d in [a, b] { d.tap(d.tribunePoint(tribune)) }
        play(1.5)
        let (seat, _) = a.middleSeats(tribune)
        for d in [a, b] { d.tap(d.seatPoint(seat)) }
        play(0.5)
        for d in [a, b] { d.session.showToast("Seat held") }
        play(0.3)
        let from = Point(x: size.width / 2, y: size.height / 2)
        for d in [a, b] {
            let id = d.touchDown(from)
            for k in 1...8 { d.frame(d.now + 1.0 / 60, [.init(id: id, location: Point(x: from.x + Double(6 * k), y: from.y), phase: .moved)]) }
            d.lift(id, at: Point(x: from.x + 48, y: from.y))
        }
        play(0.3)
        for d in [a, b] { d.session.interaction.home() }
        play(1.5)
        #expect(differing == 0, "\(differing) of \(frames) frames differ")
        #expect(a.session.frameCache.chromeStrips.holds(a.session.snapshot(), bands: bands))
    }
}
