import Foundation
import TestFixtures
import Geometry
import Gestures

/// Random visitor gestures as touch frames on a screen of `size` px: one-finger drags from
/// nudges to flings far past the screen's edge, two-finger pinches and turns (the span scaled
/// 0.15–8×, turned up to ±180°, the centre drifting), one-finger taps anywhere and two-finger
/// taps. Fingers stay on the panel (positions clamped to the screen, as a touchscreen reports
/// them); a fling is a long way in a short time, so the fingers' speed is up to ~200,000 px/s.
struct ViewBoundsGestures {
    enum Kind: String, CaseIterable { case drag, pinch, tap, twoFingerTap }

    let size: Size
    var random: SeededGenerator
    /// Touch ids are never reused within a session.
    private var nextID = 1
    /// Frames of a moving gesture, s (a 120 Hz panel).
    static let interval = 1.0 / 120

    init(size: Size, seed: UInt64) {
        self.size = size
        random = SeededGenerator(seed: seed)
    }

    /// The next gesture, its first frame at `start` s; returns its kind and frames.
    mutating func next(at start: Double) -> (Kind, [TouchFrame]) {
        let roll = random.uniform(0...1)
        let kind: Kind = roll < 0.4 ? .drag : roll < 0.7 ? .pinch : roll < 0.95 ? .tap : .twoFingerTap
        switch kind {
        case .drag: return (kind, drag(at: start))
        case .pinch: return (kind, pinch(at: start))
        case .tap: return (kind, tap(at: start, fingers: 1))
        case .twoFingerTap: return (kind, tap(at: start, fingers: 2))
        }
    }

    private mutating func point() -> Point {
        Point(x: random.uniform(0...(size.width - 1)), y: random.uniform(0...(size.height - 1)))
    }

    private func clamped(_ p: Point) -> Point {
        Point(x: min(max(p.x, 0), size.width - 1), y: min(max(p.y, 0), size.height - 1))
    }

    private mutating func ids(_ n: Int) -> [Int] {
        defer { nextID += n }
        return Array(nextID..<(nextID + n))
    }

    /// One finger from a random point along a random direction, 5–20,000 px (log-uniform) in
    /// 0.02–0.6 s, eased in and out, then lifted where it stopped.
    private mutating func drag(at start: Double) -> [TouchFrame] {
        let id = ids(1)[0]
        let from = point()
        let length = random.logUniform(5...20_000), angle = random.uniform(-Double.pi...Double.pi)
        let duration = random.logUniform(0.02...0.6)
        let steps = max(2, Int((duration / Self.interval).rounded()))
        var frames = [TouchFrame(timestamp: start, touches: [.init(id: id, location: from, phase: .began)])]
        var last = from
        for k in 1...steps {
            let u = Double(k) / Double(steps), e = u * u * (3 - 2 * u)
            last = clamped(Point(x: from.x + length * e * cos(angle), y: from.y + length * e * sin(angle)))
            frames.append(TouchFrame(timestamp: start + Double(k) * Self.interval, touches: [.init(id: id, location: last, phase: .moved)]))
        }
        frames.append(TouchFrame(timestamp: start + Double(steps + 1) * Self.interval, touches: [.init(id: id, location: last, phase: .ended)]))
        return frames
    }

    /// Two fingers about a random centre: span 60–700 px scaled 0.15–8×, turned ±180°, the
    /// centre drifting up to 1,500 px, in 0.1–0.8 s.
    private mutating func pinch(at start: Double) -> [TouchFrame] {
        let id = ids(2)
        let centre = point()
        let span0 = random.uniform(60...700), scale = random.logUniform(0.15...8)
        let angle0 = random.uniform(-Double.pi...Double.pi), turn = random.uniform(-Double.pi...Double.pi)
        let drift = Vector(dx: random.uniform(-1500...1500), dy: random.uniform(-1500...1500))
        let duration = random.uniform(0.1...0.8)
        let steps = max(2, Int((duration / Self.interval).rounded()))
        func fingers(_ e: Double, _ phase: TouchFrame.Touch.Phase) -> [TouchFrame.Touch] {
            let half = span0 * (1 + (scale - 1) * e) / 2, a = angle0 + turn * e
            let c = Point(x: centre.x + drift.dx * e, y: centre.y + drift.dy * e)
            return [.init(id: id[0], location: clamped(Point(x: c.x - half * cos(a), y: c.y - half * sin(a))), phase: phase),
                    .init(id: id[1], location: clamped(Point(x: c.x + half * cos(a), y: c.y + half * sin(a))), phase: phase)]
        }
        var frames = [TouchFrame(timestamp: start, touches: fingers(0, .began))]
        for k in 1...steps {
            let u = Double(k) / Double(steps)
            frames.append(TouchFrame(timestamp: start + Double(k) * Self.interval, touches: fingers(u * u * (3 - 2 * u), .moved)))
        }
        frames.append(TouchFrame(timestamp: start + Double(steps + 1) * Self.interval, touches: fingers(1, .ended)))
        return frames
    }

    /// One finger, or two 40–200 px apart, down and up 40–150 ms later without moving.
    private mutating func tap(at start: Double, fingers n: Int) -> [TouchFrame] {
        let id = ids(n)
        let first = point()
        let apart = random.uniform(40...200)
        let points = n == 1 ? [first] : [first, clamped(Point(x: first.x + apart, y: first.y))]
        let up = start + random.uniform(0.04...0.15)
        return [TouchFrame(timestamp: start, touches: zip(id, points).map { .init(id: $0, location: $1, phase: .began) }),
                TouchFrame(timestamp: up, touches: zip(id, points).map { .init(id: $0, location: $1, phase: .ended) })]
    }
}
