/// Why text could not be spoken: the language, the espeak-ng voice it maps to and espeak-ng's
/// status code with its own message ("speech in 'xx': no espeak-ng voice for this language").
public struct SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The language tag maps to no shipped voice.
        case unknownLanguage
        /// espeak-ng could not find or load the voice (ENS_VOICE_NOT_FOUND).
        case voiceNotFound
        /// espeak-ng could not start: its data path missing or unreadable.
        case initializationFailed
        /// espeak-ng refused a parameter (rate, volume).
        case parameterRejected
        /// espeak-ng failed while synthesizing.
        case synthesisFailed
        /// The text contains a NUL byte, which a C string cannot carry.
        case invalidText
    }

    public var reason: Reason
    /// The language tag asked for ("en", "zh"); empty when the error is not about one.
    public var language: String
    /// The espeak-ng voice name the language maps to ("cmn"); nil when it maps to none.
    public var voice: String?
    /// espeak-ng's status (an `espeak_ng_STATUS`, errno values below 256); nil when espeak-ng
    /// was not asked.
    public var status: Int32?
    /// espeak-ng's message for `status` (`espeak_ng_GetStatusCodeMessage`), or what went wrong.
    public var message: String

    public init(_ reason: Reason, language: String, voice: String? = nil, status: Int32? = nil, message: String) {
        self.reason = reason
        self.language = language
        self.voice = voice
        self.status = status
        self.message = message
    }

    public var description: String {
        var text = language.isEmpty ? "speech" : "speech in '\(language)'"
        if let voice { text += " (espeak-ng voice '\(voice)')" }
        text += ": \(message)"
        if let status { text += " (status 0x\(String(UInt32(bitPattern: status), radix: 16)))" }
        return text
    }
}
