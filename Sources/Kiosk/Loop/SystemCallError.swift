import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call of the runtime: which call, on what, and the errno it gave.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call, e.g. `epoll_ctl(ADD)` or `bind`.
    public var call: String
    /// What it was called on (a path, a socket name, an fd number), or "".
    public var subject: String
    public var errno: Errno

    public init(call: String, subject: String = "", errno: Errno) {
        self.call = call; self.subject = subject; self.errno = errno
    }

    /// Captures the calling thread's errno now.
    public static func current(_ call: String, _ subject: String = "") -> SystemCallError {
        SystemCallError(call: call, subject: subject, errno: Errno(rawValue: Glibc.errno))
    }

    public var description: String {
        "\(call)\(subject.isEmpty ? "" : " on \(subject)") failed: \(errno) (errno \(errno.rawValue))"
    }
}
