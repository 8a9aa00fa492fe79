import SystemPackage

/// A libudev call that failed: which call, and the errno it left.
public struct UdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The libudev function, e.g. `udev_monitor_enable_receiving`.
    public var call: String
    public var errno: Errno

    public init(call: String, errno: Errno) { self.call = call; self.errno = errno }

    public var description: String { "libudev: \(call) failed: \(errno) (errno \(errno.rawValue))" }
}

#if canImport(Glibc)
import Glibc

extension Errno {
    /// The calling thread's `errno` now.
    static var current: Errno { Errno(rawValue: Glibc.errno) }
}
#endif
