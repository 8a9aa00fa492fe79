import Evdev
import JSON

/// Writes `libinput record` YAML (file version 1) that `libinput replay` plays back and
/// `LibinputRecordReader` reads: the header and device description first, then one
/// `- evdev:` list per kernel frame, so a recorder can stream frames and stop at any frame.
/// Times must be relative to the recording's first event (libinput's convention).
public enum LibinputRecordWriter {
    /// What the `system:` block says (all optional).
    public struct SystemInfo: Hashable, Sendable {
        public var os: String?, kernel: String?, dmi: String?
        public init(os: String? = nil, kernel: String? = nil, dmi: String? = nil) { self.os = os; self.kernel = kernel; self.dmi = dmi }
    }

    /// Everything up to and including `events:`; frames follow with `frame(_:)`.
    public static func header(device: InputDevice, system: SystemInfo = SystemInfo()) -> String {
        var s = "# libinput record\nversion: 1\nndevices: 1\nlibinput:\n  version: \"tribune\"\n  git: \"unknown\"\n"
        s += "system:\n"
        if let os = system.os { s += "  os: \(JSONWriter.quoted(os))\n" }
        if let k = system.kernel { s += "  kernel: \(JSONWriter.quoted(k))\n" }
        if let d = system.dmi { s += "  dmi: \(JSONWriter.quoted(d))\n" }
        if system.os == nil && system.kernel == nil && system.dmi == nil { s += "  kernel: \"unknown\"\n" }
        s += "devices:\n- node: \(device.node ?? "/dev/input/event0")\n  evdev:\n"
        s += "    # Name: \(device.name)\n"
        s += "    # ID: bus 0x\(hex(device.id.bustype)) vendor 0x\(hex(device.id.vendor)) product 0x\(hex(device.id.product)) version 0x\(hex(device.id.version))\n"
        if let (x, y) = device.positionAxes, x.resolution > 0, y.resolution > 0 {
            s += "    # Size in mm: \(Int(x.range) / Int(x.resolution))x\(Int(y.range) / Int(y.resolution))\n"
        }
        s += "    name: \(JSONWriter.quoted(device.name))\n"
        s += "    id: [\(device.id.bustype), \(device.id.vendor), \(device.id.product), \(device.id.version)]\n"
        s += "    codes:\n"
        var codes = device.codes
        if codes[EvdevCode.EV_ABS] == nil && !device.axes.isEmpty { codes[EvdevCode.EV_ABS] = device.axes.map(\.code) }
        if codes[EvdevCode.EV_SYN] == nil || codes[EvdevCode.EV_SYN]!.isEmpty { codes[EvdevCode.EV_SYN] = [0, 1, 2, 3] }
        for type in codes.keys.sorted() {
            let list = codes[type]!.sorted().map(String.init).joined(separator: ", ")
            s += "      \(type): [\(list)] # \(EvdevCode.typeName(type))\n"
        }
        if !device.axes.isEmpty {
            s += "    absinfo:\n"
            for a in device.axes {
                s += "      \(a.code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
            }
        }
        s += "    properties: [\(device.properties.map(String.init).joined(separator: ", "))]\n"
        // An empty list must be written as one: a bare `properties:` reads back as null.
        s += "  hid: []\n  udev:\n    properties:" + (device.udevProperties.isEmpty ? " []\n" : "\n")
        for p in device.udevProperties { s += "    - \(p)\n" }
        s += "    virtual: false\n  quirks:\n  events:\n"
        return s
    }

    /// One kernel frame as `  - evdev:` with one line per event.
    public static func frame(_ frame: EvdevFrame) -> String {
        var s = "  - evdev:\n"
        for e in frame.events {
            let sec = e.time / 1_000_000, usec = e.time % 1_000_000
            let numbers = "[\(pad(sec, 3)), \(pad(usec, 6)), \(pad(Int64(e.type), 3)), \(pad(Int64(e.code), 3)), \(pad(Int64(e.value), 6))]"
            if e.isSynReport {
                s += "    - \(numbers) # ------------ SYN_REPORT (0) ----------\n"
            } else {
                s += "    - \(numbers) # \(EvdevCode.typeName(e.type)) / \(EvdevCode.codeName(type: e.type, code: e.code)) \(e.value)\n"
            }
        }
        return s
    }

    /// A whole document without frames (`events: []`): what a recorder that saw no frame writes.
    public static func emptyDocument(device: InputDevice, system: SystemInfo = SystemInfo()) -> String {
        header(device: device, system: system).replacingLastEventsKeyWithEmptyList()
    }

    /// A whole recording as one document.
    public static func document(_ recording: InputRecording, system: SystemInfo = SystemInfo()) -> String {
        if recording.frames.isEmpty { return emptyDocument(device: recording.device, system: system) }
        var s = header(device: recording.device, system: system)
        for f in recording.frames { s += frame(f) }
        return s
    }

    static func hex(_ v: UInt16, width: Int = 1) -> String {
        let h = String(v, radix: 16)
        return h.count >= width ? h : String(repeating: "0", count: width - h.count) + h
    }

    static func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}

extension String {
    func replacingLastEventsKeyWithEmptyList() -> String {
        guard hasSuffix("  events:\n") else { return self }
        return String(dropLast("  events:\n".count)) + "  events: []\n"
    }
}
