import Geometry
import Gestures
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// A touchscreen for tests: frames the test queues come out of `dispatch()` once the kiosk's
/// loop sees its pipe readable, as libinput's come when its descriptor is.
final class QueuedTouchSource: TouchSource {
    private let pipeEnds: (read: Int32, write: Int32)
    var fileDescriptor: Int32 { pipeEnds.read }
    private var queued: [TouchFrame] = []

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        pipeEnds = (fds[0], fds[1])
    }

    deinit {
        close(pipeEnds.read)
        close(pipeEnds.write)
    }

    func queue(_ frames: [TouchFrame]) {
        queued += frames
        var byte: UInt8 = 1
        _ = write(pipeEnds.write, &byte, 1)
    }

    func dispatch() throws -> [TouchFrame] {
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = read(pipeEnds.read, &bytes, bytes.count)
        defer { queued.removeAll() }
        return queued
    }

    var physicalSize: Size? { nil }
    var startupWarnings: [String] { [] }
    func suspendInput() -> [TouchFrame] { [] }
    func resumeInput() throws {}
}
