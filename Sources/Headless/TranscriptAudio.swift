import KioskUI
import Speech

/// A replay's transcript as sound (`tribune-headless replay --speech-wav`): each announcement
/// synthesized by espeak-ng in its own language and the utterances written one after another,
/// without gaps, into one WAV file — what the headset would have played, less the pauses.
public enum TranscriptAudio {
    /// Synthesizes `transcript` (in order) and writes it to `path`; returns each utterance's
    /// audio, whose durations espeak-ng reported. An empty transcript writes an empty WAV.
    @discardableResult
    public static func write(_ transcript: [Announcement], to path: String,
                             synthesizer: SpeechSynthesizer = SpeechSynthesizer()) throws -> [SpeechAudio] {
        var utterances: [SpeechAudio] = []
        utterances.reserveCapacity(transcript.count)
        var samples: [Int16] = []
        var rate = 0
        for a in transcript {
            let audio = try synthesizer.synthesize(a.text, language: a.language)
            if rate == 0 { rate = audio.sampleRate }
            guard audio.sampleRate == rate else {
                throw SpeechError(.synthesisFailed, language: a.language,
                                  message: "\"\(a.text)\": \(audio.sampleRate) Hz where the file has \(rate) Hz")
            }
            samples += audio.samples
            utterances.append(audio)
        }
        try WAVWriter.write(SpeechAudio(samples: samples, sampleRate: rate == 0 ? 22050 : rate), to: path)
        return utterances
    }
}
