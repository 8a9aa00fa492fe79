/// The utterances waiting to be spoken, oldest first, at most `capacity` of them: when full, the
/// oldest waiting one is dropped (what was said longest ago matters least to a visitor), so the
/// queue never grows however fast the session talks.
public struct UtteranceQueue: Hashable, Sendable {
    public let capacity: Int
    public private(set) var waiting: [Utterance] = []

    /// `capacity` is at least 1.
    public init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Adds `utterance`, clearing the queue first when it interrupts. Returns the utterances
    /// that were dropped to make room or by the interruption, oldest first.
    @discardableResult
    public mutating func add(_ utterance: Utterance) -> [Utterance] {
        var dropped: [Utterance] = []
        if utterance.interrupts {
            dropped = waiting
            waiting.removeAll()
        }
        if waiting.count == capacity { dropped.append(waiting.removeFirst()) }
        waiting.append(utterance)
        return dropped
    }

    /// The next utterance to speak, removed from the queue.
    public mutating func next() -> Utterance? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// Empties the queue; returns what was waiting.
    @discardableResult
    public mutating func removeAll() -> [Utterance] {
        defer { waiting.removeAll() }
        return waiting
    }
}
