import SystemPackage

/// A failed libdrm or kernel call: which call, on which device node, and the errno it gave.
public struct DRMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The libdrm function or ioctl that failed, e.g. `drmModeGetResources`.
    public var call: String
    /// The device node, e.g. `/dev/dri/card0`.
    public var path: String
    public var errno: Errno

    public init(call: String, path: String, errno: Errno) {
        self.call = call; self.path = path; self.errno = errno
    }

    public var description: String { "\(call) on \(path) failed: \(errno) (errno \(errno.rawValue))" }
}

extension Errno {
    /// The calling thread's `errno` now.
    static var current: Errno { Errno(rawValue: systemErrno()) }
}

#if canImport(Glibc)
import Glibc
@inline(__always) func systemErrno() -> Int32 { Glibc.errno }
#endif
