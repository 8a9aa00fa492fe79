import Foundation
import KioskUI
import Logging
import Speech
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// `tribune run`'s voice: announcements spoken through espeak-ng to a real ALSA device (alsa-lib's
/// `null` PCM, which takes samples as a card would, here where no sound card exists), each in its
/// language and counted with its synthesized length; a device that cannot be opened fails each
/// utterance but is logged once, naming the device and alsa-lib's text.
@Suite(.serialized) struct KioskVoiceTests {
    /// A logger whose lines go into a pipe, and the lines read back after `body`.
    static func logged(_ body: (Logger) -> Void) -> [String] {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return [] }
        defer { close(fds[0]) }
        let write = fds[1]
        var logger = Logger(label: "voice-test") { KioskLogHandler(label: $0, level: .info, journald: true, fileDescriptor: write) }
        logger.logLevel = .info
        body(logger)
        close(write)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func announcements(_ texts: [(String, String)]) -> [Announcement] {
        texts.enumerated().map { Announcement(text: $1.0, language: $1.1, time: Double($0)) }
    }

    @Test func speaksEachAnnouncementInItsLanguageOnTheDevice() throws {
        let texts = [("Choose a section.", "en"), ("Reihe 3, Platz 7.", "de"), ("座位 排", "zh")]
        var settings = KioskConfiguration.Speech()
        settings.device = "null"
        var tally = KioskVoice.Tally()
        let lines = Self.logged { logger in
            let voice = KioskVoice(settings: settings, logger: logger)
            #expect(!voice.isStarted)
            voice.speak(Self.announcements(texts), interrupting: false)
            voice.waitUntilIdle()
            tally = voice.counts
            voice.close()
        }
        #expect(tally.said == 3 && tally.failed == 0 && tally.dropped == 0 && tally.opens == 1)
        // The same texts synthesized here, at the configured rate: each length within a fifth
        // (espeak-ng carries its waveform's phase from one utterance to the next).
        let synthesizer = SpeechSynthesizer(rate: settings.rate)
        let expected = try texts.map { try synthesizer.synthesize($0.0, language: $0.1).duration }
        #expect(abs(tally.secondsSaid - expected.reduce(0, +)) < expected.reduce(0, +) / 5)
        let said = lines.filter { $0.hasPrefix("<6>said ") }
        #expect(said.count == 3, "\(lines)")
        for (line, (text, language)) in zip(said, texts) {
            #expect(line.contains("text=\(text)") && line.contains("language=\(language)"), "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("<6>speech stopped") && $0.contains("said=3") })
    }

    @Test func aMissingDeviceIsLoggedOnceWithItsNameAndErrno() {
        var settings = KioskConfiguration.Speech()
        settings.device = "hw:97"
        var tally = KioskVoice.Tally()
        let lines = Self.logged { logger in
            let voice = KioskVoice(settings: settings, logger: logger)
            voice.speak(Self.announcements([("One.", "en"), ("Two.", "en")]), interrupting: false)
            voice.waitUntilIdle()
            voice.speak(Self.announcements([("Three.", "en")]), interrupting: true)
            voice.waitUntilIdle()
            tally = voice.counts
            voice.close()
        }
        // Every utterance tried the device again; the error was written once.
        #expect(tally.failed == 3 && tally.said == 0 && tally.opens == 3)
        let errors = lines.filter { $0.hasPrefix("<3>") }
        #expect(errors.count == 1, "\(lines)")
        #expect(errors.first?.contains("ALSA device 'hw:97': snd_pcm_open") == true, "\(errors)")
        #expect(errors.first?.contains("(errno ") == true)
    }

    @Test func nothingIsOpenedWhileNothingIsSaid() {
        var settings = KioskConfiguration.Speech()
        settings.device = "hw:97"
        let lines = Self.logged { logger in
            let voice = KioskVoice(settings: settings, logger: logger)
            voice.speak([], interrupting: true)
            #expect(!voice.isStarted && voice.counts.opens == 0)
            voice.close()
        }
        #expect(lines.isEmpty)
    }
}
