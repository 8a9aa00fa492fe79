import CLinux
import Geometry
import Gestures
import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// The soak's touchscreen: a `TouchSource` whose descriptor is an eventfd the harness writes
/// when it queues frames, so the kiosk's event loop reads them exactly as it reads libinput's
/// (`RunningKiosk.touchReadable` on the loop thread). Frames are in logical screen px with
/// timestamps on the soak's virtual clock.
final class SoakTouchSource: TouchSource {
    let fileDescriptor: Int32
    private var queued: [TouchFrame] = []
    /// Frames handed to the kiosk so far.
    private(set) var delivered = 0

    init() throws(SoakError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw SoakError("eventfd for the touch source: errno \(errno)") }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Queues `frame` for the loop's next read (called on the loop's own thread, between turns).
    func queue(_ frame: TouchFrame) {
        queued.append(frame)
        var one: UInt64 = 1
        _ = write(fileDescriptor, &one, 8)
    }

    func dispatch() throws -> [TouchFrame] {
        var counter: UInt64 = 0
        _ = read(fileDescriptor, &counter, 8)
        let out = queued
        queued.removeAll(keepingCapacity: true)
        delivered += out.count
        return out
    }

    var physicalSize: Size? { nil }
    var startupWarnings: [String] { [] }
    func suspendInput() -> [TouchFrame] { [] }
    func resumeInput() throws {}
}

/// A soak step that failed: what and why.
struct SoakError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
