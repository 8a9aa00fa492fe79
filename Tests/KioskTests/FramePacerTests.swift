import Displays
#if canImport(Glibc)
import Glibc
#endif
import Raster
import Testing
@testable import Kiosk

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

/// The process's resident set, bytes (/proc/self/statm: pages, second field).
private func residentBytes() throws -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = read(fd, &buffer, buffer.count)
    try #require(n > 0)
    let fields = String(decoding: buffer[..<n], as: UTF8.self).split(separator: " ")
    let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@Suite(.serialized) struct FramePacerTests {
    /// Presents frames through the kiosk loop's presenting path (`FramePacer` on a display)
    /// with touches measured every frame: after a warm-up, 100,000 more frames must not grow
    /// the resident set by more than 1 MB. Other tests running in the same process allocate
    /// too, so the window is measured up to five times and the smallest growth counts; a
    /// per-frame leak (an array of rects kept per frame is ~8.8 MB here) grows every window:
    /// checked by keeping one in `HeadlessDisplay.present`, which failed with 9.5, 8.8 and 8.8 MB.
    @Test func aHundredThousandFramesKeepMemoryFlat() throws {
        let display = HeadlessDisplay(width: 96, height: 20)
        let pacer = FramePacer(display: display)
        let square = MovingSquare()
        var now = 1000.0
        try pacer.start(square)
        func frames(_ n: Int) throws {
            for _ in 0..<n {
                now += 1.0 / 60
                pacer.touched(at: now - 0.004)
                try pacer.update(square, now: now)
            }
        }
        try frames(TouchLatencyMeter.capacity + 1_000)   // warm-up: the latency ring is full
        var growths: [Int] = []
        for _ in 0..<5 {
            let before = try residentBytes()
            try frames(100_000)
            growths.append(try residentBytes() - before)
            if growths.last! <= 1 << 20 { break }
        }
        #expect(growths.min()! <= 1 << 20, "resident set grew by \(growths) bytes over 100,000 frames")
        let presented = TouchLatencyMeter.capacity + 1_000 + 100_000 * growths.count
        #expect(pacer.frames == 1 + presented)
        #expect(display.flipsCompleted == presented)
        #expect(pacer.latency.count == presented)
        print("FramePacerTests: resident growth per 100,000 frames: \(growths) bytes")
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
