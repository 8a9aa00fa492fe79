/// A recording that cannot be read or replayed: which file, which line (1-based), and what
/// was expected there.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) { self.file = file; self.line = line; self.message = message }

    public var description: String {
        let place = file.isEmpty ? "" : line.map { "\(file):\($0): " } ?? "\(file): "
        return place + message
    }

    func inFile(_ path: String) -> RecordingError {
        var e = self
        if e.file.isEmpty { e.file = path }
        return e
    }
}
