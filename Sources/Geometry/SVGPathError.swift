/// Why SVG path data (the `d` attribute) could not be parsed: where, and what the grammar
/// expected there.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset of the offending character, in characters from the start of the string
    /// (0-based; equal to the string's length when the data ended too early).
    public var offset: Int
    /// What the grammar expected at `offset`, e.g. "a number after 'L'".
    public var expected: String
    /// What was found instead: a quoted character such as "'x'", or "end of data".
    public var found: String

    public init(offset: Int, expected: String, found: String) {
        self.offset = offset; self.expected = expected; self.found = found
    }

    /// A message a person can act on, e.g.
    /// "SVG path data, offset 12: expected a number after 'L', found 'x'".
    public var message: String { "SVG path data, offset \(offset): expected \(expected), found \(found)" }
    public var description: String { message }
}
