import Geometry
import Raster
import Testing
@testable import KioskUI

/// The kiosk's frames with one chart worker and with two (`Configuration.chartThreads`):
/// the same bytes every frame of a zoom into a tribune (resampled frames, the seats' reveal
/// with its outlines drawing in) and of the way home (drawn a step further out, magnified).
@Suite struct KioskSessionChartThreadsTests {
    @Test func oneWorkerAndTwoDrawTheSameFrames() {
        let size = Size(width: 640, height: 400)
        let one = KioskDriver(size: size) { $0.chartThreads = 1 }
        let two = KioskDriver(size: size) { $0.chartThreads = 2 }
        let s1 = Surface(width: 640, height: 400), s2 = Surface(width: 640, height: 400)
        var frames = 0, differing = 0, resampled = 0
        func frame(at t: Double) {
            for (d, s) in [(one, s1), (two, s2)] {
                d.run(to: t)
                d.session.render(into: s)
            }
            frames += 1
            if one.session.frameCache.chartFrames?.lastFrame.mode == .resampled { resampled += 1 }
            if s1.pngData() != s2.pngData() { differing += 1 }
        }
        frame(at: 1.2)
        let tribune = one.rectTribune
        for d in [one, two] { d.tap(d.tribunePoint(tribune), after: 0.05) }
        var t = one.now
        for _ in 0..<70 { t += 1.0 / 60; frame(at: t) }
        for d in [one, two] { d.session.interaction.home() }
        for _ in 0..<70 { t += 1.0 / 60; frame(at: t) }
        #expect(frames == 141 && differing == 0, "\(differing) of \(frames) frames differ")
        // The animations ran: frames in motion were resampled on the way in and out.
        #expect(resampled >= 10, "\(resampled) resampled frames")
    }
}
