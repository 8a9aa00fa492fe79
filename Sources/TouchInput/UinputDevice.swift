import CInput
import Descriptors
import Evdev
import Glibc

/// A virtual kernel input device made with uinput that copies a recorded device's description:
/// name, ids, the supported codes per type, absolute axes (min, max, fuzz, flat, resolution)
/// and properties. Events written to it reach evdev, udev and libinput like a real device's
/// (the kernel stamps them with its own clock). The one owner of the uinput file descriptor:
/// closing it (or `destroy()`) unplugs the device.
public final class UinputDevice {
    public let description: InputDevice
    /// Nil once destroyed (setting it to nil closes the descriptor, which unplugs the device).
    private var uinput: OwnedDescriptor?
    /// The descriptor's number, −1 once destroyed.
    private var fd: Int32 { uinput?.rawValue ?? -1 }
    /// The `inputN` directory name under /sys/devices/virtual/input, when the kernel says.
    public private(set) var sysname: String?

    /// Creates the device. Needs write access to `path` (root, or a udev rule for /dev/uinput)
    /// and the `uinput` module.
    public init(copying device: InputDevice, path: String = "/dev/uinput") throws {
        description = device
        let raw = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if raw < 0 {
            let code = errno
            let hint = code == ENOENT ? " (load the module: modprobe uinput)"
                : (code == EACCES || code == EPERM) ? " (run as root)" : ""
            throw TouchInputError("cannot open \(path): \(String(cString: strerror(code)))\(hint)")
        }
        uinput = OwnedDescriptor(adopting: raw)
        // (A throw from here runs `deinit`, whose `destroy()` closes the descriptor once.)
        try configure(device)
        var buffer = [UInt8](repeating: 0, count: 64)
        let r = buffer.withUnsafeMutableBytes { ioctl(fd, tribune_ui_get_sysname(64), $0.baseAddress!) }
        if r >= 0 { sysname = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) }
    }

    deinit { destroy() }

    /// Unplugs the device (UI_DEV_DESTROY) and closes the file descriptor; idempotent.
    public func destroy() {
        guard let fd = uinput?.rawValue else { return }
        _ = ioctl(fd, tribune_ui_dev_destroy())
        uinput = nil
    }

    /// The device's event node (`/dev/input/eventN`), once the kernel has made it.
    public var eventNode: String? {
        guard let sysname, let dir = opendir("/sys/devices/virtual/input/\(sysname)") else { return nil }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event") { return "/dev/input/" + name }
        }
        return nil
    }

    /// True once udev has processed the device (its database entry exists) or when no udev
    /// runs at all (nothing to wait for).
    public var isInitializedByUdev: Bool {
        guard access("/run/udev/data", F_OK) == 0 else { return true }
        guard let sysname, let node = eventNode else { return false }
        let event = node.split(separator: "/").last.map(String.init) ?? ""
        guard let file = fopen("/sys/devices/virtual/input/\(sysname)/\(event)/dev", "r") else { return false }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 32)
        guard fgets(&line, 32, file) != nil else { return false }
        let numbers = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingWhitespace
        return access("/run/udev/data/c\(numbers)", F_OK) == 0
    }

    /// Writes one kernel frame's events in a single write (the kernel stamps them).
    public func write(_ events: [InputEvent]) throws {
        guard fd >= 0, !events.isEmpty else { return }
        var raw = events.map { e in
            input_event(time: timeval(), type: e.type, code: e.code, value: e.value)
        }
        let size = MemoryLayout<input_event>.stride * raw.count
        let written = raw.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress!, size) }
        if written != size {
            throw TouchInputError.system("write to uinput (\(description.name))", errno: written < 0 ? errno : EIO)
        }
    }

    private func configure(_ device: InputDevice) throws {
        func check(_ r: Int32, _ what: String) throws {
            if r < 0 { throw TouchInputError.system("uinput \(what) for \"\(device.name)\"", errno: errno) }
        }
        var types = Set(device.codes.keys)
        if !device.axes.isEmpty { types.insert(EvdevCode.EV_ABS) }
        // Key repeat would make the kernel invent events; force feedback needs effect slots.
        types.remove(EvdevCode.EV_REP); types.remove(EvdevCode.EV_FF)
        for type in types.sorted() {
            try check(ioctl(fd, tribune_ui_set_evbit(), CInt(type)), "UI_SET_EVBIT \(type)")
            let request: UInt
            switch type {
            case EvdevCode.EV_KEY: request = tribune_ui_set_keybit()
            case EvdevCode.EV_REL: request = tribune_ui_set_relbit()
            case EvdevCode.EV_MSC: request = tribune_ui_set_mscbit()
            case EvdevCode.EV_LED: request = tribune_ui_set_ledbit()
            case EvdevCode.EV_SND: request = tribune_ui_set_sndbit()
            case EvdevCode.EV_SW: request = tribune_ui_set_swbit()
            default: continue  // EV_SYN needs no codes; EV_ABS goes through UI_ABS_SETUP below
            }
            for code in device.codes[type] ?? [] {
                try check(ioctl(fd, request, CInt(code)), "set code \(code) of type \(type)")
            }
        }
        for axis in device.axes {
            try check(ioctl(fd, tribune_ui_set_absbit(), CInt(axis.code)), "UI_SET_ABSBIT \(axis.code)")
            var setup = uinput_abs_setup()
            setup.code = axis.code
            setup.absinfo = input_absinfo(value: axis.minimum, minimum: axis.minimum, maximum: axis.maximum,
                                          fuzz: axis.fuzz, flat: axis.flat, resolution: axis.resolution)
            try check(withUnsafeMutablePointer(to: &setup) { ioctl(fd, tribune_ui_abs_setup(), $0) }, "UI_ABS_SETUP \(axis.code)")
        }
        for property in device.properties {
            try check(ioctl(fd, tribune_ui_set_propbit(), CInt(property)), "UI_SET_PROPBIT \(property)")
        }
        var setup = uinput_setup()
        setup.id = input_id(bustype: device.id.bustype, vendor: device.id.vendor, product: device.id.product,
                            version: device.id.version)
        let name = Array((device.name.isEmpty ? "tribune virtual device" : device.name).utf8)
        withUnsafeMutableBytes(of: &setup.name) { buffer in
            // Up to 79 bytes without cutting a UTF-8 sequence; the rest stays NUL.
            var count = min(name.count, buffer.count - 1)
            while count > 0 && count < name.count && name[count] & 0xC0 == 0x80 { count -= 1 }
            for i in 0..<count { buffer[i] = name[i] }
        }
        try check(withUnsafeMutablePointer(to: &setup) { ioctl(fd, tribune_ui_dev_setup(), $0) }, "UI_DEV_SETUP")
        try check(ioctl(fd, tribune_ui_dev_create()), "UI_DEV_CREATE")
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
