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
        var options = RecordingReplay.Options(recording: try RecordingReplayTests.sessionPath())
        options.timing = false
        options.showsProgress = false
        options.partySizeFirst = true
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
        // Each utterance again through espeak-ng, apart from the replay: the durations it reports.
        let synthesizer = SpeechSynthesizer()
        var reportedMs = 0
        for a in transcript {
            let audio = try synthesizer.synthesize(a.text, language: a.language)
            reportedMs += try #require(audio.reportedDurationMilliseconds)
        }
        let seconds = Double(file.samples.count) / Double(file.sampleRate)
        #expect(abs(seconds * 1000 - Double(reportedMs)) <= 10 * Double(transcript.count),
                "WAV \(seconds) s, espeak-ng \(reportedMs) ms over \(transcript.count) utterances")
        // Not silent: speech at espeak-ng's level has an RMS in the thousands; 300 is far above dither.
        let rms = SpeechAudio(samples: file.samples, sampleRate: Int(file.sampleRate)).rootMeanSquare
        #expect(rms > 300, "RMS \(rms)")
    }
}
