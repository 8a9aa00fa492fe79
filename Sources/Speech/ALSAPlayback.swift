import CALSA

/// Plays speech on an ALSA PCM device: S16_LE, one channel, at the audio's own rate (alsa-lib
/// resamples when the hardware cannot), with the volume applied to the samples in software.
/// Blocking: use it from one thread at a time (a `Speaker`'s), never the render loop's.
public final class ALSAPlayback: SpeechOutput {
    /// The PCM device name ("default", "hw:Loopback,0", "null", …).
    public let device: String
    /// Software volume, 0…1 (clamped when applied).
    public var volume: Double
    /// The buffer latency asked of ALSA, in microseconds: short, so an interruption is heard soon.
    public static let latencyMicroseconds: UInt32 = 100_000
    /// Frames written per call (50 ms at 22050 Hz): `shouldStop` is asked between them.
    static let framesPerWrite = 1_102

    private var pcm: OpaquePointer?
    private var configuredRate: Int?
    /// One write's samples with the volume applied: reused for every block of every utterance,
    /// so playing allocates nothing.
    private var block = [Int16](repeating: 0, count: ALSAPlayback.framesPerWrite)

    /// Opens `device` for playback. Throws `ALSAError` naming the device when it cannot be opened.
    public init(device: String = "default", volume: Double = 1) throws(ALSAError) {
        tribune_alsa_silence_library_errors()
        self.device = device
        self.volume = volume
        var handle: OpaquePointer?
        let status = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let handle else { throw ALSAError(device: device, operation: "snd_pcm_open", code: status) }
        pcm = handle
    }

    deinit {
        if let pcm { snd_pcm_close(pcm) }
    }

    /// Sets the device to S16_LE mono at `sampleRate` Hz (done by `play` when the rate changes).
    public func configure(sampleRate: Int) throws(ALSAError) {
        guard let pcm else { return }
        if configuredRate == sampleRate { return }
        let status = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                        UInt32(sampleRate), 1, Self.latencyMicroseconds)
        guard status >= 0 else { throw ALSAError(device: device, operation: "snd_pcm_set_params", code: status) }
        configuredRate = sampleRate
    }

    /// Plays `audio` to the end (draining the device) or until `shouldStop` returns true, when the
    /// device's queued samples are dropped at once. An underrun is recovered (`snd_pcm_recover`).
    public func play(_ audio: SpeechAudio, shouldStop: () -> Bool = { false }) throws {
        try playTyped(audio, shouldStop: shouldStop)
    }

    /// `play` with its error type spelled out.
    public func playTyped(_ audio: SpeechAudio, shouldStop: () -> Bool = { false }) throws(ALSAError) {
        guard let pcm else { return }
        try configure(sampleRate: audio.sampleRate)
        let samples = audio.samples
        let gain = Swift.min(1, Swift.max(0, volume))
        var offset = 0
        while offset < samples.count {
            if shouldStop() {
                snd_pcm_drop(pcm)
                let status = snd_pcm_prepare(pcm)
                guard status >= 0 else { throw ALSAError(device: device, operation: "snd_pcm_prepare", code: status) }
                return
            }
            let count = Swift.min(Self.framesPerWrite, samples.count - offset)
            // The same rounding as `SpeechAudio.scaled(by:)`.
            for i in 0..<count { block[i] = gain == 1 ? samples[offset + i] : Int16((Double(samples[offset + i]) * gain).rounded()) }
            let written = block.withUnsafeBufferPointer { snd_pcm_writei(pcm, $0.baseAddress!, snd_pcm_uframes_t(count)) }
            if written < 0 {
                let recovered = snd_pcm_recover(pcm, Int32(written), 1)
                guard recovered >= 0 else { throw ALSAError(device: device, operation: "snd_pcm_writei", code: Int32(written)) }
                continue
            }
            offset += written
        }
        let status = snd_pcm_drain(pcm)
        guard status >= 0 else { throw ALSAError(device: device, operation: "snd_pcm_drain", code: status) }
        // After a drain the device is set up but not prepared; prepare it for the next utterance.
        let prepared = snd_pcm_prepare(pcm)
        guard prepared >= 0 else { throw ALSAError(device: device, operation: "snd_pcm_prepare", code: prepared) }
    }
}
