#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import Testing
@testable import KioskUI

/// The kiosk's frames with one chart worker and with two (`Configuration.chartThreads`):
/// the same bytes every frame of a zoom into a tribune (resampled frames, the seats' reveal
/// with its outlines drawing in), of a pan in it (its labels drawn in bands) and of the way
/// home (drawn a step further out, magnified). At 2560×1440 the exact frames in motion are
/// drawn at half resolution and the picture is copied to the screen in bands by the workers.
@Suite struct KioskSessionChartThreadsTests {
    @Test(arguments: [Size(width: 640, height: 400), Size(width: 2560, height: 1440)])
    func oneWorkerAndTwoDrawTheSameFrames(size: Size) {
        let one = KioskDriver(size: size) { $0.chartThreads = 1 }
        let two = KioskDriver(size: size) { $0.chartThreads = 2 }
        let w = Int(size.width), h = Int(size.height)
        let s1 = Surface(width: w, height: h), s2 = Surface(width: w, height: h)
        var frames = 0, differing = 0, resampled = 0, reduced = 0
        func frame(at t: Double) {
            for (d, s) in [(one, s1), (two, s2)] {
                d.run(to: t)
                d.session.render(into: s)
            }
            frames += 1
            if one.session.frameCache.chartFrames?.lastFrame.mode == .resampled { resampled += 1 }
            if (one.session.frameCache.chartFrames?.layoutReduction ?? 1) > 1 { reduced += 1 }
            if !s1.hasSamePixels(as: s2) { differing += 1 }
        }
        frame(at: 1.2)
        let tribune = one.rectTribune
        for d in [one, two] { d.tap(d.tribunePoint(tribune), after: 0.05) }
        var t = one.now
        for _ in 0..<70 { t += 1.0 / 60; frame(at: t) }
        // A finger drags the revealed tribune 7 px a frame: its seat numbers are drawn over the
        // renderer's frame in bands by the workers (`drawPlacedLabels`).
        var labelled = 0
        let start = Point(x: size.width / 2, y: size.height / 2)
        let ids = [one, two].map { $0.touchDown(start, after: 0.05) }
        t = one.now
        for k in 1...12 {
            t += 1.0 / 60
            let p = Point(x: start.x + 7 * Double(k), y: start.y)
            for (d, id) in zip([one, two], ids) { d.frame(t, [.init(id: id, location: p, phase: .moved)]) }
            frame(at: t)
            if one.session.interaction.chart.selectedTribune != nil, let l = one.session.frameCache.labels, !l.placed.isEmpty { labelled += 1 }
        }
        for (d, id) in zip([one, two], ids) { d.lift(id, at: Point(x: start.x + 84, y: start.y)) }
        t = one.now
        #expect(labelled >= 10, "\(labelled) of 12 pan frames in the tribune had labels")
        for d in [one, two] { d.session.interaction.home() }
        for _ in 0..<70 { t += 1.0 / 60; frame(at: t) }
        #expect(frames == 153 && differing == 0, "\(differing) of \(frames) frames differ")
        // The animations ran: frames in motion were resampled on the way in and out.
        #expect(resampled >= 10, "\(resampled) resampled frames")
        // Above 3 megapixels some of them were drawn at half resolution; below, none.
        #expect(w * h > 3_000_000 ? reduced > 0 : reduced == 0, "\(reduced) frames at half resolution")
    }
}

extension Surface {
    /// Every pixel equal to `other`'s (same size).
    func hasSamePixels(as other: Surface) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(row(y), other.row(y), width * 4) != 0 { return false }
        return true
    }
}
