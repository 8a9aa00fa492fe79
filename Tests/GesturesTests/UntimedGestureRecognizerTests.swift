import Testing
import Geometry
@testable import Gestures

/// The recognizers without timers (`UntimedGestureRecognizer`): with a finger held down,
/// nothing is pending, and moving the clock a minute on emits nothing and changes no state;
/// only frames decide. The long press, on the same landing and clock, shows that the check
/// would see a timer.
struct UntimedGestureRecognizerTests {
    static let configuration = GestureConfiguration(pixelsPerMillimetre: 4)
    static let landing = TouchFrame(timestamp: 0, touches: [.init(id: 1, location: Point(x: 100, y: 200), phase: .began)])

    struct Held {
        var deadline: Double?
        /// What `advance` emitted (after the landing's own events).
        var advanced: [GestureEvent]
        var stateBefore: GestureState, stateAfter: GestureState
    }

    /// Lands one finger on `recognizer`, then advances the clock to 60 s.
    static func held<R: GestureRecognizer>(_ recognizer: R) -> Held {
        var r = recognizer
        var log = GestureEventLog()
        r.handle(landing, into: &log)
        let before = r.state, deadline = r.nextDeadline, handled = log.events.count
        r.advance(to: 60, into: &log)
        return Held(deadline: deadline, advanced: Array(log.events.dropFirst(handled)), stateBefore: before,
                    stateAfter: r.state)
    }

    @Test func aHeldFingerLeavesNoTimerAndTheClockFiresNothing() {
        let c = Self.configuration
        let held = [
            Self.held(DragRecognizer(minimumDistance: 5, configuration: c)), Self.held(PressRecognizer(configuration: c)),
            Self.held(RotateRecognizer(configuration: c)), Self.held(MagnifyRecognizer(configuration: c)),
            Self.held(PanZoomRotateRecognizer(configuration: c)), Self.held(SwipeRecognizer(configuration: c)),
            Self.held(TwoFingerTapRecognizer(configuration: c)),
        ]
        for h in held {
            #expect(h.deadline == nil)
            #expect(h.advanced.isEmpty)
            #expect(h.stateBefore == h.stateAfter)
        }
    }

    @Test func theLongPressOnTheSameClockFires() {
        let h = Self.held(LongPressRecognizer(configuration: Self.configuration))
        // Its hold time (GestureConfiguration's long-press duration) from the landing at 0.
        #expect(h.deadline == Self.configuration.longPressDuration)
        #expect(h.advanced.count == 1)
        #expect(h.stateBefore != h.stateAfter)
    }
}
