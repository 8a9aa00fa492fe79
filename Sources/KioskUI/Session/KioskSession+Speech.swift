import Geometry
import Gestures

/// Screen-reader touch while speech is on (`AccessibilityOptions.speech`): touches go to the
/// focus model instead of the chart and the buttons — a single tap explores (the item under
/// the finger is focused and spoken, nothing is pressed), a swipe right or left moves the focus
/// to the next or previous item and speaks it, a double-tap anywhere presses the focused item
/// (a tap at its activation point through the ordinary path, VoiceOver's rule). The chart's
/// pan and zoom are off meanwhile. Waking the screen and continuing after the idle prompt
/// work as for any touch.
extension KioskSession {
    /// The synthetic finger a double-tap presses with (no panel reports negative ids).
    static let activationTouchID = -27

    /// What the host should say, oldest first, since the last call (at most
    /// `AnnouncementQueue.capacity` wait; older ones are dropped). Empty while speech is off.
    public func takeAnnouncements() -> [Announcement] { speech.queue.take() }

    /// Announcements dropped because the host did not take them in time.
    public var droppedAnnouncements: Int { speech.queue.dropped }

    /// The item the screen reader is on, if any.
    public var focusedItem: FocusItem? {
        guard let k = speech.focus else { return nil }
        let items = focusItems
        return items.indices.contains(k) ? items[k] : nil
    }

    /// Whether touches go to the screen reader now.
    var screenReaderTouch: Bool { accessibility.speech && !speech.activating }

    /// Takes `frame` when the screen reader has touch (returns false otherwise: the ordinary
    /// routes take it). `handle(_:)` has caught the session up to the frame's time.
    func handleScreenReaderTouch(_ frame: TouchFrame) -> Bool {
        guard screenReaderTouch else { return false }
        let t = frame.timestamp
        let landed = router.track(frame)
        if !frame.touches.isEmpty { timers.touched(at: t) }
        if let first = landed { router.route = screenReaderRoute(at: first.location, time: t) }
        var log = GestureEventLog()
        switch router.route {
        case .screenReader?:
            speech.gestures.handle(frame, into: &log)
        case .swallow(let wake)?:
            if router.isIdle && wake { timers.wakeGuardUntil = t + configuration.wakeGuard }
        case .chart?, .control?, nil:
            break
        }
        // The sequence ends before a double-tap presses, so the press is a sequence of its own.
        router.endSequenceIfLifted()
        deliverScreenReaderGestures(log.events)
        fireTimers(through: t)
        announceChanges()
        dirty = true
        return true
    }

    /// Where a touch landing at `p` goes with the screen reader on.
    private func screenReaderRoute(at p: Point, time t: Double) -> TouchRouter.Route {
        switch screen {
        case .blanked, .attract, .outOfService(_, .attract):
            wake(at: t)
            return .swallow(wake: true)
        case .outOfService, .purchasing:
            return .swallow(wake: false)
        case .idlePrompt:
            continueSession()
            return .swallow(wake: false)
        default:
            return t < timers.wakeGuardUntil ? .swallow(wake: true) : .screenReader
        }
    }

    /// The screen reader's timers (a single tap waits out the double-tap window).
    func advanceScreenReader(to time: Double) {
        guard accessibility.speech, let d = speech.gestures.nextDeadline, d <= time else { return }
        var log = GestureEventLog()
        speech.gestures.advance(to: time, into: &log)
        deliverScreenReaderGestures(log.events)
    }

    /// The screen reader's next timer: its double-tap window, the hold's last minute.
    var screenReaderDeadline: Double? {
        guard accessibility.speech else { return nil }
        var d = speech.gestures.nextDeadline
        if let warning = holdWarningTime, warning > now { d = min(d ?? warning, warning) }
        return d
    }

    private func deliverScreenReaderGestures(_ events: [GestureEvent]) {
        for e in events {
            totals.receive(e)
            switch e {
            case .tap(let location, 1, _): explore(at: location)
            case .tap(_, 2, _): activateFocus()
            case .swipe(.right, _, _): moveFocus(by: 1)
            case .swipe(.left, _, _): moveFocus(by: -1)
            default: break
            }
        }
    }

    /// A single tap: the item under the finger is focused and spoken (nothing when none is).
    func explore(at p: Point) {
        let items = focusItems
        guard let k = items.firstIndex(where: { $0.frame.contains(p) }) else { return }
        speech.focus = k
        say(items[k].label)
    }

    /// A swipe: the next (`delta` 1) or previous (−1) item, spoken; the first or last item when
    /// none is focused yet. At either end the focus stays and the item is spoken again.
    func moveFocus(by delta: Int) {
        let items = focusItems
        guard !items.isEmpty else { return }
        let k: Int
        if let f = speech.focus, items.indices.contains(f) {
            k = min(max(f + delta, 0), items.count - 1)
        } else {
            k = delta > 0 ? 0 : items.count - 1
        }
        speech.focus = k
        say(items[k].label)
    }

    /// A double-tap: the focused item is pressed as a finger would press it, then what changed
    /// is said — seats added or removed with the new total, then a new screen, then a toast;
    /// when none of these, the item's new state (a switch turned on, found where it was pressed
    /// even when other items came or went, as the map flying to the wheelchair spaces adds
    /// Home) or the first new item (the party's chip after a size) is focused and said, so
    /// every press is answered.
    func activateFocus() {
        guard let item = focusedItem, let p = item.activationPoint else { return }
        let before = selectedSeats, itemsBefore = focusItems, said = speech.queue.appended
        speech.activating = true
        let t = now
        handle(TouchFrame(timestamp: t, touches: [.init(id: Self.activationTouchID, location: p, phase: .began)]))
        handle(TouchFrame(timestamp: t, touches: [.init(id: Self.activationTouchID, location: p, phase: .ended)]))
        speech.activating = false
        announceSelectionChange(from: before, to: selectedSeats)
        announceChanges()
        guard speech.queue.appended == said, let k = speech.focus else { return }
        let items = focusItems
        if items.count == itemsBefore.count, items.indices.contains(k), items[k].label != itemsBefore[k].label {
            say(items[k].label)
        } else if let same = items.firstIndex(where: { $0.frame == item.frame && $0.label != item.label }) {
            speech.focus = same
            say(items[same].label)
        } else if let first = items.firstIndex(where: { new in !itemsBefore.contains { $0.label == new.label } }) {
            speech.focus = first
            say(items[first].label)
        }
    }
}
