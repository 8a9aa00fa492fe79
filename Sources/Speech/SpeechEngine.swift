import CEspeakNG
import Synchronization

/// espeak-ng's one engine in this process. The library keeps its voice, parameters and output
/// callback in globals and is not thread-safe, so every call goes through this one lock;
/// it is initialised once, on first use, with synchronous output (the samples come back
/// through the callback before `espeak_ng_Synthesize` returns) and the library's default
/// data path (espeak-ng-data).
final class SpeechEngine: Sendable {
    static let shared = SpeechEngine()

    private struct State {
        /// espeak-ng's sample rate once initialised (Hz).
        var sampleRate: Int?
        /// The voice espeak-ng has loaded, so a repeated language does not reload it.
        var loadedVoice: String?
    }

    private let state = Mutex(State())

    private init() {}

    /// Synthesizes `text` with the voice `voice` at `rate` (words per minute) and `volume`
    /// (espeak-ng's amplitude, percent; 100 is its normal).
    func synthesize(_ text: String, voice: String, language: String, rate: Int, volume: Int) throws(SpeechError) -> SpeechAudio {
        guard !text.utf8.contains(0) else {
            throw SpeechError(.invalidText, language: language, voice: voice, message: "the text contains a NUL byte")
        }
        return try state.withLock { state throws(SpeechError) -> SpeechAudio in
            let sampleRate = try Self.initialize(&state, language: language)
            if state.loadedVoice != voice {
                state.loadedVoice = nil
                try Self.check(espeak_ng_SetVoiceByName(voice), .voiceNotFound, language: language, voice: voice)
                state.loadedVoice = voice
            }
            try Self.check(espeak_ng_SetParameter(espeakRATE, Int32(rate), 0), .parameterRejected,
                           language: language, voice: voice, what: "rate \(rate) words/min")
            try Self.check(espeak_ng_SetParameter(espeakVOLUME, Int32(volume), 0), .parameterRejected,
                           language: language, voice: voice, what: "volume \(volume) %")
            let collector = SynthesisCollector()
            let status = withExtendedLifetime(collector) {
                let user = Unmanaged.passUnretained(collector).toOpaque()
                return text.withCString { chars in
                    espeak_ng_Synthesize(chars, text.utf8.count + 1, 0, POS_CHARACTER, 0,
                                         UInt32(espeakCHARS_UTF8), nil, user)
                }
            }
            try Self.check(status, .synthesisFailed, language: language, voice: voice)
            return SpeechAudio(samples: collector.samples, sampleRate: sampleRate,
                               reportedDurationMilliseconds: collector.endPosition)
        }
    }

    /// The voices espeak-ng finds in its data (`espeak_ListVoices`).
    func voices() throws(SpeechError) -> [SpeechVoice] {
        try state.withLock { state throws(SpeechError) -> [SpeechVoice] in
            _ = try Self.initialize(&state, language: "")
            guard let list = espeak_ListVoices(nil) else { return [] }
            var voices: [SpeechVoice] = []
            var entry = list
            while let voice = entry.pointee {
                voices.append(SpeechVoice(voice.pointee))
                entry += 1
            }
            return voices
        }
    }

    /// espeak-ng's sample rate, initialising it on first use.
    private static func initialize(_ state: inout State, language: String) throws(SpeechError) -> Int {
        if let rate = state.sampleRate { return rate }
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        espeak_ng_ClearErrorContext(&context)
        try check(status, .initializationFailed, language: language, what: "initialising espeak-ng (its data in espeak-ng-data)")
        try check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil), .initializationFailed,
                  language: language, what: "synchronous output")
        espeak_SetSynthCallback(speechEngineCallback)
        let rate = Int(espeak_ng_GetSampleRate())
        state.sampleRate = rate
        return rate
    }

    /// Throws `reason` with espeak-ng's own message unless `status` is ENS_OK.
    private static func check(_ status: espeak_ng_STATUS, _ reason: SpeechError.Reason, language: String,
                              voice: String? = nil, what: String? = nil) throws(SpeechError) {
        guard status != ENS_OK else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw SpeechError(reason, language: language, voice: voice, status: Int32(bitPattern: status.rawValue),
                          message: what.map { "\($0): \(message)" } ?? message)
    }
}

/// Where one synthesis's samples and events land; reached through the events' `user_data`.
final class SynthesisCollector {
    var samples: [Int16] = []
    /// The audio position of the last event, in ms (the end of message's, when it came).
    var endPosition: Int?
}

/// espeak-ng's synth callback: appends the block's samples and notes the latest event position.
/// Returns 0 (continue).
private func speechEngineCallback(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                                  _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let events, let user = events.pointee.user_data else { return 0 }
    let collector = Unmanaged<SynthesisCollector>.fromOpaque(user).takeUnretainedValue()
    if let wav, count > 0 {
        collector.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
    }
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        collector.endPosition = Int(event.pointee.audio_position)
        event += 1
    }
    return 0
}
