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
    mutating func receive(_ event: GestureEvent) { count += 1 }
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

/// Median over `rounds` chunks of `chunk` frames of the mean time per frame, in ns. Short
/// chunks keep the median robust when other processes share the cores. The fingers land
/// once, then keep moving through all chunks.
func measure<R: GestureRecognizer>(_ name: String, _ make: () -> R, frames: [TouchFrame], chunk: Int = 128) {
    var samples: [Double] = []
    samples.reserveCapacity(rounds)
    var sink = CountingSink()
    var recognizer = make()
    recognizer.handle(frames[0], into: &sink)
    var k = 1
    for _ in 0..<rounds {
        let start = nanoseconds()
        for _ in 0..<chunk {
            recognizer.handle(frames[k], into: &sink)
            k = k + 1 == frames.count ? 1 : k + 1
        }
        let end = nanoseconds()
        samples.append(Double(end - start) / Double(chunk))
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let label = name + String(repeating: " ", count: max(0, 58 - name.count))
    print("\(label) median \(fixed(median)) ns/frame  (min \(fixed(samples[0])), p90 \(fixed(samples[samples.count * 9 / 10])), \(sink.count) events)")
}

/// `gestures-bench [rounds]`: the round count is adjustable so an allocation counter
/// (e.g. valgrind's heap summary) can compare two run lengths.
let rounds = CommandLine.arguments.count > 1 ? max(Int(CommandLine.arguments[1]) ?? 801, 1) : 801
let frames = makeFrames()
print("gestures-bench: \(touches) moving touches (release build), frames of a turning, breathing, drifting hand")
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
