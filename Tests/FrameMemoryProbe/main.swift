// frame-memory-probe: presents frames through the kiosk's one presenting path (`FramePacer` on
// a `HeadlessDisplay`, a touch measured every frame) in a process of its own, so the resident
// set it reports moves only with what presenting keeps. KioskTests runs it.
//
// Usage: frame-memory-probe WARMUP FRAMES [--keep-rects]
//   --keep-rects keeps every frame's damage rects, as the presenter's old rect log did: the
//   leak the test must catch.
// Prints one line: frames=N flips=N latency=N growth=BYTES (resident growth over FRAMES).
#if canImport(Glibc)
import Glibc
#endif
import Displays
import Kiosk
import Raster

/// A square that moves one pixel per frame: every frame damages where it was and where it is.
final class MovingSquare: FrameSource {
    var x = 0
    var kept: [[PixelRect]]?
    var needsDisplay: Bool { true }
    func render(into surface: Surface) -> [PixelRect] {
        let old = PixelRect(x: x, y: 4, width: 8, height: 8)
        surface.fill(old, with: Color.black.premultiplied)
        x = (x + 1) % (surface.width - 8)
        let new = PixelRect(x: x, y: 4, width: 8, height: 8)
        surface.fill(new, with: Color.white.premultiplied)
        kept?.append([old, new])
        return [old, new]
    }
}

/// The process's resident set, bytes (/proc/self/statm: pages, second field).
func residentBytes() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { fatalError("cannot open /proc/self/statm") }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = read(fd, &buffer, buffer.count)
    let fields = String(decoding: buffer[..<max(n, 0)], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { fatalError("unreadable /proc/self/statm") }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// One line on standard error.
func complain(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let warmUp = Int(arguments[1]), let count = Int(arguments[2]), warmUp >= 0, count > 0 else {
    complain("usage: frame-memory-probe WARMUP FRAMES [--keep-rects]")
    exit(2)
}
let display = HeadlessDisplay(width: 96, height: 20)
let pacer = FramePacer(display: display)
let square = MovingSquare()
if arguments.contains("--keep-rects") { square.kept = [] }
var now = 1000.0
do {
    try pacer.start(square)
    func frames(_ n: Int) throws {
        for _ in 0..<n {
            now += 1.0 / 60
            pacer.touched(at: now - 0.004)
            try pacer.update(square, now: now)
        }
    }
    try frames(warmUp)
    // Once for nothing: its first run faults in the code and data pages it uses itself.
    _ = residentBytes()
    let before = residentBytes()
    try frames(count)
    let growth = residentBytes() - before
    print("frames=\(pacer.frames) flips=\(display.flipsCompleted) latency=\(pacer.latencySamples) growth=\(growth)")
} catch {
    complain("frame-memory-probe: \(error)")
    exit(1)
}
