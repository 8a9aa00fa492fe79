/// A side of a rectangle, for transitions that move a view out through it. Leading is the
/// left side (the kiosk is left-to-right), top is the top on a y-down screen.
public enum Edge: Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing
}
