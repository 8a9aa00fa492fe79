// Advancing 1,000 running animations by one 60 Hz frame; prints the median over many frames.
// Build and run: swift build -c release --product animation-bench && .build/release/animation-bench
import Animation
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// Heap allocations so far, when a counting allocator is preloaded (LD_PRELOAD of a shim that
/// wraps malloc/calloc/realloc and exports `tribune_malloc_count`); nil otherwise.
func allocationCount() -> UInt64? {
    #if canImport(Glibc)
    guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tribune_malloc_count") else { return nil }
    return unsafeBitCast(sym, to: (@convention(c) () -> UInt64).self)()
    #else
    return nil
    #endif
}

let clock = VirtualClock()
let animator = Animator(clock: clock)
let count = 1000
// The kiosk's mix: seat trims (Double), positions (Point), a few transforms and colours;
// half on ease-in-out curves, half on springs; none finishes during the run.
var doubles: [AnimatedProperty<Double>] = []
var points: [AnimatedProperty<Point>] = []
var transforms: [AnimatedProperty<AffineTransform>] = []
var colors: [AnimatedProperty<AnimatableColor>] = []
for i in 0 ..< count {
    switch i % 10 {
    case 0 ..< 6: doubles.append(animator.makeProperty(0.0))
    case 6 ..< 9: points.append(animator.makeProperty(Point(x: 0, y: 0)))
    case 9 where i % 20 == 9: transforms.append(animator.makeProperty(AffineTransform.identity))
    default: colors.append(animator.makeProperty(AnimatableColor.black))
    }
}
let curve = Animation.easeInOut(duration: 1).repeatForever()
let spring = Animation.interpolatingSpring(stiffness: 100, damping: 0.1)   // barely damped: settles after ~3 minutes
for (i, p) in doubles.enumerated() {
    animator.withAnimation(i % 2 == 0 ? curve : spring) { animator.set(p, to: 1) }
}
for (i, p) in points.enumerated() {
    animator.withAnimation(i % 2 == 0 ? curve : spring) { animator.set(p, to: Point(x: 300, y: -120)) }
}
for p in transforms {
    animator.withAnimation(curve) { animator.set(p, to: AffineTransform(rotationAngle: 1).scaledBy(x: 2, y: 2)) }
}
for p in colors {
    animator.withAnimation(spring) { animator.set(p, to: AnimatableColor(red: 0.2, green: 0.9, blue: 0.4, opacity: 0.8)) }
}
precondition(animator.runningAnimationCount == count, "expected \(count) running animations")

let ts = MonotonicClock()
var samples: [Double] = []
samples.reserveCapacity(3000)
var checksum = 0.0
for frame in 1 ... 3000 {
    clock.set(to: Double(frame) / 60)
    let t0 = ts.now
    animator.advance()
    let t1 = ts.now
    samples.append(t1 - t0)
    checksum += animator.presentedData(doubles[frame % doubles.count])
}
precondition(animator.runningAnimationCount == count, "animations finished early")
// The per-frame path must not allocate: count heap allocations over 500 more frames.
let allocationsBefore = allocationCount()
for frame in 3001 ... 3500 {
    clock.set(to: Double(frame) / 60)
    animator.advance()
}
let allocationsAfter = allocationCount()
samples.sort()
// Reading every presented value once per frame, as a renderer does.
var reads: [Double] = []
var sink = 0.0
for frame in 3501 ... 3700 {
    clock.set(to: Double(frame) / 60)
    animator.advance()
    let t0 = ts.now
    for p in doubles { sink += animator.value(p) }
    for p in points { sink += animator.value(p).x }
    for p in transforms { sink += animator.value(p).a }
    for p in colors { sink += animator.value(p).alpha }
    reads.append(ts.now - t0)
}
reads.sort()
func ms(_ s: Double) -> String { String(Int((s * 1e6).rounded())) + " µs" }
print("animation-bench: advance \(count) running animations by one frame")
print("  median \(ms(samples[samples.count / 2]))  p10 \(ms(samples[samples.count / 10]))  p90 \(ms(samples[samples.count * 9 / 10]))  (budget 200 µs)")
print("  reading all \(count) presented values: median \(ms(reads[reads.count / 2]))")
if let a = allocationsBefore, let b = allocationsAfter {
    print("  heap allocations in 500 frames: \(b - a) (\(b) in the whole run)")
} else {
    print("  (preload a malloc-counting shim exporting tribune_malloc_count to count allocations)")
}
print("  checksum \(checksum + sink)")
