import Displays
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Raster
import Spawn
import Testing
@testable import Kiosk
import TestFixtures

/// A square that moves one pixel per frame: every frame damages where it was and where it is.
private final class MovingSquare: FrameSource {
    var x = 0
    var moving = true
    var needsDisplay: Bool { moving }
    func render(into surface: Surface) -> [PixelRect] {
        let old = PixelRect(x: x, y: 4, width: 8, height: 8)
        surface.fill(old, with: Color.black.premultiplied)
        x = (x + 1) % (surface.width - 8)
        let new = PixelRect(x: x, y: 4, width: 8, height: 8)
        surface.fill(new, with: Color.white.premultiplied)
        return [old, new]
    }
}

@Suite struct FramePacerTests {
    /// Runs `frame-memory-probe` (Tests/FrameMemoryProbe): the kiosk's presenting path in a
    /// process of its own, so no other test's allocations move its resident set.
    static func probe(_ arguments: [String]) throws -> [String: Int] {
        let path = PackagePaths.executable("frame-memory-probe")
        try #require(FileManager.default.isExecutableFile(atPath: path), "build frame-memory-probe first (swift build --build-tests)")
        let run = try ChildProcess.run(path, arguments, error: .inherit)
        let output = run.outputText
        try #require(run.termination.succeeded, "frame-memory-probe: \(run.termination)")
        var values: [String: Int] = [:]
        for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = field.split(separator: "=")
            if kv.count == 2, let v = Int(kv[1]) { values[String(kv[0])] = v }
        }
        return values
    }

    /// After a warm-up that fills the latency ring, 100,000 more frames must not grow the
    /// resident set by more than 1 MB; every frame is presented, shown and measured.
    @Test func aHundredThousandFramesKeepMemoryFlat() throws {
        let warmUp = TouchLatencyMeter.capacity + 1_000
        let r = try Self.probe([String(warmUp), "100000"])
        let growth = try #require(r["growth"])
        #expect(growth <= 1 << 20, "resident set grew by \(growth) bytes over 100,000 frames")
        #expect(r["frames"] == 1 + warmUp + 100_000)
        #expect(r["flips"] == warmUp + 100_000)
        #expect(r["latency"] == warmUp + 100_000)
    }

    /// The same measurement catches the leak it is there for: a list of each frame's rects
    /// (what the presenter's rect log was) grows the resident set past the limit.
    @Test func keepingEachFramesRectsIsCaught() throws {
        let r = try Self.probe([String(TouchLatencyMeter.capacity + 1_000), "100000", "--keep-rects"])
        let growth = try #require(r["growth"])
        #expect(growth > 1 << 20, "a per-frame rect list grew the resident set by only \(growth) bytes")
    }

    /// A headless frame shows at once: the touch drawn in it is one sample of now − touch time.
    @Test func latencyIsTouchToShownFrame() throws {
        let display = HeadlessDisplay(width: 32, height: 16)
        let pacer = FramePacer(display: display)
        let square = MovingSquare()
        try pacer.start(square)
        pacer.touched(at: 10.000)
        pacer.touched(at: 10.005)   // the oldest touch not yet drawn counts
        try pacer.update(square, now: 10.020)
        #expect(pacer.latency.count == 1)
        let p = try #require(pacer.latency.percentiles)
        #expect(p.p50 == 20 && p.max == 20)
    }

    /// Nothing moving and nothing new: no frame, and no reason to look again.
    @Test func anIdleSourceDrawsNothing() throws {
        let display = HeadlessDisplay(width: 32, height: 16)
        let pacer = FramePacer(display: display)
        let square = MovingSquare()
        square.moving = false
        try pacer.start(square)
        #expect(try pacer.update(square, now: 1).presented == false)
        #expect(pacer.nextLook(square, now: 1) == nil)
        #expect(pacer.frames == 1 && display.flipsCompleted == 0)
        // A moving source on a blanked display is held too, without a frame timer.
        square.moving = true
        try display.blank()
        #expect(try pacer.update(square, now: 2).presented == false)
        #expect(pacer.nextLook(square, now: 2) == nil)
    }
}
