/// Which points a path's outline encloses: nonzero winding, or even-odd crossings.
public enum FillRule: String, Hashable, Sendable {
    case nonZero = "nonzero"
    case evenOdd = "evenodd"
}
