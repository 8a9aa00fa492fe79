import SystemPackage

/// A failed access to an evdev device node (`/dev/input/eventN`): which node, which call and
/// the errno it gave, or that the node went away.
public enum EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `call` (`open`, an ioctl such as `EVIOCGNAME`, `poll`, `read`) on the node at `path`
    /// failed with `errno`.
    case systemCall(String, path: String, errno: Errno)
    /// The node went away (unplugged, or a uinput device destroyed).
    case deviceRemoved(path: String)

    public var description: String {
        switch self {
        case .systemCall(let call, let path, let errno):
            let hint = switch (call, errno) {
            case ("open", .permissionDenied), ("open", .notPermitted):
                " (run as root or add the user to the 'input' group)"
            case ("EVIOCGNAME", _): " (not an evdev device)"
            default: ""
            }
            return "\(path): \(call) failed: \(errno) (errno \(errno.rawValue))\(hint)"
        case .deviceRemoved(let path):
            return "\(path): the device went away"
        }
    }
}
