#if canImport(Glibc)
import Descriptors
import Evdev
import Glibc
import SystemPackage

/// An open `/dev/input/eventN`: its description read with the evdev ioctls (EVIOCGNAME,
/// EVIOCGID, EVIOCGPROP, EVIOCGBIT, EVIOCGABS), its udev properties from udev's database
/// (`/run/udev/data/c13:<minor>`), and its events read with read(2) as `struct input_event`.
/// The one owner of the file descriptor, closed when the node goes.
public final class EvdevDeviceNode {
    public let path: String
    private let node: OwnedDescriptor
    var fd: Int32 { node.rawValue }
    /// The open descriptor, for an event loop to watch (readable: `readEvents(timeout: 0)`).
    /// Owned by the node: do not close it.
    public var descriptor: Int32 { fd }

    /// Opens `path` read-only and non-blocking.
    public init(path: String) throws(EvdevError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .systemCall("open", path: path, errno: Errno(rawValue: errno)) }
        node = OwnedDescriptor(adopting: fd)
    }

    // _IOC(dir, 'E', nr, size) with _IOC_READ = 2.
    static func ioc(_ nr: UInt, _ size: Int) -> UInt { (2 << 30) | (UInt(size) << 16) | (UInt(UInt8(ascii: "E")) << 8) | nr }

    func readBytes(_ nr: UInt, count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let r = buffer.withUnsafeMutableBytes { ioctl(fd, Self.ioc(nr, count), $0.baseAddress!) }
        return r < 0 ? nil : Array(buffer.prefix(Int(r) > 0 ? min(Int(r), count) : count))
    }

    /// The switches (`EV_SW` codes) that are on now (EVIOCGSW); nil when the ioctl fails.
    public func switchesOn() -> [UInt16]? {
        readBytes(0x1b, count: Int(EvdevCode.maximumCode(type: EvdevCode.EV_SW)) / 8 + 1).map { Self.bits($0).map { UInt16($0) } }
    }

    static func bits(_ bytes: [UInt8]) -> [Int] {
        var out: [Int] = []
        for (i, b) in bytes.enumerated() where b != 0 { for bit in 0..<8 where b & (1 << bit) != 0 { out.append(i * 8 + bit) } }
        return out
    }

    /// The device description (and udev properties when udev's database has them).
    public func describe() throws(EvdevError) -> InputDevice {
        var device = InputDevice(node: path)
        guard let nameBytes = readBytes(0x06, count: 256) else {
            throw .systemCall("EVIOCGNAME", path: path, errno: Errno(rawValue: errno))
        }
        device.name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        var id = [UInt16](repeating: 0, count: 4)
        _ = id.withUnsafeMutableBytes { ioctl(fd, Self.ioc(0x02, 8), $0.baseAddress!) }
        device.id = .init(bustype: id[0], vendor: id[1], product: id[2], version: id[3])
        device.properties = Self.bits(readBytes(0x09, count: 4) ?? [])
        let types = Self.bits(readBytes(0x20, count: 4) ?? [])
        var codes: [UInt16: [UInt16]] = [:]
        var axes: [AbsoluteAxis] = []
        for type in types {
            let t = UInt16(type)
            let count = Int(EvdevCode.maximumCode(type: t)) / 8 + 1
            let list = Self.bits(readBytes(0x20 + UInt(type), count: count) ?? []).map { UInt16($0) }
            codes[t] = list
            if t == EvdevCode.EV_ABS {
                for code in list {
                    var info = [Int32](repeating: 0, count: 6)  // value, min, max, fuzz, flat, resolution
                    let r = info.withUnsafeMutableBytes { ioctl(fd, Self.ioc(0x40 + UInt(code), 24), $0.baseAddress!) }
                    if r >= 0 { axes.append(AbsoluteAxis(code: code, minimum: info[1], maximum: info[2], fuzz: info[3], flat: info[4], resolution: info[5])) }
                }
            }
        }
        device.codes = codes
        device.axes = axes
        device.udevProperties = udevProperties()
        return device
    }

    /// libinput record's selection: ID_INPUT*, LIBINPUT*, EVDEV_ABS*, MOUSE_DPI*, POINTINGSTICK_*.
    func udevProperties() -> [String] {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return [] }
        let dev = UInt64(st.st_rdev)
        let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~UInt64(0xfff))
        let minor = (dev & 0xff) | ((dev >> 12) & ~UInt64(0xff))
        guard let file = fopen("/run/udev/data/c\(major):\(minor)", "r") else { return [] }
        defer { fclose(file) }
        var out: [String] = []
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            var s = String(cString: line)
            while s.hasSuffix("\n") { s.removeLast() }
            guard s.hasPrefix("E:") else { continue }
            let entry = String(s.dropFirst(2))
            if ["ID_INPUT", "LIBINPUT", "EVDEV_ABS", "MOUSE_DPI", "POINTINGSTICK_", "HID_BPF"].contains(where: { entry.hasPrefix($0) }) {
                out.append(entry)
            }
        }
        return out
    }

    /// Waits up to `timeout` seconds for udev to have set the device up (its database entry with
    /// the `ID_INPUT*` properties), when udev runs at all; a device found the moment the kernel
    /// created it would otherwise be described without them. True when the properties are there.
    @discardableResult
    public func waitForUdevProperties(timeout: Double) -> Bool {
        guard access("/run/udev/data", F_OK) == 0 else { return false }
        var remaining = timeout
        while udevProperties().isEmpty {
            if remaining <= 0 { return false }
            usleep(50_000)
            remaining -= 0.05
        }
        return true
    }

    /// Waits up to `timeout` ms for events and reads those available (`struct input_event`:
    /// timeval, type, code, value — 24 bytes on 64-bit). Times are absolute µs. Throws
    /// `.deviceRemoved` once the device is gone.
    public func readEvents(timeout: Int32) throws(EvdevError) -> [InputEvent] {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = poll(&p, 1, timeout)
        if n < 0 {
            if errno == EINTR { return [] }
            throw .systemCall("poll", path: path, errno: Errno(rawValue: errno))
        }
        if n == 0 { return [] }
        if p.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            throw .deviceRemoved(path: path)
        }
        var raw = [UInt8](repeating: 0, count: 24 * 64)
        let got = raw.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if got < 0 {
            if errno == EAGAIN || errno == EINTR { return [] }
            if errno == ENODEV { throw .deviceRemoved(path: path) }
            throw .systemCall("read", path: path, errno: Errno(rawValue: errno))
        }
        var events: [InputEvent] = []
        raw.withUnsafeBytes { b in
            var o = 0
            while o + 24 <= got {
                let sec = b.loadUnaligned(fromByteOffset: o, as: Int64.self)
                let usec = b.loadUnaligned(fromByteOffset: o + 8, as: Int64.self)
                let type = b.loadUnaligned(fromByteOffset: o + 16, as: UInt16.self)
                let code = b.loadUnaligned(fromByteOffset: o + 18, as: UInt16.self)
                let value = b.loadUnaligned(fromByteOffset: o + 20, as: Int32.self)
                events.append(InputEvent(time: sec * 1_000_000 + usec, type: type, code: code, value: value))
                o += 24
            }
        }
        return events
    }

    /// Waits up to `timeout` seconds (checking every 100 ms) for a touchscreen to appear among
    /// `/dev/input/event*` and returns its path, or nil.
    public static func waitForTouchscreen(timeout: Double) -> String? {
        var remaining = timeout
        while true {
            if let path = findTouchscreen() { return path }
            if remaining <= 0 { return nil }
            usleep(100_000)
            remaining -= 0.1
        }
    }

    /// The first touchscreen among `/dev/input/event*` (lowest number first).
    public static func findTouchscreen() -> String? {
        for n in 0..<64 {
            let path = "/dev/input/event\(n)"
            guard access(path, F_OK) == 0, let node = try? EvdevDeviceNode(path: path),
                  let device = try? node.describe(), device.touchscreenRefusal == nil else { continue }
            return path
        }
        return nil
    }
}
#endif
