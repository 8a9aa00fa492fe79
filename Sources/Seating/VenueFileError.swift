/// A venue file that could not be read: where (the JSON path, and line and column) and what was
/// expected. `description` reads like `tribunes[3].seats[12].rotation: expected a number, found "x"
/// (line 40, column 17)`.
public struct VenueFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value, e.g. `tribunes[3].seats[12].rotation` (empty for the
    /// document itself).
    public var path: String
    /// What was expected and what was found.
    public var message: String
    /// 1-based line and column of the offending byte (0 when not tied to a position).
    public var line: Int
    public var column: Int

    public init(path: String, message: String, line: Int = 0, column: Int = 0) {
        self.path = path; self.message = message; self.line = line; self.column = column
    }

    public var description: String {
        let at = line > 0 ? " (line \(line), column \(column))" : ""
        return path.isEmpty ? "\(message)\(at)" : "\(path): \(message)\(at)"
    }
}
