/// Horizontal placement of each line in the layout width. Leading and trailing follow the
/// paragraph direction: leading is the left edge for left-to-right text, the right edge for
/// right-to-left text.
public enum TextAlignment: Hashable, Sendable {
    case leading
    case center
    case trailing
}
