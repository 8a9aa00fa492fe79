/// Text to speech through espeak-ng: a language tag picks the voice, `rate` and `volume` its
/// delivery. Synthesis is synchronous and returns the whole utterance's samples; espeak-ng has
/// one engine per process, so concurrent calls take turns. The same sequence of utterances gives
/// the same samples in every run; an utterance's length can differ by a few samples with what was
/// spoken before it (the waveform generator carries its phase over).
public struct SpeechSynthesizer: Hashable, Sendable {
    /// Speaking rate, in words per minute (espeak-ng accepts 80…450; 175 is its normal).
    public var rate: Int
    /// espeak-ng's amplitude, in percent (0…200; 100 is its normal). The device volume is
    /// applied later, by playback.
    public var volume: Int

    public static let rates: ClosedRange<Int> = 80...450
    public static let volumes: ClosedRange<Int> = 0...200

    /// The kiosk's languages and the espeak-ng voice each is spoken with (all five are in
    /// espeak-ng-data: gmw/en, gmw/de, roa/es, sem/ar, sit/cmn).
    public static let voiceNames: [String: String] = ["en": "en", "de": "de", "es": "es", "ar": "ar", "zh": "cmn"]

    /// `rate` and `volume` are clamped into `rates` and `volumes`.
    public init(rate: Int = 160, volume: Int = 100) {
        self.rate = Swift.min(Self.rates.upperBound, Swift.max(Self.rates.lowerBound, rate))
        self.volume = Swift.min(Self.volumes.upperBound, Swift.max(Self.volumes.lowerBound, volume))
    }

    /// The espeak-ng voice for a language tag: its primary subtag ("zh" of "zh-CN" or "zh_CN")
    /// looked up in `voiceNames`; nil for a language the kiosk does not speak.
    public static func voiceName(forLanguage language: String) -> String? {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return voiceNames[primary]
    }

    /// Speaks `text` in `language` ("en", "de", "es", "ar", "zh") into PCM samples.
    /// Throws `SpeechError` (`.unknownLanguage` naming the tag, `.voiceNotFound` naming the voice,
    /// espeak-ng's status otherwise).
    public func synthesize(_ text: String, language: String) throws(SpeechError) -> SpeechAudio {
        guard let voice = Self.voiceName(forLanguage: language) else {
            throw SpeechError(.unknownLanguage, language: language,
                              message: "no espeak-ng voice for this language (the kiosk speaks \(Self.voiceNames.keys.sorted().joined(separator: ", ")))")
        }
        return try SpeechEngine.shared.synthesize(text, voice: voice, language: language, rate: rate, volume: volume)
    }

    /// The voices espeak-ng finds in its data.
    public static func availableVoices() throws(SpeechError) -> [SpeechVoice] {
        try SpeechEngine.shared.voices()
    }
}
