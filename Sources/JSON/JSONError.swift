/// A JSON document that is malformed, or well-formed but not what its reader expected: where
/// (the JSON path of the value, and the byte's line and column) and what.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value, e.g. `tribunes[3].seats[12].rotation` (empty for the
    /// document itself).
    public var path: String
    /// What was expected and what was found.
    public var message: String
    /// 1-based line and column (in characters) of the offending byte (0 when not tied to a position).
    public var line: Int
    public var column: Int
    /// 0-based byte offset of the offending byte in the document; nil when not tied to a position.
    public var offset: Int?

    public init(path: String, message: String, line: Int = 0, column: Int = 0, offset: Int? = nil) {
        self.path = path; self.message = message; self.line = line; self.column = column; self.offset = offset
    }

    public var description: String {
        let at = line > 0 ? " (line \(line), column \(column))" : ""
        return path.isEmpty ? "\(message)\(at)" : "\(path): \(message)\(at)"
    }
}
