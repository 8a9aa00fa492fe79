import Testing
import Geometry
@testable import Gestures

struct SwipeRecognizerTests {
    static func swipes(_ s: TouchScript) -> [GestureEvent] {
        var r = SwipeRecognizer(configuration: s.configuration)
        return replay(s.frames, through: &r)
    }

    @Test func horizontalStrokesAreSwipesWithTheirDirection() {
        // 30 mm in 0.2 s, 4 px/mm: right, then the same back: left; each at its lift.
        var s = TouchScript()
        s.stroke(id: 1, from: (20, 50), to: (50, 50), start: 0, duration: 0.2, steps: 4)
        s.stroke(id: 2, from: (50, 50), to: (20, 52), start: 1, duration: 0.2, steps: 4)
        #expect(Self.swipes(s) == [
            .swipe(direction: .right, location: s.point(20, 50), time: 0.25),
            .swipe(direction: .left, location: s.point(50, 50), time: 1.25),
        ])
    }

    @Test func verticalStrokesGoUpOrDown() {
        var s = TouchScript()
        s.stroke(id: 1, from: (50, 80), to: (50, 40), start: 0, duration: 0.2, steps: 4)
        s.stroke(id: 2, from: (50, 40), to: (55, 80), start: 1, duration: 0.2, steps: 4)
        #expect(Self.swipes(s).map(\.swipeDirection) == [.up, .down])
    }

    @Test func distanceThresholdIsInMillimetres() {
        // 15 mm is the least travel: 14.9 mm is nothing, 15 mm a swipe, at two panel densities.
        for ppmm in [4.0, 11.5] {
            var short = TouchScript(); short.pixelsPerMillimetre = ppmm
            short.stroke(from: (20, 50), to: (34.9, 50), duration: 0.2, steps: 4)
            #expect(Self.swipes(short).isEmpty)
            var enough = TouchScript(); enough.pixelsPerMillimetre = ppmm
            enough.stroke(from: (20, 50), to: (35, 50), duration: 0.2, steps: 4)
            #expect(Self.swipes(enough).map(\.swipeDirection) == [.right])
        }
    }

    @Test func diagonalSlowAndTwoFingerStrokesAreNoSwipes() {
        // 40° off the axis (tan 40° · 30 mm = 25.2 mm across): no swipe; 25° (14 mm) is one.
        var diagonal = TouchScript()
        diagonal.stroke(from: (20, 50), to: (50, 75.2), duration: 0.2, steps: 4)
        #expect(Self.swipes(diagonal).isEmpty)
        var slanted = TouchScript()
        slanted.stroke(from: (20, 50), to: (50, 64), duration: 0.2, steps: 4)
        #expect(Self.swipes(slanted).map(\.swipeDirection) == [.right])
        // Lifted 0.8 s after landing (longer than 0.6 s): a slow drag, not a swipe.
        var slow = TouchScript()
        slow.stroke(from: (20, 50), to: (50, 50), duration: 0.7, steps: 7)
        #expect(Self.swipes(slow).isEmpty)
        // Two fingers moving together: a pan.
        var two = TouchScript()
        two.frame(0, [(1, 20, 50, .began), (2, 20, 70, .began)])
        two.frame(0.1, [(1, 35, 50, .moved), (2, 35, 70, .moved)])
        two.frame(0.2, [(1, 50, 50, .ended), (2, 50, 70, .ended)])
        #expect(Self.swipes(two).isEmpty)
        // A cancelled touch reports nothing; the next stroke is a swipe again.
        var cancelled = TouchScript()
        cancelled.frame(0, [(1, 20, 50, .began)])
        cancelled.frame(0.1, [(1, 50, 50, .cancelled)])
        cancelled.stroke(id: 2, from: (20, 50), to: (50, 50), start: 1, duration: 0.2, steps: 4)
        #expect(Self.swipes(cancelled).map(\.swipeDirection) == [.right])
    }

    @Test func aTapIsNoSwipeAndASwipeIsNoTap() {
        var s = TouchScript()
        s.tap(id: 1, at: 50, 50, start: 0)
        s.stroke(id: 2, from: (20, 50), to: (50, 50), start: 1, duration: 0.2, steps: 4)
        var taps = TapRecognizer(maximumCount: 2, configuration: s.configuration)
        #expect(replay(s.frames, through: &taps) == [.tap(location: s.point(50, 50), count: 1, time: 0.08 + 0.3)])
        #expect(Self.swipes(s).map(\.swipeDirection) == [.right])
    }
}

extension GestureEvent {
    var swipeDirection: SwipeDirection? { if case .swipe(let d, _, _) = self { return d } else { return nil } }
}
