import Testing
import Geometry
@testable import KioskUI

/// Large text and high contrast: every screen's chrome at the eight panels, 1.5× as large,
/// still fits (text wraps or shrinks to its larger floor, never cut), controls stay at least
/// 9 mm and apart, and every text reads at 7:1 or more against the pixels it is drawn on.
@Suite struct ChromeLayoutLargeTextTests {
    static let largeText = AccessibilityOptions(largeText: true)

    @Test(arguments: ChromeLayoutTests.panels)
    func textFitsAndReadsAtSevenToOne(panel: ChromeLayoutTests.Panel) {
        ChromeLayoutTests.checkTextBoxes(panel: panel, pseudo: false, accessibility: Self.largeText)
    }

    @Test(arguments: ChromeLayoutTests.panels)
    func controlsStayNineMillimetresAndApart(panel: ChromeLayoutTests.Panel) {
        ChromeLayoutTests.checkControls(panel: panel, accessibility: Self.largeText)
    }

    /// The chrome unit is 1.5× the usual one at every panel, so is each text's preferred size.
    @Test(arguments: ChromeLayoutTests.panels)
    func chromeIsOneAndAHalfTimesLarger(panel: ChromeLayoutTests.Panel) {
        let usual = KioskLayout(size: panel.size, pixelsPerMillimetre: panel.pixelsPerMillimetre)
        let large = KioskLayout(size: panel.size, pixelsPerMillimetre: panel.pixelsPerMillimetre, chromeScale: 1.5)
        #expect(abs(large.chromeUnit - 1.5 * usual.chromeUnit) < 1e-9)
        let t = ChromeText("Buy Tickets", 34, layout: usual), l = ChromeText("Buy Tickets", 34, layout: large)
        #expect(l.size >= 1.5 * t.size - 1e-9)
    }
}
