import Foundation
import Headless
import KioskUI
import Speech
import Testing

/// `tribune-headless replay --speech --speech-wav`: the bundled demo session replayed with speech
/// on (its taps explore, as a screen reader's), its transcript in the report and as audio.
@Suite("Transcript audio", .serialized)
struct TranscriptAudioTests {
    @Test func theReplaysSpeechIsWrittenAsOneWAVAsLongAsEspeakSaysItsUtterancesAre() throws {
        let wav = RecordingReplayTests.temporaryPath("speech.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        var options = try RecordingReplayTests.bundledSessionOptions()
        options.speech = true
        options.speechWAVPath = wav
        let result = try RecordingReplay(options: options).run()
        let transcript = result.report.speech
        // At least the first screen and what the demo's taps explored.
        #expect(transcript.count >= 2)
        #expect(transcript.first?.text.hasPrefix("Choose your seats.") == true)
        #expect(result.report.json().contains("\"speech\": ["))

        let file = try WAVReader(path: wav)
        #expect(file.channels == 1 && file.bitsPerSample == 16)
        // The file is the replay's utterances one after another, and its length is what espeak-ng
        // reported for those very syntheses (espeak-ng's output depends a little on what it spoke
        // before, so a second synthesis elsewhere in a parallel run may differ by tens of ms).
        let utterances = result.speechAudio
        #expect(utterances.count == transcript.count)
        #expect(file.samples.count == utterances.reduce(0) { $0 + $1.samples.count })
        var reportedMs = 0
        for u in utterances { reportedMs += try #require(u.reportedDurationMilliseconds) }
        let seconds = Double(file.samples.count) / Double(file.sampleRate)
        #expect(abs(seconds * 1000 - Double(reportedMs)) <= 10 * Double(transcript.count),
                "WAV \(seconds) s, espeak-ng \(reportedMs) ms over \(transcript.count) utterances")
        // The same texts through espeak-ng again, apart from the replay, say the same words: each
        // within a fifth of the replay's utterance (the carried-over state moves tens of ms at most).
        let synthesizer = SpeechSynthesizer()
        for (a, u) in zip(transcript, utterances) {
            let again = try synthesizer.synthesize(a.text, language: a.language)
            #expect(abs(again.samples.count - u.samples.count) <= u.samples.count / 5, "\(a.text)")
        }
        // Not silent: speech at espeak-ng's level has an RMS in the thousands; 300 is far above dither.
        let rms = SpeechAudio(samples: file.samples, sampleRate: Int(file.sampleRate)).rootMeanSquare
        #expect(rms > 300, "RMS \(rms)")
    }
}
