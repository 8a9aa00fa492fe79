import KioskUI
import Logging
import Speech
import Synchronization

/// `tribune run`'s voice: speaks the session's announcements (accessibility mode's speech)
/// through espeak-ng to the configured ALSA device, on the `Speaker`'s own thread, so the frame
/// loop only hands values over and never waits for synthesis or the device.
///
/// Nothing is opened until the first announcement (the session emits them only with speech
/// on). What is cut: announcements taken after the visitor touched the screen interrupt what is
/// still playing or queued (as a screen reader does on a new focus: what was being said is about
/// the screen before the touch); those that come from time alone (the hold's last minute, a box
/// office's answer, the idle reset) wait their turn. At most `queueCapacity` wait; the oldest
/// are dropped first. A device error is logged once with the device's name and alsa-lib's
/// text, and the device is opened again for the next utterance.
final class KioskVoice {
    /// Utterances waiting at most (a screen change, its focused item and a result fit).
    static let queueCapacity = 8

    let settings: KioskConfiguration.Speech
    private let logger: Logger
    private var speaker: Speaker?
    private let ledger = Ledger()
    /// The runtime's touch-frame count at the last `follow`.
    private var touchFramesHeard = 0
    private var speechWasOn = false

    /// What became of the utterances so far.
    struct Tally: Sendable, Equatable {
        var said = 0
        var interrupted = 0
        var dropped = 0
        var failed = 0
        /// The seconds of speech played to its end.
        var secondsSaid = 0.0
        /// The last failure logged (the same one is not logged again until speech works).
        var lastFailure: String?
        /// The length of the utterance last played, s (noted by the output).
        var lastDuration = 0.0
        /// Sound device opens, successful or not.
        var opens = 0
    }

    /// The tally, shared by the loop's thread and the speaker's.
    final class Ledger: Sendable {
        let state = Mutex(Tally())
    }

    init(settings: KioskConfiguration.Speech, logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    deinit { speaker?.close() }

    /// Whether the speaker (and so, after its first utterance, the device) has been started.
    var isStarted: Bool { speaker != nil }

    var counts: Tally { ledger.state.withLock { $0 } }

    /// After each loop iteration: speaks what the session announced since the last call, the
    /// first of it interrupting when touch frames (`touchFrames`, the runtime's running count)
    /// arrived in between; silences what is left when the visitor turned speech off.
    func follow(_ session: KioskSession, touchFrames: Int) {
        let touched = touchFrames != touchFramesHeard
        touchFramesHeard = touchFrames
        speak(session.takeAnnouncements(), interrupting: touched)
        let on = session.accessibility.speech
        if speechWasOn && !on { silence() }
        speechWasOn = on
    }

    /// Speaks `announcements` in order, each in its own language. `interrupting`: the first
    /// cuts off what is playing and drops what waits.
    func speak(_ announcements: [Announcement], interrupting: Bool) {
        guard !announcements.isEmpty else { return }
        let speaker = self.speaker ?? start()
        for (i, a) in announcements.enumerated() {
            speaker.speak(Utterance(a.text, language: a.language, interrupts: interrupting && i == 0))
        }
    }

    /// Blocks until everything queued has been said (tests; the loop never waits).
    func waitUntilIdle() { speaker?.waitUntilIdle() }

    /// Stops what is being said and drops what waits (speech turned off, the visitor left).
    func silence() { speaker?.stop() }

    /// Stops speaking and ends the speaker's thread (waiting for it, at most one audio block
    /// when playing), and logs what became of the utterances.
    func close() {
        guard let speaker else { return }
        speaker.close()
        self.speaker = nil
        let t = counts
        logger.info("speech stopped", metadata: [
            "said": "\(t.said)", "said_ms": "\(Int((t.secondsSaid * 1000).rounded()))", "interrupted": "\(t.interrupted)",
            "dropped": "\(t.dropped)", "failed": "\(t.failed)"])
    }

    private func start() -> Speaker {
        let output = SpeechDeviceOutput(device: settings.device, volume: settings.volume, ledger: ledger)
        let synthesizer = SpeechSynthesizer(rate: settings.rate)
        let speaker = Speaker(synthesizer: synthesizer, output: output, capacity: Self.queueCapacity) {
            [ledger, logger, device = settings.device] event in
            Self.record(event, ledger: ledger, logger: logger, device: device)
        }
        logger.info("speech on", metadata: ["device": "\(settings.device)", "rate_wpm": "\(settings.rate)",
                                            "volume": "\(settings.volume)"])
        self.speaker = speaker
        return speaker
    }

    /// Counts an utterance's fate and logs it: each one said (text, language, length), a
    /// failure once until speech works again. Runs on the speaker's thread.
    private static func record(_ event: Speaker.Event, ledger: Ledger, logger: Logger, device: String) {
        switch event {
        case .started:
            return
        case .finished(let u):
            let (seconds, recovered) = ledger.state.withLock { t -> (Double, Bool) in
                t.said += 1
                t.secondsSaid += t.lastDuration
                defer { t.lastFailure = nil }
                return (t.lastDuration, t.lastFailure != nil)
            }
            if recovered { logger.notice("speech output working again", metadata: ["device": "\(device)"]) }
            logger.info("said", metadata: ["text": "\(u.text)", "language": "\(u.language)",
                                           "duration_ms": "\(Int((seconds * 1000).rounded()))"])
        case .interrupted:
            ledger.state.withLock { $0.interrupted += 1 }
        case .dropped:
            ledger.state.withLock { $0.dropped += 1 }
        case .failed(let u, let message):
            let first = ledger.state.withLock { t -> Bool in
                t.failed += 1
                defer { t.lastFailure = message }
                return t.lastFailure != message
            }
            if first {
                logger.error("speech failed: \(message)", metadata: ["device": "\(device)", "language": "\(u.language)"])
            }
        }
    }
}
