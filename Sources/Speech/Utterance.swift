/// One thing to say: text in a language, and whether it cuts off what is being said (a screen
/// reader interrupts on a new focus; a price or a result waits its turn).
public struct Utterance: Hashable, Sendable {
    public var text: String
    /// The language tag ("en", "de", "es", "ar", "zh").
    public var language: String
    /// True: drop everything queued and stop the utterance playing, then say this one.
    public var interrupts: Bool

    public init(_ text: String, language: String, interrupts: Bool = false) {
        self.text = text
        self.language = language
        self.interrupts = interrupts
    }
}
