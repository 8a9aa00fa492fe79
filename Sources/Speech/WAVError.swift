#if canImport(Glibc)
import Glibc
#endif

/// Why a WAV file could not be written or read: the path, what went wrong, and the errno when
/// the system refused ("/tmp/x.wav: cannot open for writing: Permission denied (errno 13)").
public struct WAVError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// The system's errno; nil for a malformed file.
    public var errno: Int32?

    public init(path: String, message: String, errno: Int32? = nil) {
        self.path = path
        self.message = message
        self.errno = errno
    }

    /// An error for the current `errno` after a failed call, with its `strerror` text.
    static func system(path: String, _ what: String) -> WAVError {
        let code = Glibc.errno
        return WAVError(path: path, message: "\(what): \(String(cString: strerror(code)))", errno: code)
    }

    public var description: String {
        "\(path.isEmpty ? "WAV data" : path): \(message)\(errno.map { " (errno \($0))" } ?? "")"
    }
}
