/// Why the live touch path cannot run, with what to do about it.
public struct TouchInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// Input device nodes that could not be opened for lack of permission.
    public static func permissionDenied(nodes: [String]) -> TouchInputError {
        let list = nodes.joined(separator: ", ")
        return TouchInputError("""
            cannot open \(list): permission denied. Add the user to the 'input' group \
            (sudo usermod -aG input $USER, then log in again), or run Tribune as its systemd unit \
            (which has the access it needs)
            """)
    }

    /// A C call that failed with `errno` (a positive value).
    public static func system(_ what: String, errno code: Int32) -> TouchInputError {
        TouchInputError("\(what): \(String(cString: strerror(code))) (errno \(code))")
    }
}

#if canImport(Glibc)
import Glibc
#endif
