import Testing
@testable import Speech

/// Playback through the real alsa-lib: the "null" PCM (defined in alsa-lib's own alsa.conf, so
/// present on every machine, sound card or not) and a name no configuration defines.
@Suite struct ALSAPlaybackTests {
    @Test func speechPlaysToTheNullDevice() throws {
        let audio = try SpeechSynthesizer().synthesize("Your seats are held.", language: "en")
        let playback = try ALSAPlayback(device: "null", volume: 0.8)
        try playback.play(audio)
        // Again at another rate: the device is set up anew.
        try playback.play(SpeechAudio(samples: [Int16](repeating: 1000, count: 16000), sampleRate: 16000))
    }

    @Test func aStopRequestEndsPlaybackBeforeTheEnd() throws {
        let audio = try SpeechSynthesizer().synthesize("Seat twelve, row four, in the north tribune.", language: "en")
        let playback = try ALSAPlayback(device: "null")
        var asked = 0
        try playback.play(audio) {
            asked += 1
            return asked > 2
        }
        // Two blocks were written, the third request stopped it: far fewer than the whole.
        #expect(asked == 3)
        #expect(audio.samples.count > 3 * ALSAPlayback.framesPerWrite)
    }

    @Test func aBadDeviceNameIsATypedErrorNamingIt() {
        #expect {
            _ = try ALSAPlayback(device: "tribune-no-such-device")
        } throws: { error in
            guard let e = error as? ALSAError else { return false }
            return e.device == "tribune-no-such-device" && e.operation == "snd_pcm_open" && e.errno > 0
                && e.description.contains("'tribune-no-such-device'") && !e.message.isEmpty
        }
    }

    @Test func softwareVolumeScalesEverySample() {
        let audio = SpeechAudio(samples: [1000, -1000, 32767, -32768, 3], sampleRate: 22050)
        #expect(audio.scaled(by: 0.5) == [500, -500, 16384, -16384, 2])
        #expect(audio.scaled(by: 2) == audio.samples)
        #expect(audio.scaled(by: -1) == [0, 0, 0, 0, 0])
    }
}
