import Gestures

/// The session's screen reader (accessibility mode's speech): its own gestures — a single tap
/// explores, a swipe moves the focus, a double-tap activates — the focus, what was last said
/// about the screen (so only changes are announced), and the announcements waiting for the
/// host. Plain values inside `KioskSession`; `KioskSession+Speech` drives it.
struct SpeechState {
    typealias Gestures = SimultaneousGesture<TapRecognizer, SwipeRecognizer>

    /// Taps (count 1: explore, count 2: activate) and swipes, thresholds in mm on the panel.
    var gestures: Gestures
    var queue = AnnouncementQueue()
    /// The focused item's index in `KioskSession.focusItems` (nil: none yet on this screen).
    var focus: Int?
    /// The title last announced (nil: none, or speech was off): a different one is a new screen.
    var title: String?
    /// The toast last announced, by its end time (toasts with the same text may follow).
    var toastUntil: Double?
    /// The hold expiry whose last minute was announced.
    var warnedExpiry: Double?
    /// A double-tap is pressing the focused item: the synthetic tap takes the ordinary path,
    /// and the results are announced once it is done.
    var activating = false

    init(pixelsPerMillimetre: Double) {
        let configuration = GestureConfiguration(pixelsPerMillimetre: pixelsPerMillimetre)
        gestures = TapRecognizer(maximumCount: 2, configuration: configuration)
            .simultaneously(with: SwipeRecognizer(configuration: configuration))
    }

    /// Forgets the screen (speech turned off, a new visitor): the next announcement starts over.
    mutating func forgetScreen() {
        focus = nil
        title = nil
        toastUntil = nil
        warnedExpiry = nil
    }
}
