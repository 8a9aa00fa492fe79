/// One thing the kiosk says (accessibility mode's speech): the session emits these as values
/// (`KioskSession.takeAnnouncements()`), and the host speaks them — through the speaker to the
/// headset on a kiosk, into the transcript and a WAV file in replay. The session never plays
/// sound itself.
public struct Announcement: Hashable, Sendable {
    /// What is said, as the visitor's language writes it (placeholders filled, separators read
    /// as pauses).
    public var text: String
    /// The language's tag ("en", "de", "es", "ar", "zh"): the voice to speak it with.
    public var language: String
    /// When the session said it, s on the session's clock.
    public var time: Double

    public init(text: String, language: String, time: Double) {
        self.text = text
        self.language = language
        self.time = time
    }
}

/// The announcements waiting for the host, oldest first, never more than `capacity`: a kiosk
/// whose host does not take them (speech off in the host, a replay without a transcript) must
/// not grow, so the oldest are dropped — the newest say what the screen is now.
struct AnnouncementQueue {
    /// At most this many wait (a screen change with its items and results is a handful).
    let capacity: Int
    private(set) var waiting: [Announcement] = []
    /// Announcements dropped because nobody took them in time.
    private(set) var dropped = 0
    /// Announcements appended since the session started (to tell whether an action said anything).
    private(set) var appended = 0

    init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
        waiting.reserveCapacity(self.capacity)
    }

    mutating func append(_ announcement: Announcement) {
        if waiting.count == capacity {
            waiting.removeFirst()
            dropped += 1
        }
        waiting.append(announcement)
        appended += 1
    }

    /// Everything waiting, oldest first; the queue is empty afterwards.
    mutating func take() -> [Announcement] {
        defer { waiting.removeAll(keepingCapacity: true) }
        return waiting
    }
}
