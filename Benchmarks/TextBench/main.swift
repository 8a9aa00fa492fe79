// Text drawing timings against the issue's targets; prints medians.
// Build and run: swift build -c release --product text-bench && .build/release/text-bench
//   warm 30-character label ≤ 20 µs, cold ≤ 400 µs, a screen of 200 labels ≤ 2 ms.
import Foundation
import Geometry
import Raster
import Text
#if canImport(Glibc)
import Glibc
#endif

/// Heap allocations so far, when a counting allocator is preloaded (LD_PRELOAD of a shim that
/// wraps malloc/calloc/realloc and exports `tribune_malloc_count`); nil otherwise.
func allocationCount() -> UInt64? {
    guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tribune_malloc_count") else { return nil }
    return unsafeBitCast(sym, to: (@convention(c) () -> UInt64).self)()
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

@MainActor func measure(_ runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0..<runs {
        let t0 = now(); body(); times.append(now() - t0)
    }
    return median(times)
}

func report(_ name: String, _ seconds: Double, target: Double) {
    let us = seconds * 1e6
    print("  \(name): \(String(format: "%.1f", us)) µs (target ≤ \(Int(target)) µs) \(us <= target ? "ok" : "OVER")")
}

let fonts: FontChain
do { fonts = try FontChain.standard() } catch { print("text-bench: \(error)"); exit(1) }
let surface = Surface(width: 1920, height: 1080)
surface.clear(.white)
let context = DrawingContext(surface: surface)
let renderer = TextRenderer(fonts: fonts)
let label = "Section 114 · Row 12 · Seat 7 "     // 30 characters
precondition(label.count == 30)
let ink = Color(red: 0.1, green: 0.1, blue: 0.2)
print("text-bench: \(fonts.fonts.map(\.familyName)), 1920×1080 surface")

// Cold: layouts and masks dropped before every draw (fonts keep their decomposed outlines).
renderer.drawLabel(label, baselineOrigin: Point(x: 100, y: 100), fontSize: 18, color: ink, in: context)
let cold = measure(200) {
    renderer.removeAllCaches()
    renderer.drawLabel(label, baselineOrigin: Point(x: 100, y: 100), fontSize: 18, color: ink, in: context)
}
report("30-character label, cold (shape + render 30 masks + blend)", cold, target: 400)

// Warm: the same label every frame.
let warm = measure(5000) {
    renderer.drawLabel(label, baselineOrigin: Point(x: 100, y: 100), fontSize: 18, color: ink, in: context)
}
report("30-character label, warm", warm, target: 20)

// Warm and rotated (the chart turned by 30°): masks keyed by the turned em.
context.save()
context.concatenate(AffineTransform(translationX: 960, y: 540).rotated(by: .pi / 6).translatedBy(x: -960, y: -540))
renderer.drawLabel(label, baselineOrigin: Point(x: 800, y: 500), fontSize: 18, color: ink, in: context)
let rotated = measure(5000) {
    renderer.drawLabel(label, baselineOrigin: Point(x: 800, y: 500), fontSize: 18, color: ink, in: context)
}
context.restore()
report("30-character label, warm, rotated 30°", rotated, target: 20)

// A screen's worth: 200 section/row labels in a grid, every frame.
var labels: [(String, Point)] = []
for i in 0..<200 {
    labels.append(("Sec \(100 + i / 10) Row \(i % 10 + 1)", Point(x: Double(20 + (i % 10) * 190), y: Double(40 + (i / 10) * 50))))
}
@MainActor func screen() {
    for (text, p) in labels {
        renderer.drawLabel(text, baselineOrigin: p, fontSize: 16, color: ink, in: context)
    }
}
screen()
let frame = measure(500) { screen() }
report("200 labels, warm", frame, target: 2000)

let before = allocationCount()
for _ in 0..<100 { screen() }
let after = allocationCount()
if let a = before, let b = after {
    print("  heap allocations in 100 warm frames of 200 labels: \(b - a)")
} else {
    print("  (preload a malloc-counting shim exporting tribune_malloc_count to count allocations)")
}
print("  glyph cache: \(renderer.glyphCache.count) masks, \(renderer.glyphCache.usedBytes) bytes")
