import CEspeakNG

/// A voice in espeak-ng's data, as `espeak_ListVoices` describes it.
public struct SpeechVoice: Hashable, Sendable {
    /// The voice's given name ("German", "Chinese (Mandarin, latin as English)").
    public var name: String
    /// Its file within espeak-ng-data's voices ("gmw/de", "sit/cmn").
    public var identifier: String
    /// The languages it speaks, most preferred first ("cmn", "zh-cmn", "zh").
    public var languages: [String]

    public init(name: String, identifier: String, languages: [String]) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
    }

    /// The file name alone ("de" for "gmw/de"): the name `espeak_ng_SetVoiceByName` accepts.
    public var fileName: String { identifier.split(separator: "/").last.map(String.init) ?? identifier }

    init(_ voice: espeak_VOICE) {
        name = voice.name.map { String(cString: $0) } ?? ""
        identifier = voice.identifier.map { String(cString: $0) } ?? ""
        languages = []
        // Pairs of a priority byte and a NUL-terminated language, ended by an empty one.
        guard var p = voice.languages else { return }
        while p.pointee != 0 {
            p += 1
            let language = String(cString: p)
            languages.append(language)
            p += language.utf8.count + 1
        }
    }
}
