#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Descriptors
import SystemPackage

/// The virtual terminal the kiosk takes over: graphics mode (the kernel stops drawing the text
/// console), keyboard off (keys do not reach a shell behind it), and VT switches handed to the
/// process (`VT_PROCESS`) so DRM master can be released and taken back. `restore()` puts back
/// what was found; call it on exit and on SIGTERM/SIGINT.
public final class DRMConsole {
    // linux/kd.h and linux/vt.h; these headers do not import into Swift.
    static let KDSETMODE: UInt = 0x4B3A, KDGETMODE: UInt = 0x4B3B
    static let KDGKBMODE: UInt = 0x4B44, KDSKBMODE: UInt = 0x4B45
    static let VT_GETMODE: UInt = 0x5601, VT_SETMODE: UInt = 0x5602
    static let VT_GETSTATE: UInt = 0x5603, VT_RELDISP: UInt = 0x5605
    public static let textMode: Int32 = 0, graphicsMode: Int32 = 1
    static let keyboardOff: Int32 = 4
    static let vtProcess: Int8 = 1, vtAckAcquire: Int = 2

    /// Mirrors `struct vt_mode`.
    struct VTMode { var mode: Int8 = 0, waitv: Int8 = 0; var relsig: Int16 = 0, acqsig: Int16 = 0, frsig: Int16 = 0 }

    public let path: String
    private let terminal: OwnedDescriptor
    private var fd: Int32 { terminal.rawValue }
    private var savedMode: Int32 = 0
    private var savedKeyboard: Int = 0
    private var savedVT = VTMode()
    private var restored = false

    /// The active VT's node, found through `/dev/tty0` (`VT_GETSTATE`), or nil.
    public static func activeTerminalPath() -> String? {
        let fd = open("/dev/tty0", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var state: (UInt16, UInt16, UInt16) = (0, 0, 0)   // struct vt_stat
        guard drmIoctl(fd, VT_GETSTATE, &state) == 0, state.0 > 0 else { return nil }
        return "/dev/tty\(state.0)"
    }

    /// Reads the KD mode (`textMode`/`graphicsMode`) of a terminal, e.g. to check it was restored.
    public static func displayMode(of path: String) throws(DRMError) -> Int32 {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw DRMError(call: "open", path: path, errno: .current) }
        defer { close(fd) }
        var mode: Int32 = 0
        guard drmIoctl(fd, KDGETMODE, &mode) == 0 else { throw DRMError(call: "KDGETMODE", path: path, errno: .current) }
        return mode
    }

    /// Takes over the terminal at `path`. With `releaseSignal`/`acquireSignal` the kernel asks
    /// before switching away (answer with `acknowledgeRelease()`/`acknowledgeAcquire()`).
    public init(path: String, releaseSignal: Int32 = SIGUSR1, acquireSignal: Int32 = SIGUSR2) throws(DRMError) {
        // Everything that can fail is done before `terminal`, the last stored property, is
        // set: a throw after that would run `deinit` and restore modes never saved. A throw
        // before drops the local `owned`, which closes the terminal.
        self.path = path
        let raw = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard raw >= 0 else { throw DRMError(call: "open", path: path, errno: .current) }
        let owned = OwnedDescriptor(adopting: raw)
        let descriptor = owned.rawValue
        var mode: Int32 = 0
        guard drmIoctl(descriptor, Self.KDGETMODE, &mode) == 0 else {
            throw DRMError(call: "KDGETMODE", path: path, errno: .current)
        }
        var keyboard = 0
        _ = drmIoctl(descriptor, Self.KDGKBMODE, &keyboard)
        var found = VTMode()
        _ = drmIoctl(descriptor, Self.VT_GETMODE, &found)
        guard drmIoctl(descriptor, Self.KDSETMODE, UnsafeMutableRawPointer(bitPattern: Int(Self.graphicsMode))) == 0 else {
            throw DRMError(call: "KDSETMODE(KD_GRAPHICS)", path: path, errno: .current)
        }
        _ = drmIoctl(descriptor, Self.KDSKBMODE, UnsafeMutableRawPointer(bitPattern: Int(Self.keyboardOff)))
        var vt = VTMode(mode: Self.vtProcess, waitv: 0, relsig: Int16(releaseSignal), acqsig: Int16(acquireSignal), frsig: 0)
        _ = drmIoctl(descriptor, Self.VT_SETMODE, &vt)
        savedMode = mode
        savedKeyboard = keyboard
        savedVT = found
        terminal = owned
    }

    deinit { restore() }

    /// Allows the pending switch away (after DRM master was dropped).
    public func acknowledgeRelease() { _ = drmIoctl(fd, Self.VT_RELDISP, UnsafeMutableRawPointer(bitPattern: 1)) }
    /// Confirms the switch back (before taking DRM master again).
    public func acknowledgeAcquire() { _ = drmIoctl(fd, Self.VT_RELDISP, UnsafeMutableRawPointer(bitPattern: Self.vtAckAcquire)) }

    /// Puts back the KD mode, keyboard mode and VT switching mode found at start. Idempotent.
    public func restore() {
        guard !restored else { return }
        restored = true
        _ = drmIoctl(fd, Self.VT_SETMODE, &savedVT)
        _ = drmIoctl(fd, Self.KDSKBMODE, UnsafeMutableRawPointer(bitPattern: savedKeyboard))
        _ = drmIoctl(fd, Self.KDSETMODE, UnsafeMutableRawPointer(bitPattern: Int(savedMode)))
    }
}
