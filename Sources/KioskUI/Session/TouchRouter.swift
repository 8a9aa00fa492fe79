import Geometry
import Gestures

/// Which fingers are down and where the current touch sequence goes. A sequence starts when
/// the first finger lands on an empty screen and ends when the last one lifts; its destination
/// is decided once, from where its first finger landed, and every later frame of it goes there.
struct TouchRouter {
    /// Where a touch sequence goes.
    enum Route: Equatable {
        case chart
        case control(KioskControl)
        /// The screen reader's gestures (speech on): explore, swipe, double-tap; never the chart.
        case screenReader
        /// Ignored; `wake` marks the touch that woke the screen.
        case swallow(wake: Bool)
    }

    /// Ids of the fingers down, sorted.
    private(set) var touchesDown: [Int] = []
    /// The current sequence's destination (nil between sequences).
    var route: Route? {
        didSet { if route == .chart && oldValue != .chart { chartSequences += 1 } }
    }
    /// Touch sequences that went to the chart so far (step-through's tests: none may).
    private(set) var chartSequences = 0
    /// The latest position of the sequence's first finger (controls follow it).
    private(set) var location: Point = .zero
    private var finger = -1

    /// No finger is down.
    var isIdle: Bool { touchesDown.isEmpty }

    /// Takes in `frame`'s fingers; returns the finger that starts a new sequence, if one does
    /// (the first to land on an empty screen). The caller then sets `route`.
    mutating func track(_ frame: TouchFrame) -> TouchFrame.Touch? {
        let wasDown = !touchesDown.isEmpty
        var landed: TouchFrame.Touch?
        for touch in frame.touches {
            switch touch.phase {
            case .began:
                if let k = insertionIndex(touch.id) {
                    touchesDown.insert(touch.id, at: k)
                    if landed == nil { landed = touch }
                }
            case .ended, .cancelled:
                if let k = touchesDown.firstIndex(of: touch.id) { touchesDown.remove(at: k) }
            case .moved, .stationary:
                break
            }
            if touch.id == finger { location = touch.location }
        }
        guard !wasDown, let first = landed else { return nil }
        finger = first.id
        location = first.location
        return first
    }

    /// Forgets the sequence once its last finger is up.
    mutating func endSequenceIfLifted() {
        if touchesDown.isEmpty { route = nil; finger = -1 }
    }

    private func insertionIndex(_ id: Int) -> Int? {
        var k = 0
        while k < touchesDown.count && touchesDown[k] < id { k += 1 }
        if k < touchesDown.count && touchesDown[k] == id { return nil }
        return k
    }
}
