/// Synthesized speech: mono 16-bit PCM samples at the synthesizer's rate, with the length
/// espeak-ng itself reported for them (the position of its last event), so a caller can check
/// the samples against the synthesizer's own account.
public struct SpeechAudio: Hashable, Sendable {
    /// Signed 16-bit samples, one channel.
    public var samples: [Int16]
    /// Samples per second (espeak-ng's rate, 22050 Hz for its voices).
    public var sampleRate: Int
    /// The end of the speech as espeak-ng reported it, in milliseconds: the audio position of
    /// the message's last event (its end of message). Nil for audio that did not come from the
    /// synthesizer (read from a WAV, concatenated).
    public var reportedDurationMilliseconds: Int?

    public init(samples: [Int16], sampleRate: Int, reportedDurationMilliseconds: Int? = nil) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.reportedDurationMilliseconds = reportedDurationMilliseconds
    }

    /// The samples' length, in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// Root mean square of the samples on the 16-bit scale (0 for silence, 32767 at most).
    public var rootMeanSquare: Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for s in samples { sum += Double(s) * Double(s) }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// The samples scaled by `gain` (0…1, clamped), rounded to the nearest integer: the
    /// software volume ALSA playback applies.
    public func scaled(by gain: Double) -> [Int16] {
        let g = Swift.min(1, Swift.max(0, gain))
        if g == 1 { return samples }
        return samples.map { Int16((Double($0) * g).rounded()) }
    }

    /// `other` appended after this audio (same rate required); the reported duration is dropped.
    public func appending(_ other: SpeechAudio) -> SpeechAudio {
        precondition(other.sampleRate == sampleRate || other.samples.isEmpty, "speech audio at different rates")
        return SpeechAudio(samples: samples + other.samples, sampleRate: sampleRate)
    }
}
