import Geometry
@testable import Gestures

/// Builds synthetic touch frames with positions given in millimetres on a panel of
/// `pixelsPerMillimetre` (4 px/mm unless told otherwise).
struct TouchScript {
    var pixelsPerMillimetre = 4.0
    var frames: [TouchFrame] = []
    typealias Phase = TouchFrame.Touch.Phase

    var configuration: GestureConfiguration { GestureConfiguration(pixelsPerMillimetre: pixelsPerMillimetre) }

    func px(_ mm: Double) -> Double { mm * pixelsPerMillimetre }
    func point(_ xmm: Double, _ ymm: Double) -> Point { Point(x: px(xmm), y: px(ymm)) }

    /// Appends a frame at `time` (s); touches as (id, x mm, y mm, phase).
    mutating func frame(_ time: Double, _ touches: [(Int, Double, Double, Phase)]) {
        frames.append(TouchFrame(timestamp: time, touches: touches.map {
            TouchFrame.Touch(id: $0.0, location: point($0.1, $0.2), phase: $0.3)
        }))
    }

    /// A one-finger stroke: lands at `from`, moves in `steps` equal steps to `to` over
    /// `duration`, lifts one frame period later (or `liftDelay` after the last move).
    mutating func stroke(id: Int = 1, from: (Double, Double), to: (Double, Double), start: Double = 0,
                         duration: Double, steps: Int, liftDelay: Double? = nil) {
        frame(start, [(id, from.0, from.1, .began)])
        let dt = duration / Double(steps)
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            frame(start + dt * Double(k), [(id, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f, .moved)])
        }
        frame(start + duration + (liftDelay ?? dt), [(id, to.0, to.1, .ended)])
    }

    /// A tap: lands at (x, y), optionally wanders `jitter` mm to the right and back, lifts after `duration`.
    mutating func tap(id: Int, at x: Double, _ y: Double, start: Double, duration: Double = 0.08, jitter: Double = 0) {
        frame(start, [(id, x, y, .began)])
        if jitter != 0 {
            frame(start + duration / 3, [(id, x + jitter, y, .moved)])
            frame(start + 2 * duration / 3, [(id, x, y, .moved)])
        }
        frame(start + duration, [(id, x, y, .ended)])
    }
}

/// Runs `recognizer` over `frames`, firing timers exactly at their deadlines between frames
/// and after the last frame, and returns the events.
func replay<R: GestureRecognizer>(_ frames: [TouchFrame], through recognizer: inout R) -> [GestureEvent] {
    var log = GestureEventLog()
    for f in frames {
        while let d = recognizer.nextDeadline, d < f.timestamp { recognizer.advance(to: d, into: &log) }
        recognizer.handle(f, into: &log)
    }
    var guardCount = 0
    while let d = recognizer.nextDeadline, guardCount < 100 { recognizer.advance(to: d, into: &log); guardCount += 1 }
    return log.events
}

extension GestureEvent {
    var transformValue: PanZoomRotate? {
        switch self {
        case .transformChanged(let v), .transformEnded(let v, _): return v
        default: return nil
        }
    }
    var tapCount: Int? { if case .tap(_, let c, _) = self { return c } else { return nil } }
    var isDrag: Bool {
        switch self { case .dragChanged, .dragEnded: return true; default: return false }
    }
    var fling: Deceleration?? { if case .transformEnded(_, let f) = self { return f } else { return nil } }
}

func degrees(_ r: Double) -> Double { r * 180 / .pi }
