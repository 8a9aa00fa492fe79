import Testing
@testable import KioskUI

/// Low reach's band from the panel's mounting: 15–48 in (381–1219.2 mm) above the floor, in screen px.
@Suite struct ReachBandTests {
    /// A 27"-ish portrait panel (597 mm tall, 1920 px) whose bottom is 700 mm above the floor:
    /// its top is 1297 mm up, so the top 78 mm are out of reach and the bottom is all in reach.
    @Test func portraitPanelLosesItsTop() throws {
        let ppm = 1920.0 / 597
        let band = try ReachBand(mountBottom: 700, screenHeight: 1920, pixelsPerMillimetre: ppm)
        #expect(abs(band.top - (1297 - 1219.2) * ppm) < 1e-9)
        #expect(band.bottom == 1920)
        #expect(!band.coversScreen)
    }

    /// A landscape panel (336 mm, 1080 px) mounted at 900 mm: its top at 1236 mm, 16.8 mm too high.
    @Test func landscapePanelLosesAStrip() throws {
        let ppm = 1080.0 / 336
        let band = try ReachBand(mountBottom: 900, screenHeight: 1080, pixelsPerMillimetre: ppm)
        #expect(abs(band.top - 16.8 * ppm) < 1e-9)
        #expect(band.bottom == 1080)
    }

    /// A panel mounted low enough lies wholly in reach: the band is the screen.
    @Test func panelInsideTheRangeIsCovered() throws {
        let band = try ReachBand(mountBottom: 500, screenHeight: 1080, pixelsPerMillimetre: 1080.0 / 336)
        #expect(band.coversScreen && band.top == 0 && band.bottom == 1080)
    }

    /// A panel low on the wall loses its bottom: 200 mm up, its bottom 181 mm are below 381.
    @Test func lowPanelLosesItsBottom() throws {
        let ppm = 1920.0 / 597
        let band = try ReachBand(mountBottom: 200, screenHeight: 1920, pixelsPerMillimetre: ppm)
        #expect(band.top == 0)
        #expect(abs(band.bottom - (797 - 381) * ppm) < 1e-9)
    }

    /// Impossible mountings are errors naming the key: above the range, negative, no size.
    @Test func impossibleMountingsAreRefused() {
        for (mount, ppm) in [(1200.0, 3.2), (-5, 3.2), (Double.nan, 3.2), (700, 0)] {
            #expect(throws: ReachBand.Error.self) {
                _ = try ReachBand(mountBottom: mount, screenHeight: 1080, pixelsPerMillimetre: ppm)
            }
        }
        let e = try? ReachBand(mountBottom: 1300, screenHeight: 1080, pixelsPerMillimetre: 3.2)
        #expect(e == nil)
        do { _ = try ReachBand(mountBottom: 1300, screenHeight: 1080, pixelsPerMillimetre: 3.2) } catch {
            #expect(error.description.hasPrefix("display.mount_bottom_mm = 1300.0: "))
        }
    }
}
