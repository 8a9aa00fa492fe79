import Testing
import Geometry
@testable import Gestures

struct TwoFingerTapRecognizerTests {
    /// 4 px/mm: the 8 mm slop is 32 px.
    static let configuration = GestureConfiguration(pixelsPerMillimetre: 4)

    /// Two fingers: the first lands at t = 0 at (100, 200), the second `gap` s later at
    /// (160, 200); both move by `wander` px in x at 0.05 s and lift at `lift` s.
    static func frames(gap: Double = 0.03, wander: Double = 0, lift: Double = 0.15) -> [TouchFrame] {
        let a = Point(x: 100, y: 200), b = Point(x: 160, y: 200)
        let a2 = Point(x: a.x + wander, y: a.y), b2 = Point(x: b.x + wander, y: b.y)
        return [
            TouchFrame(timestamp: 0, touches: [.init(id: 1, location: a, phase: .began)]),
            TouchFrame(timestamp: gap, touches: [.init(id: 1, location: a, phase: .stationary), .init(id: 2, location: b, phase: .began)]),
            TouchFrame(timestamp: gap + 0.05, touches: [.init(id: 1, location: a2, phase: .moved), .init(id: 2, location: b2, phase: .moved)]),
            TouchFrame(timestamp: lift, touches: [.init(id: 1, location: a2, phase: .ended), .init(id: 2, location: b2, phase: .ended)]),
        ]
    }

    static func events(_ frames: [TouchFrame]) -> [GestureEvent] {
        var r = TwoFingerTapRecognizer(configuration: configuration)
        return replay(frames, through: &r)
    }

    @Test func twoQuickStillFingersAreATwoFingerTapAtTheirMidpoint() {
        #expect(Self.events(Self.frames()) == [.twoFingerTap(location: Point(x: 130, y: 200), time: 0.15)])
        // 20 px (5 mm) of wander is within the 8 mm slop; 40 px (10 mm) is not.
        #expect(Self.events(Self.frames(wander: 20)).count == 1)
        #expect(Self.events(Self.frames(wander: 40)).isEmpty)
    }

    @Test func lateSecondFingerLongHoldOrAThirdFingerIsNoTap() {
        // The second finger 0.2 s after the first (limit 0.15 s); held 0.5 s (limit 0.4 s).
        #expect(Self.events(Self.frames(gap: 0.2, lift: 0.3)).isEmpty)
        #expect(Self.events(Self.frames(lift: 0.5)).isEmpty)
        var three = Self.frames()
        three.insert(TouchFrame(timestamp: 0.04, touches: [.init(id: 3, location: Point(x: 300, y: 200), phase: .began)]), at: 2)
        three.append(TouchFrame(timestamp: 0.16, touches: [.init(id: 3, location: Point(x: 300, y: 200), phase: .ended)]))
        #expect(Self.events(three).isEmpty)
        // One finger alone is no two-finger tap; the recognizer is ready again afterwards.
        let one = [TouchFrame(timestamp: 1, touches: [.init(id: 9, location: Point(x: 5, y: 5), phase: .began)]),
                   TouchFrame(timestamp: 1.1, touches: [.init(id: 9, location: Point(x: 5, y: 5), phase: .ended)])]
        var r = TwoFingerTapRecognizer(configuration: Self.configuration)
        #expect(replay(one + Self.frames().map { TouchFrame(timestamp: $0.timestamp + 2, touches: $0.touches) }, through: &r)
                == [.twoFingerTap(location: Point(x: 130, y: 200), time: 2.15)])
        #expect(r.state == .recognized || r.state == .idle)
    }
}
