#if canImport(Glibc)
import Glibc
import Recording
import TouchInput

extension TouchscreenRecorder {
    /// Why `tribune record` could not start.
    public struct NoTouchscreen: Error, CustomStringConvertible {
        public var description: String {
            "no touchscreen found among /dev/input/event* (give --device, and check read permission)"
        }
    }

    /// The recorder `tribune record` uses: `path`, or the first touchscreen among
    /// /dev/input/event* (waiting up to `wait` seconds for one, then for udev to tag it), with
    /// the running kernel's release in the header.
    public static func open(device path: String?, wait: Double, output: String) throws -> TouchscreenRecorder {
        guard let found = path ?? EvdevDeviceNode.waitForTouchscreen(timeout: wait) else { throw NoTouchscreen() }
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let node = try EvdevDeviceNode(path: found)
        if path == nil { node.waitForUdevProperties(timeout: 10) }   // just plugged in: let udev tag it first
        return try TouchscreenRecorder(node: node, output: output, system: .init(kernel: kernel))
    }

    /// Records until SIGINT or SIGTERM (a `SignalWatch` on the recorder's event loop) or until
    /// the device goes away.
    public func recordUntilSignalled() throws -> Summary {
        let loop = try EventLoop()
        let signals = try SignalWatch(loop: loop, signals: [SIGINT, SIGTERM]) { _ in loop.stop() }
        defer { withExtendedLifetime(signals) {} }
        return try record(on: loop)
    }
}
#endif
