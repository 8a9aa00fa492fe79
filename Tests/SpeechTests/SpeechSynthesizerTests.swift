import Testing
@testable import Speech

/// Speech through the real libespeak-ng and its installed data (espeak-ng-data).
@Suite struct SpeechSynthesizerTests {
    /// A sentence per shipped language (the kiosk's own words: seat and row).
    static let sentences: [String: String] = [
        "en": "Seat twelve, row four.",
        "de": "Platz zwölf, Reihe vier.",
        "es": "Asiento doce, fila cuatro.",
        "ar": "مقعد اثنا عشر، صف أربعة.",
        "zh": "座位十二，第四排。",
    ]

    /// -30 dBFS: 32767 × 10^(-30/20) ≈ 1036. espeak-ng's voices at their normal amplitude speak
    /// at about -20 dBFS (RMS near 3000 measured for every language here), and what it writes
    /// between words is exact zeros, so audio that is mostly silence (a voice that said nothing,
    /// a text it skipped) stays far below; 10 dB of margin on the speech side.
    static let speechRMSFloor = 32767 * 0.0316

    @Test(arguments: ["en", "de", "es", "ar", "zh"])
    func everyShippedLanguageSpeaksAsLongAsEspeakReports(language: String) throws {
        let text = try #require(Self.sentences[language])
        let audio = try SpeechSynthesizer().synthesize(text, language: language)
        #expect(audio.sampleRate == 22050)
        #expect(audio.rootMeanSquare > Self.speechRMSFloor, "RMS \(audio.rootMeanSquare)")
        // espeak-ng's end of message is in whole milliseconds; the samples must agree with it
        // within one 10 ms block.
        let reported = try #require(audio.reportedDurationMilliseconds)
        let counted = Double(audio.samples.count) * 1000 / Double(audio.sampleRate)
        #expect(abs(counted - Double(reported)) <= 10, "\(audio.samples.count) samples = \(counted) ms, espeak-ng says \(reported) ms")
        #expect(reported > 500, "a sentence of four words lasts over half a second")
    }

    @Test(arguments: ["en", "de", "es", "ar", "zh"])
    func aLongerTextGivesLongerAudio(language: String) throws {
        let text = try #require(Self.sentences[language])
        let synthesizer = SpeechSynthesizer()
        let once = try synthesizer.synthesize(text, language: language)
        let twice = try synthesizer.synthesize(text + " " + text, language: language)
        // Twice the words: well over 1.5 times as long (pauses between sentences aside).
        #expect(Double(twice.samples.count) > 1.5 * Double(once.samples.count))
    }

    @Test func aFasterRateSpeaksFasterAndAHigherVolumeIsLouder() throws {
        let text = try #require(Self.sentences["en"])
        let slow = try SpeechSynthesizer(rate: 120).synthesize(text, language: "en")
        let fast = try SpeechSynthesizer(rate: 300).synthesize(text, language: "en")
        #expect(fast.samples.count < slow.samples.count * 3 / 4)
        let quiet = try SpeechSynthesizer(volume: 40).synthesize(text, language: "en")
        let normal = try SpeechSynthesizer(volume: 100).synthesize(text, language: "en")
        #expect(quiet.rootMeanSquare < normal.rootMeanSquare * 0.6)
    }

    @Test func rateAndVolumeAreClampedToEspeaksRanges() {
        let low = SpeechSynthesizer(rate: 10, volume: -5)
        #expect(low.rate == 80 && low.volume == 0)
        let high = SpeechSynthesizer(rate: 900, volume: 500)
        #expect(high.rate == 450 && high.volume == 200)
    }

    @Test func anUnknownLanguageIsATypedErrorNamingIt() {
        #expect {
            _ = try SpeechSynthesizer().synthesize("Bonjour", language: "xx")
        } throws: { error in
            guard let e = error as? SpeechError else { return false }
            return e.reason == .unknownLanguage && e.language == "xx" && e.voice == nil
                && e.description.contains("'xx'")
        }
    }

    @Test func aTextWithANulByteIsRefused() {
        #expect(throws: SpeechError.self) { _ = try SpeechSynthesizer().synthesize("a\u{0}b", language: "en") }
    }

    @Test func languageTagsMapByTheirPrimarySubtag() {
        #expect(SpeechSynthesizer.voiceName(forLanguage: "zh-CN") == "cmn")
        #expect(SpeechSynthesizer.voiceName(forLanguage: "de_DE") == "de")
        #expect(SpeechSynthesizer.voiceName(forLanguage: "EN") == "en")
        #expect(SpeechSynthesizer.voiceName(forLanguage: "fr") == nil)
    }

    /// Each shipped language's voice is in espeak-ng's own list and speaks that language.
    @Test func everyShippedVoiceIsInEspeaksList() throws {
        let voices = try SpeechSynthesizer.availableVoices()
        #expect(voices.count > 50, "espeak-ng-data ships about a hundred voices")
        for (language, name) in SpeechSynthesizer.voiceNames {
            let voice = voices.first { $0.fileName == name }
            #expect(voice != nil, "no voice '\(name)'")
            #expect(voice?.languages.contains { $0 == language || $0.hasPrefix(language + "-") } == true,
                    "\(name) speaks \(voice?.languages ?? [])")
        }
    }

    /// espeak-ng is one engine per process: synthesis from many threads at once is serialized
    /// and gives each caller its own whole utterance.
    @Test func concurrentCallersEachGetTheirWholeUtterance() async throws {
        let languages = ["en", "de", "es", "ar", "zh", "en", "de", "es"]
        let results = try await withThrowingTaskGroup(of: (String, SpeechAudio).self) { group in
            for language in languages {
                group.addTask { (language, try SpeechSynthesizer().synthesize(Self.sentences[language] ?? "", language: language)) }
            }
            return try await group.reduce(into: [(String, SpeechAudio)]()) { $0.append($1) }
        }
        #expect(results.count == languages.count)
        for (language, audio) in results {
            let reported = try #require(audio.reportedDurationMilliseconds)
            #expect(abs(audio.duration * 1000 - Double(reported)) <= 10, "\(language)")
            #expect(audio.rootMeanSquare > Self.speechRMSFloor, "\(language)")
        }
    }
}
