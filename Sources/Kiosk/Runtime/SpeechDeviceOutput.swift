import Speech

/// The kiosk's sound device for speech, opened when the first utterance is played (a kiosk
/// whose visitors never turn speech on opens nothing) and closed after a failure, so the next
/// utterance opens it again: a USB headset pulled out and plugged back, or a device busy for a
/// moment, recovers without a restart. An underrun is recovered inside `ALSAPlayback`. Used on
/// the `Speaker`'s thread only.
final class SpeechDeviceOutput: SpeechOutput {
    let device: String
    let volume: Double
    /// Where the last utterance's length and the opens are noted, for the speaker's events.
    let ledger: KioskVoice.Ledger
    private var playback: ALSAPlayback?

    init(device: String, volume: Double, ledger: KioskVoice.Ledger) {
        self.device = device
        self.volume = volume
        self.ledger = ledger
    }

    func play(_ audio: SpeechAudio, shouldStop: () -> Bool) throws {
        ledger.state.withLock { $0.lastDuration = audio.duration }
        do throws(ALSAError) {
            let output: ALSAPlayback
            if let playback {
                output = playback
            } else {
                ledger.state.withLock { $0.opens += 1 }
                output = try ALSAPlayback(device: device, volume: volume)
                playback = output
            }
            try output.playTyped(audio, shouldStop: shouldStop)
        } catch {
            // Closed, so the next utterance opens the device afresh.
            playback = nil
            throw error
        }
    }
}
