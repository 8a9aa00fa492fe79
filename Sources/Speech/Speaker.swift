/// Speaks utterances in order on a thread of its own, so whoever calls `speak` (the render
/// loop) never waits for synthesis or the sound device. An interrupting utterance empties the
/// queue and stops the one playing within one block of audio (`ALSAPlayback`: 50 ms); the queue
/// is bounded (`UtteranceQueue`). What happens to each utterance is reported to `onEvent`, on
/// the speaker's thread.
public final class Speaker: Sendable {
    /// What became of an utterance.
    public enum Event: Hashable, Sendable {
        case started(Utterance)
        /// Played to its end.
        case finished(Utterance)
        /// Stopped part-way (or before it was played) by an interrupting utterance or `stop()`.
        case interrupted(Utterance)
        /// Never started: dropped from a full queue or by an interruption.
        case dropped(Utterance)
        /// Synthesis or playback failed; the message is the typed error's description.
        case failed(Utterance, String)
    }

    private let worker: SpeakerWorker

    public var synthesizer: SpeechSynthesizer { worker.synthesizer }

    /// Starts the speaker's thread. `capacity` bounds the utterances waiting (at least 1).
    public init(synthesizer: SpeechSynthesizer, output: sending any SpeechOutput, capacity: Int = 8,
                onEvent: @escaping @Sendable (Event) -> Void = { _ in }) {
        worker = SpeakerWorker(synthesizer: synthesizer, output: output, capacity: capacity, onEvent: onEvent)
        worker.start()
    }

    deinit {
        worker.close()
    }

    /// Queues `utterance`; when it interrupts, what is queued is dropped and what is playing stops.
    public func speak(_ utterance: Utterance) { worker.speak(utterance) }

    /// Drops what is queued and stops what is playing.
    public func stop() { worker.stop() }

    /// Blocks until nothing is queued or playing and every event has been reported.
    public func waitUntilIdle() { worker.waitUntilIdle() }

    /// Stops speaking and ends the thread (waiting for it); later `speak` calls are ignored.
    public func close() { worker.close() }
}
