import Foundation
import Testing
import Text
@testable import Kiosk

/// `tribune doctor`'s speech and language checks against the real alsa-lib, espeak-ng and fonts.
@Suite final class DoctorSpeechTests {
    /// A folder of this test's own, removed with it.
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    func config(_ toml: String) throws -> String {
        let path = scratch.appendingPathComponent("tribune.toml").path
        try Data(toml.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func check(_ checks: [DoctorCheck], _ item: String) -> DoctorCheck? { checks.first { $0.item == item } }

    @Test func theConfiguredNullDeviceOpensAndEveryShippedVoiceIsFound() throws {
        let path = try config("[speech]\ndevice = \"null\"\nvolume = 0.5\nrate = 200\n")
        let checks = Doctor(configPath: path, driDirectory: scratch.path).run()
        let device = check(checks, "sound device null")
        #expect(device?.outcome == .ok)
        #expect(device?.detail.contains("volume 0.5, 200 words/min") == true)
        for (language, voice) in [("en", "gmw/en"), ("de", "gmw/de"), ("es", "roa/es"), ("ar", "sem/ar"), ("zh", "sit/cmn")] {
            let c = check(checks, "voice \(language)")
            #expect(c?.outcome == .ok, "\(language)")
            #expect(c?.detail.contains(voice) == true, "\(c?.detail ?? "")")
        }
    }

    @Test func aDeviceThatDoesNotExistFailsNamingIt() throws {
        let path = try config("[speech]\ndevice = \"tribune-no-such-pcm\"\n")
        let c = check(Doctor(configPath: path, driDirectory: scratch.path).run(), "sound device tribune-no-such-pcm")
        #expect(c?.outcome == .failed)
        #expect(c?.detail.contains("'tribune-no-such-pcm'") == true && c?.detail.contains("snd_pcm_open") == true)
        #expect(c?.fix.contains("aplay -L") == true)
    }

    @Test func aBadSpeechSettingFailsNamingItsKey() throws {
        let path = try config("[speech]\nvolume = 1.5\n")
        let c = check(Doctor(configPath: path, driDirectory: scratch.path).run(), "speech")
        #expect(c?.outcome == .failed)
        #expect(c?.detail.contains("speech.volume: expected a number from 0 to 1, found 1.5") == true)
    }

    @Test func aLanguageWithoutAVoiceFails() {
        let checks = Doctor(driDirectory: scratch.path).voiceChecks(languages: ["de", "fr"])
        #expect(checks.map(\.outcome) == [.ok, .failed])
        #expect(checks[1].detail.contains("'fr'"))
    }

    /// Each sample's characters: every one has a glyph in a chain of DejaVu Sans, Noto Sans Arabic
    /// and Noto Sans CJK; a chain of DejaVu Sans alone lacks the Chinese (DejaVu has no CJK), and
    /// the failure lists the code points.
    @Test func fontCoverageIsCheckedPerLanguage() throws {
        let dejaVu = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let arabic = try Font(path: "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf")
        let cjk = try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
        let doctor = Doctor(driDirectory: scratch.path)
        let full = FontChain(primary: dejaVu, fallbacks: [cjk], preferred: [(arabic, FontChain.arabicRanges)])
        let covered = doctor.languageFontChecks(regular: full, bold: nil)
        #expect(covered.map(\.item) == ["font for en", "font for de", "font for es", "font for ar", "font for zh"])
        #expect(covered.allSatisfy { $0.outcome == .ok })
        #expect(covered[3].detail.contains("Noto Sans Arabic"))
        let latinOnly = doctor.languageFontChecks(regular: FontChain(primary: dejaVu), bold: nil)
        #expect(latinOnly[4].outcome == .failed)
        #expect(latinOnly[4].detail == "no glyph for U+5EA7 U+4F4D U+6392 in \"座位 排\"")
        #expect(latinOnly[0].outcome == .ok && latinOnly[1].outcome == .ok && latinOnly[2].outcome == .ok)
    }

    @Test func speechSettingsParseWithDefaults() throws {
        let defaults = try KioskConfiguration.parse(toml: "", source: "tribune.toml").speech
        #expect(defaults == KioskConfiguration.Speech(device: "default", volume: 0.8, rate: 160, languages: ["en", "de", "es", "ar", "zh"]))
        let set = try KioskConfiguration.parse(toml: "[speech]\ndevice = \"hw:Loopback,0\"\nvolume = 1\nrate = 450\n", source: "t.toml").speech
        #expect(set.device == "hw:Loopback,0" && set.volume == 1 && set.rate == 450)
        #expect(throws: ConfigurationError(source: "t.toml", key: "speech.rate",
                                           reason: "expected words per minute, an integer from 80 to 450, found 60")) {
            try KioskConfiguration.parse(toml: "[speech]\nrate = 60\n", source: "t.toml")
        }
    }
}
