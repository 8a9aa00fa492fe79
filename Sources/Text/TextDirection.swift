/// The direction of a paragraph or run of text.
public enum TextDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft
}
