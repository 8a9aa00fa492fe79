import Testing
import Synchronization
@testable import Speech

@Suite struct SpeakerTests {
    final class EventLog: Sendable {
        let events = Mutex<[Speaker.Event]>([])
        func append(_ e: Speaker.Event) { events.withLock { $0.append(e) } }
        var all: [Speaker.Event] { events.withLock { $0 } }
    }

    @Test func utterancesAreSpokenInOrderOnTheNullDevice() throws {
        let log = EventLog()
        let speaker = Speaker(synthesizer: SpeechSynthesizer(), output: try ALSAPlayback(device: "null"), capacity: 8,
                              onEvent: log.append)
        let said = [Utterance("Section North.", language: "en"), Utterance("Reihe vier.", language: "de"),
                    Utterance("座位", language: "zh")]
        for u in said { speaker.speak(u) }
        speaker.waitUntilIdle()
        speaker.close()
        let expected = said.flatMap { [Speaker.Event.started($0), .finished($0)] }
        #expect(log.all == expected)
    }

    @Test func aFailedUtteranceIsReportedAndTheNextStillSpoken() throws {
        let log = EventLog()
        let speaker = Speaker(synthesizer: SpeechSynthesizer(), output: try ALSAPlayback(device: "null"), onEvent: log.append)
        let bad = Utterance("Bonjour", language: "fr"), good = Utterance("Hello", language: "en")
        speaker.speak(bad)
        speaker.speak(good)
        speaker.waitUntilIdle()
        speaker.close()
        let events = log.all
        #expect(events.count == 4)
        if case .failed(let u, let message) = events[1] {
            #expect(u == bad && message.contains("'fr'"))
        } else {
            Issue.record("expected a failure, got \(events[1])")
        }
        #expect(Array(events[2...]) == [.started(good), .finished(good)])
    }

    /// Every utterance spoken to a closed speaker is ignored; closing twice is fine.
    @Test func aClosedSpeakerSaysNothing() throws {
        let log = EventLog()
        let speaker = Speaker(synthesizer: SpeechSynthesizer(), output: try ALSAPlayback(device: "null"), onEvent: log.append)
        speaker.close()
        speaker.speak(Utterance("Hello", language: "en"))
        speaker.waitUntilIdle()
        speaker.close()
        #expect(log.all.isEmpty)
    }
}
