import CInput
import Glibc

/// libinput's `open_restricted`/`close_restricted` pair: opens device nodes itself (the kiosk
/// runs with the `input` group or as its systemd unit, not through logind) and remembers
/// which nodes it could not open and why, so missing permissions become a clear message.
final class RestrictedOpener {
    struct Failure: Hashable, Sendable {
        var path: String
        var errno: Int32
    }

    private(set) var failures: [Failure] = []
    private(set) var openedCount = 0
    /// The interface libinput keeps a pointer to for the context's lifetime.
    let interface: UnsafeMutablePointer<libinput_interface>

    init() {
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path else { return -EINVAL }
                let fd = open(path, flags | O_CLOEXEC)
                let code = errno
                if let userData {
                    Unmanaged<RestrictedOpener>.fromOpaque(userData).takeUnretainedValue()
                        .record(path: String(cString: path), fd: fd, errno: code)
                }
                return fd >= 0 ? fd : -code
            },
            close_restricted: { fd, _ in _ = close(fd) }))
    }

    deinit {
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    func record(path: String, fd: Int32, errno code: Int32) {
        if fd >= 0 { openedCount += 1 } else { failures.append(Failure(path: path, errno: code)) }
    }

    /// Nodes refused for lack of permission.
    var deniedNodes: [String] {
        failures.filter { $0.errno == EACCES || $0.errno == EPERM }.map(\.path)
    }
}
