import Testing
import Geometry
import Raster
import Text
@testable import KioskUI

/// The chrome in Arabic, right to left: the layout rules the English and pseudo-locale chrome
/// keeps (text fits, never overlaps, reads at 4.5:1; controls 9 mm, apart) hold with Arabic of
/// realistic length, and text sits at the right of its box (centred text stays centred).
@Suite struct ChromeLayoutRightToLeftTests {
    @Test(arguments: ChromeLayoutTests.panels)
    func arabicTextBoxesFitDoNotOverlapAndRead(panel: ChromeLayoutTests.Panel) {
        ChromeLayoutTests.checkTextBoxes(panel: panel, pseudo: false, rightToLeft: true)
    }

    @Test(arguments: ChromeLayoutTests.panels)
    func arabicControlsAreNineMillimetresAndApart(panel: ChromeLayoutTests.Panel) {
        ChromeLayoutTests.checkControls(panel: panel, rightToLeft: true)
    }

    /// Every text box drawn on every screen: its lines end at the box's right edge, or are
    /// centred in it (buttons, cards); none starts at the left as left-to-right text would.
    @Test(arguments: KioskLayoutRightToLeftTests.panels)
    func textRunsFromTheRightEdge(panel: ChromeLayoutTests.Panel) {
        var right = 0, centred = 0
        for screen in ChromeLayoutTests.screens + ChromeLayoutTests.partyScreens {
            let d = ChromeLayoutTests.driver(panel, pseudo: false, standalone: screen.standalone, party: screen.name.hasPrefix("party"),
                                             rightToLeft: true)
            screen.reach(d, false)
            for e in ChromeLayoutTests.frames(d).entries where e.frame.width < e.container.width - 4 {
                if abs(e.frame.maxX - e.container.maxX) <= 1 {
                    right += 1
                } else if abs(e.frame.midX - e.container.midX) <= 1 {
                    centred += 1
                } else {
                    Issue.record("'\(e.string)' \(e.frame) neither at the right nor centred in \(e.container) on \(screen.name) at \(panel)")
                }
            }
        }
        print("RightToLeft text \(panel): \(right) boxes at the right edge, \(centred) centred")
        #expect(right > 20)
    }

    /// Drawn into a box, an Arabic line's first word is at the box's right edge: the pixels of
    /// "شراء التذاكر" and of "شراء" alone agree over the first word's width at the right, the
    /// ink reaches the right edge, and the second word lies to the left of the first.
    @Test func firstWordIsAtTheRightEdge() throws {
        let d = ChromeLayoutTests.driver(KioskLayoutRightToLeftTests.panels[1], pseudo: false, standalone: false, rightToLeft: true)
        let painter = d.session.painter, layout = d.session.layout
        let box = Rect(x: 100, y: 20, width: 600, height: 80)
        func ink(_ s: String) throws -> (Surface, minX: Int, maxX: Int) {
            let surface = Surface(width: 800, height: 120)
            surface.clear(.black)
            let drawn = painter.draw(ChromeText(s, 40, layout: layout), in: box, color: .white, in: DrawingContext(surface: surface))
            _ = try #require(drawn, "no fonts")
            var lo = Int.max, hi = Int.min
            for y in 0..<surface.height {
                for x in 0..<surface.width where surface.pixel(x: x, y: y) != surface.pixel(x: 0, y: 0) { lo = min(lo, x); hi = max(hi, x) }
            }
            return (surface, lo, hi)
        }
        let whole = try ink("شراء التذاكر"), first = try ink("شراء")
        #expect(Double(whole.maxX) >= box.maxX - 3 && Double(whole.maxX) < box.maxX + 1, "ink ends at \(whole.maxX), box at \(box.maxX)")
        #expect(first.maxX == whole.maxX)
        #expect(whole.minX < first.minX - 20, "the second word is not left of the first")
        var differing = 0
        for y in 0..<120 {
            for x in first.minX...first.maxX where whole.0.pixel(x: x, y: y) != first.0.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels of the first word differ")
    }
}
