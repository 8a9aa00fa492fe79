// gestures-bench: median nanoseconds per frame for 10 moving touches (run a release build:
// `swift run -c release gestures-bench`). Frames are built up front; the measured loop only
// feeds them to the recognizers, which must not allocate.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Gestures

struct CountingSink: GestureEventSink {
    var count = 0
    var checksum = 0.0
    mutating func receive(_ event: GestureEvent) {
        count += 1
        if case .transformChanged(let v) = event { checksum += v.rotation + v.magnification }
    }
}

let touches = 10
let frameCount = 4096
let configuration = GestureConfiguration(pixelsPerMillimetre: 4)

/// Ten fingers spread on a circle that turns, breathes and drifts (all moving every frame).
func makeFrames() -> [TouchFrame] {
    var frames: [TouchFrame] = []
    frames.reserveCapacity(frameCount)
    for k in 0..<frameCount {
        let t = Double(k) * 0.005
        var list: [TouchFrame.Touch] = []
        list.reserveCapacity(touches)
        for i in 0..<touches {
            let a = Double(i) * 2 * .pi / Double(touches) + 0.8 * t
            let r = 300 + 60 * sin(1.3 * t) + Double(i)
            list.append(.init(id: i + 1, location: Point(x: 960 + 100 * sin(0.5 * t) + r * cos(a),
                                                          y: 540 + r * sin(a)),
                              phase: k == 0 ? .began : .moved))
        }
        frames.append(TouchFrame(timestamp: t, touches: list))
    }
    return frames
}

/// One decimal, without Foundation.
func fixed(_ x: Double) -> String {
    let tenths = (x * 10).rounded()
    return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
}

func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Median over `rounds` of the mean time per frame of one pass over the frames (after the
/// landing frame), in ns.
func measure<R: GestureRecognizer>(_ name: String, _ make: () -> R, frames: [TouchFrame], rounds: Int = 31) {
    var samples: [Double] = []
    var sink = CountingSink()
    for _ in 0..<rounds {
        var recognizer = make()
        recognizer.handle(frames[0], into: &sink)
        let start = nanoseconds()
        for k in 1..<frames.count { recognizer.handle(frames[k], into: &sink) }
        let end = nanoseconds()
        samples.append(Double(end - start) / Double(frames.count - 1))
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let label = name + String(repeating: " ", count: max(0, 58 - name.count))
    print("\(label) median \(fixed(median)) ns/frame  (min \(fixed(samples[0])), \(sink.count) events, checksum \(fixed(sink.checksum)))")
}

let frames = makeFrames()
print("gestures-bench: \(touches) moving touches, \(frameCount) frames per pass")
measure("PanZoomRotateRecognizer", { PanZoomRotateRecognizer(configuration: configuration) }, frames: frames)
measure("DragRecognizer", { DragRecognizer(configuration: configuration) }, frames: frames)
measure("chart: drag + magnify + rotate (simultaneous)", {
    DragRecognizer(configuration: configuration)
        .simultaneously(with: MagnifyRecognizer(configuration: configuration))
        .simultaneously(with: RotateRecognizer(configuration: configuration))
}, frames: frames)
measure("kiosk: press + (tap exclusively before pan-zoom-rotate)", {
    PressRecognizer(configuration: configuration)
        .simultaneously(with: TapRecognizer(configuration: configuration)
            .exclusively(before: PanZoomRotateRecognizer(configuration: configuration)))
}, frames: frames)
