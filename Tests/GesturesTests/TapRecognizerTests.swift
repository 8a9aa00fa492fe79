import Testing
import Geometry
@testable import Gestures

struct TapRecognizerTests {
    static func taps(_ s: TouchScript, maximumCount: Int = 2) -> [GestureEvent] {
        var r = TapRecognizer(maximumCount: maximumCount, configuration: s.configuration)
        return replay(s.frames, through: &r)
    }

    @Test func jitterWithinSlopIsATapBeyondIsADrag() {
        var small = TouchScript(); small.tap(id: 1, at: 50, 50, start: 0, jitter: 4)
        var large = TouchScript(); large.tap(id: 1, at: 50, 50, start: 0, jitter: 6)
        #expect(Self.taps(small, maximumCount: 1) == [.tap(location: small.point(50, 50), count: 1, time: 0.08)])
        #expect(Self.taps(large, maximumCount: 1).isEmpty)
        var d1 = DragRecognizer(configuration: small.configuration)
        #expect(replay(small.frames, through: &d1).isEmpty)
        var d2 = DragRecognizer(configuration: large.configuration)
        #expect(replay(large.frames, through: &d2).contains { $0.isDrag })
        // Seat tap before chart drag: exactly one of them reports.
        let c = small.configuration
        var g1 = TapRecognizer(maximumCount: 1, configuration: c).exclusively(before: DragRecognizer(configuration: c))
        let e1 = replay(small.frames, through: &g1)
        #expect(e1.compactMap(\.tapCount) == [1] && !e1.contains { $0.isDrag })
        var g2 = TapRecognizer(maximumCount: 1, configuration: c).exclusively(before: DragRecognizer(configuration: c))
        let e2 = replay(large.frames, through: &g2)
        #expect(e2.compactMap(\.tapCount).isEmpty && e2.contains { $0.isDrag })
    }

    @Test func doubleTapWindow() {
        // Second landing 200 ms after the first lift, 3 mm away: one double tap at the second lift.
        var s = TouchScript()
        s.tap(id: 1, at: 50, 50, start: 0)
        s.tap(id: 2, at: 53, 50, start: 0.28)
        #expect(Self.taps(s) == [.tap(location: s.point(50, 50), count: 2, time: 0.28 + 0.08)])

        // 350 ms: the window (300 ms) expires first → two singles, the first exactly at 0.08 + 0.3.
        var late = TouchScript()
        late.tap(id: 1, at: 50, 50, start: 0)
        late.tap(id: 2, at: 50, 50, start: 0.43)
        let e = Self.taps(late)
        #expect(e.compactMap(\.tapCount) == [1, 1])
        if case .tap(_, _, let t)? = e.first { #expect(abs(t - 0.38) < 1e-12) }

        // Exactly 300 ms still counts (a landing at the deadline is inside the window);
        // the times are built with the same expression as the deadline (up + 0.3).
        var edge = TouchScript()
        edge.tap(id: 1, at: 50, 50, start: 0, duration: 0.0625)
        edge.tap(id: 2, at: 50, 50, start: 0.0625 + 0.3)
        #expect(Self.taps(edge).compactMap(\.tapCount) == [2])
        var past = TouchScript()
        past.tap(id: 1, at: 50, 50, start: 0, duration: 0.0625)
        past.tap(id: 2, at: 50, 50, start: (0.0625 + 0.3).nextUp)
        #expect(Self.taps(past).compactMap(\.tapCount) == [1, 1])

        // Faster than 40 ms is a bounce, not a second tap; 25 mm away is another target.
        var bounce = TouchScript()
        bounce.tap(id: 1, at: 50, 50, start: 0)
        bounce.tap(id: 2, at: 50, 50, start: 0.11)
        #expect(Self.taps(bounce).compactMap(\.tapCount) == [1, 1])
        var far = TouchScript()
        far.tap(id: 1, at: 50, 50, start: 0)
        far.tap(id: 2, at: 75, 50, start: 0.2)
        #expect(Self.taps(far).compactMap(\.tapCount) == [1, 1])
    }

    @Test func deadlineIsExposedAndFiredByAdvance() {
        var s = TouchScript()
        s.tap(id: 1, at: 50, 50, start: 1.0)
        var r = TapRecognizer(configuration: s.configuration)
        var log = GestureEventLog()
        for f in s.frames { r.handle(f, into: &log) }
        #expect(log.events.isEmpty)
        let deadline = 1.0 + 0.08 + 0.3
        #expect(r.nextDeadline == deadline)
        r.advance(to: deadline.nextDown, into: &log)
        #expect(log.events.isEmpty)
        r.advance(to: deadline, into: &log)
        #expect(log.events == [.tap(location: s.point(50, 50), count: 1, time: deadline)])
        #expect(r.nextDeadline == nil)
    }

    @Test func secondFingerMakesItAPinchNotATap() {
        var s = TouchScript()
        s.frame(0, [(1, 50, 50, .began)])
        s.frame(0.03, [(1, 50, 50, .stationary), (2, 80, 50, .began)])
        s.frame(0.08, [(1, 50, 50, .ended), (2, 80, 50, .ended)])
        #expect(Self.taps(s, maximumCount: 1).isEmpty)
    }

    @Test func holdingLongerThanLongPressIsNotATap() {
        var s = TouchScript()
        s.tap(id: 1, at: 50, 50, start: 0, duration: 0.6)
        #expect(Self.taps(s, maximumCount: 1).isEmpty)
        var r = LongPressRecognizer(configuration: s.configuration)
        #expect(replay(s.frames, through: &r) == [.longPress(location: s.point(50, 50), time: 0.5)])
    }

    @Test func longPressFailsWhenTheFingerWanders() {
        var s = TouchScript()
        s.frame(0, [(1, 50, 50, .began)])
        s.frame(0.2, [(1, 56, 50, .moved)])
        s.frame(0.4, [(1, 50, 50, .moved)])
        s.frame(0.7, [(1, 50, 50, .ended)])
        var r = LongPressRecognizer(configuration: s.configuration)
        #expect(replay(s.frames, through: &r).isEmpty)
    }

    @Test func cancelledTouchIsNoTap() {
        var s = TouchScript()
        s.frame(0, [(1, 50, 50, .began)])
        s.frame(0.05, [(1, 50, 50, .cancelled)])
        #expect(Self.taps(s, maximumCount: 1) == [.cancelled(.tap, time: 0.05)])
    }

    @Test func pressFeedback() {
        let c = TouchScript().configuration
        var tap = TouchScript(); tap.tap(id: 1, at: 50, 50, start: 0)
        var p1 = PressRecognizer(configuration: c)
        #expect(replay(tap.frames, through: &p1) == [
            .pressBegan(location: tap.point(50, 50), time: 0),
            .pressEnded(location: tap.point(50, 50), time: 0.08, withdrawn: false),
        ])
        // A drag withdraws the press in the frame it passes the 5 mm slop (1 mm per frame).
        var drag = TouchScript(); drag.stroke(from: (50, 50), to: (70, 50), duration: 0.2, steps: 20)
        var p2 = PressRecognizer(configuration: c)
        let e = replay(drag.frames, through: &p2)
        #expect(e == [.pressBegan(location: drag.point(50, 50), time: 0),
                      .pressEnded(location: drag.point(56, 50), time: 0.06, withdrawn: true)])
        var cancel = TouchScript()
        cancel.frame(0, [(1, 50, 50, .began)]); cancel.frame(0.05, [(1, 50, 50, .cancelled)])
        var p3 = PressRecognizer(configuration: c)
        #expect(replay(cancel.frames, through: &p3).last == .pressEnded(location: cancel.point(50, 50), time: 0.05, withdrawn: true))
    }

    @Test func longPressThenDragInSequence() throws {
        // Hold 0.6 s, then drag 20 mm: the drag starts after the long press and counts from there.
        var s = TouchScript()
        s.frame(0, [(1, 50, 50, .began)])
        for k in 1...6 { s.frame(Double(k) * 0.1, [(1, 50, 50, .stationary)]) }
        for k in 1...20 { s.frame(0.6 + Double(k) * 0.01, [(1, 50 + Double(k), 50, .moved)]) }
        s.frame(0.81, [(1, 70, 50, .ended)])
        let c = s.configuration
        var g = LongPressRecognizer(configuration: c).sequenced(before: DragRecognizer(configuration: c))
        let events = replay(s.frames, through: &g)
        #expect(events.first == .longPress(location: s.point(50, 50), time: 0.5))
        guard case .dragEnded(let v)? = events.last else { Issue.record("no dragEnded: \(events)"); return }
        #expect(abs(v.translation.dx - 80) < 1e-9)
        // Without the hold there is no drag.
        var quick = TouchScript(); quick.stroke(from: (50, 50), to: (70, 50), duration: 0.2, steps: 20)
        var g2 = LongPressRecognizer(configuration: c).sequenced(before: DragRecognizer(configuration: c))
        #expect(replay(quick.frames, through: &g2).isEmpty)
    }
}
