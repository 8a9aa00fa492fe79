/// How drawn pixels combine with the surface (Porter–Duff on premultiplied colour).
public enum BlendMode: String, Hashable, Sendable {
    /// Source over destination: `d = s + d·(1 − sα)`.
    case sourceOver
    /// Source replaces destination where the shape covers it: `d = s·cov + d·(1 − cov)`.
    case copy
    /// Clears where the shape covers: `d = d·(1 − cov)`.
    case clear
}
