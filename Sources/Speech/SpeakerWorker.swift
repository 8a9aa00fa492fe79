import Foundation

/// The state and thread behind a `Speaker`: the thread holds the worker, not the speaker, so a
/// speaker nobody holds any more closes its thread in `deinit`.
final class SpeakerWorker: @unchecked Sendable {
    let synthesizer: SpeechSynthesizer
    private let output: any SpeechOutput
    private let onEvent: @Sendable (Speaker.Event) -> Void
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: UtteranceQueue
    private var playing: Utterance?
    /// Bumped by every interruption; an utterance started under an older one stops.
    private var generation = 0
    private var closing = false
    private var threadDone = false

    init(synthesizer: SpeechSynthesizer, output: sending any SpeechOutput, capacity: Int,
         onEvent: @escaping @Sendable (Speaker.Event) -> Void) {
        self.synthesizer = synthesizer
        self.output = output
        self.onEvent = onEvent
        queue = UtteranceQueue(capacity: capacity)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "tribune-speaker"
        thread.start()
    }

    /// Queues `utterance`; when it interrupts, what is queued is dropped and what is playing stops.
    func speak(_ utterance: Utterance) {
        condition.lock()
        if closing {
            condition.unlock()
            return
        }
        if utterance.interrupts { generation += 1 }
        let dropped = queue.add(utterance)
        condition.broadcast()
        condition.unlock()
        for u in dropped { onEvent(.dropped(u)) }
    }

    /// Drops what is queued and stops what is playing.
    func stop() {
        condition.lock()
        generation += 1
        let dropped = queue.removeAll()
        condition.broadcast()
        condition.unlock()
        for u in dropped { onEvent(.dropped(u)) }
    }

    /// Blocks until nothing is queued or playing.
    func waitUntilIdle() {
        condition.lock()
        while (playing != nil || !queue.waiting.isEmpty) && !threadDone { condition.wait() }
        condition.unlock()
    }

    /// Stops speaking and ends the thread (waiting for it); later `speak` calls are ignored.
    func close() {
        condition.lock()
        closing = true
        generation += 1
        queue.removeAll()
        condition.broadcast()
        while !threadDone { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while let (utterance, started) = nextUtterance() {
            onEvent(.started(utterance))
            let outcome = say(utterance, generation: started)
            // Reported before the speaker counts as idle, so `waitUntilIdle` returns with every
            // event delivered.
            onEvent(outcome)
            condition.lock()
            playing = nil
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        threadDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the next utterance; nil when closing.
    private func nextUtterance() -> (Utterance, Int)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if closing { return nil }
            if let u = queue.next() {
                playing = u
                return (u, generation)
            }
            condition.wait()
        }
    }

    private func isStale(_ started: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return generation != started || closing
    }

    private func say(_ utterance: Utterance, generation started: Int) -> Speaker.Event {
        do {
            let audio = try synthesizer.synthesize(utterance.text, language: utterance.language)
            if isStale(started) { return .interrupted(utterance) }
            var stopped = false
            try output.play(audio) {
                stopped = stopped || isStale(started)
                return stopped
            }
            return stopped ? .interrupted(utterance) : .finished(utterance)
        } catch {
            return .failed(utterance, "\(error)")
        }
    }
}
