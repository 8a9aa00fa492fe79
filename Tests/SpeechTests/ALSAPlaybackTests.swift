import Foundation
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

    /// What reaches the device is the samples at the volume, block after block: alsa-lib's "file"
    /// PCM (alsa.conf's, over "null") writes what it is given into a raw file.
    @Test func theDeviceGetsEverySampleAtTheVolume() throws {
        let audio = try SpeechSynthesizer().synthesize("Row 3, seat 7.", language: "en")
        let path = "/tmp/tribune-alsa-file-\(getpid()).raw"
        defer { unlink(path) }
        do {
            let playback = try ALSAPlayback(device: "file:'\(path)',raw", volume: 0.5)
            try playback.play(audio)
        }
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let written = bytes.withUnsafeBytes { raw in (0..<bytes.count / 2).map { raw.loadUnaligned(fromByteOffset: 2 * $0, as: Int16.self) } }
        #expect(written.count >= audio.samples.count)
        // Half of each sample, rounded to the nearest (ties away from zero), written out here.
        let expected = audio.samples.map { s -> Int16 in
            let half = Int(s) / 2, odd = Int(s) % 2 != 0
            return Int16(odd ? half + (s > 0 ? 1 : -1) : half)
        }
        #expect(Array(written.prefix(audio.samples.count)) == expected)
        // Whatever the device padded its last period with is silence.
        #expect(written.dropFirst(audio.samples.count).allSatisfy { $0 == 0 })
    }
}
