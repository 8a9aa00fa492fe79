import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Who may connect to the control socket: its file mode and group. Owner-only (0600) by default:
/// whoever can connect drives the kiosk (reload, screenshots of a visitor's purchase). A venue
/// that wants its staff group to use `tribune screenshot` sets `control_socket_mode = "0660"` and
/// `control_socket_group`.
public struct ControlSocketAccess: Sendable, Equatable {
    /// Permission bits; only read and write for owner and group are meaningful on a socket, and
    /// the owner always has both (`isAllowed`).
    public var mode: UInt32
    /// The group the socket file is given (nil: the kiosk user's own).
    public var group: String?

    public init(mode: UInt32 = 0o600, group: String? = nil) {
        self.mode = mode
        self.group = group
    }

    /// Whether `mode` is one the socket may have: owner read and write, group read/write at most,
    /// nothing for others (anyone on the machine could drive the kiosk).
    public static func isAllowed(_ mode: UInt32) -> Bool {
        mode & 0o600 == 0o600 && mode & ~UInt32(0o660) == 0
    }

    /// Sets the group (when given) and the mode of the socket file at `path`.
    func apply(to path: String) throws(SystemCallError) {
        if let group {
            guard let entry = getgrnam(group) else {
                throw SystemCallError(call: "getgrnam", subject: "control_socket_group \"\(group)\"", errno: .noSuchFileOrDirectory)
            }
            guard chown(path, uid_t.max, entry.pointee.gr_gid) == 0 else { throw .current("chown", path) }
        }
        guard chmod(path, mode_t(mode)) == 0 else { throw .current("chmod", path) }
    }
}
