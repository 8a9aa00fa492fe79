import KioskUI
import Speech
import Text

extension Doctor {
    /// A phrase per shipped language, in its own script (seat and row), that the kiosk's fonts
    /// must draw.
    public static let languageSamples: [(language: String, text: String)] = [
        ("en", "Seat Row"), ("de", "Platz Reihe"), ("es", "Asiento"), ("ar", "مقعد صف"), ("zh", "座位 排"),
    ]

    /// The sound device (opened and set to espeak-ng's 16-bit mono format) and the espeak-ng voice
    /// of every configured language.
    func speechChecks(_ configured: Result<KioskConfiguration.Speech, ConfigurationError>) -> [DoctorCheck] {
        switch configured {
        case .success(let speech):
            return [soundDeviceCheck(speech)] + voiceChecks(languages: speech.languages)
        case .failure(let error):
            return [DoctorCheck(item: "speech", outcome: .failed, detail: error.description,
                                fix: "correct \(error.key.isEmpty ? "the file" : error.key) in \(configPath)")]
        }
    }

    func soundDeviceCheck(_ speech: KioskConfiguration.Speech) -> DoctorCheck {
        let item = "sound device \(speech.device)"
        do {
            let playback = try ALSAPlayback(device: speech.device, volume: speech.volume)
            try playback.configure(sampleRate: 22050)
            return DoctorCheck(item: item, outcome: .ok, detail: "opened for 16-bit mono playback; volume \(speech.volume), \(speech.rate) words/min")
        } catch {
            return DoctorCheck(item: item, outcome: .failed, detail: error.description,
                               fix: "list the devices with `aplay -L`, set [speech] device in the configuration; without a card load a virtual one (`sudo modprobe snd-aloop` for hw:Loopback,0) and check `aplay -l`")
        }
    }

    func voiceChecks(languages: [String]) -> [DoctorCheck] {
        let voices: [SpeechVoice]
        do {
            voices = try SpeechSynthesizer.availableVoices()
        } catch {
            return [DoctorCheck(item: "speech voices", outcome: .failed, detail: error.description,
                                fix: "`sudo apt-get install espeak-ng-data libespeak-ng1`")]
        }
        return languages.map { language in
            let item = "voice \(language)"
            guard let name = SpeechSynthesizer.voiceName(forLanguage: language) else {
                return DoctorCheck(item: item, outcome: .failed, detail: "the kiosk has no espeak-ng voice for '\(language)'",
                                   fix: "speak one of \(SpeechSynthesizer.voiceNames.keys.sorted().joined(separator: ", "))")
            }
            guard let voice = voices.first(where: { $0.fileName == name }) else {
                return DoctorCheck(item: item, outcome: .failed,
                                   detail: "espeak-ng voice '\(name)' not among its \(voices.count) voices",
                                   fix: "`sudo apt-get install espeak-ng-data`")
            }
            return DoctorCheck(item: item, outcome: .ok, detail: "espeak-ng \(voice.identifier) (\(voice.name))")
        }
    }

    /// Every character of each language's sample has a glyph in the kiosk's regular and bold font
    /// chains (FreeType's character map, through the Text module).
    func languageFontChecks(regular: FontChain?, bold: FontChain?) -> [DoctorCheck] {
        guard let regular else {
            return [DoctorCheck(item: "fonts for languages", outcome: .failed, detail: "the kiosk's font (DejaVu Sans) does not load",
                                fix: "`sudo apt-get install fonts-dejavu-core`")]
        }
        return Self.languageSamples.map { sample in
            let item = "font for \(sample.language)"
            let missing = sample.text.unicodeScalars.filter { scalar in
                !scalar.properties.isWhitespace
                    && (regular.index(covering: scalar) == nil || (bold.map { $0.index(covering: scalar) == nil } ?? false))
            }
            guard missing.isEmpty else {
                let codes = missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                return DoctorCheck(item: item, outcome: .failed, detail: "no glyph for \(codes) in \"\(sample.text)\"",
                                   fix: "`sudo apt-get install fonts-noto-core fonts-noto-cjk`")
            }
            let fonts = Set(sample.text.unicodeScalars.compactMap { regular.index(covering: $0) }).sorted()
                .map { regular.fonts[$0].familyName }
            return DoctorCheck(item: item, outcome: .ok, detail: "\"\(sample.text)\" drawn with \(fonts.joined(separator: ", "))")
        }
    }
}

extension Doctor {
    /// The `[speech]` settings of the configuration file (the defaults when there is no file);
    /// a file that does not parse is a typed error naming the key.
    func configuredSpeech() -> Result<KioskConfiguration.Speech, ConfigurationError> {
        guard case .success(let text) = KioskConfiguration.readFile(configPath) else { return .success(KioskConfiguration.Speech()) }
        do {
            return .success(try KioskConfiguration.parse(toml: text, source: configPath).speech)
        } catch {
            return .failure(error)
        }
    }
}
