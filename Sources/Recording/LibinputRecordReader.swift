import Evdev
import Yams

/// Reads `libinput record` YAML, file version 1 (`tools/libinput-record.c`): `version`,
/// `ndevices`, `libinput`, `system`, and per device `node`, `evdev` (`name`, `id`, `codes`,
/// `absinfo`, `properties`), `hid`, `udev` (`properties`, `virtual`), `quirks`, `libinput`
/// and `events` (`- evdev: [[sec, usec, type, code, value], …]` per kernel frame; `libinput:`
/// and `hid:` entries are skipped). Unknown keys are ignored. With several devices the first
/// touchscreen is replayed (the others are input the chart does not use).
public enum LibinputRecordReader {
    public static func parse(_ text: String, path: String) throws(RecordingError) -> InputRecording {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw RecordingError(file: path, line: 1, message: "empty file: expected a libinput record YAML document ('version: 1')")
            }
            root = node
        } catch let error as RecordingError {
            throw error
        } catch let error as YamlError {
            throw RecordingError(file: path, line: Self.line(of: error), message: "not valid YAML: \(Self.problem(of: error))")
        } catch {
            throw RecordingError(file: path, line: nil, message: "not valid YAML: \(error)")
        }
        let reader = NodeReader(path: path)
        let top = try reader.mapping(root, "the top level")
        guard let versionNode = top["version"] else {
            throw reader.error(root, "expected 'version: 1' (a libinput record file)")
        }
        let version = try reader.int(versionNode, "version")
        guard version == 1 else {
            throw reader.error(versionNode, "version \(version) is not supported: expected 'version: 1'")
        }
        guard let devicesNode = top["devices"] else { throw reader.error(root, "expected a 'devices:' list") }
        let devices = try reader.sequence(devicesNode, "devices")
        guard !devices.isEmpty else { throw reader.error(devicesNode, "expected at least one device under 'devices:'") }

        var parsed: [InputRecording] = []
        for deviceNode in devices {
            parsed.append(try parseDevice(deviceNode, reader: reader))
        }
        return parsed.first { $0.device.touchscreenRefusal == nil } ?? parsed[0]
    }

    static func parseDevice(_ node: Node, reader: NodeReader) throws(RecordingError) -> InputRecording {
        let map = try reader.mapping(node, "a device")
        var device = InputDevice()
        if let n = map["node"] { device.node = n.string }
        guard let evdevNode = map["evdev"] else { throw reader.error(node, "expected an 'evdev:' description in the device") }
        let evdev = try reader.mapping(evdevNode, "evdev")
        device.name = evdev["name"]?.string ?? ""
        if let idNode = evdev["id"] {
            let ids = try reader.ints(idNode, "evdev.id", count: 4)
            device.id = .init(bustype: UInt16(truncatingIfNeeded: ids[0]), vendor: UInt16(truncatingIfNeeded: ids[1]),
                              product: UInt16(truncatingIfNeeded: ids[2]), version: UInt16(truncatingIfNeeded: ids[3]))
        }
        if let codesNode = evdev["codes"] {
            for (key, value) in try reader.mapping(codesNode, "evdev.codes") {
                let type = try reader.int(key, "an event type under evdev.codes")
                device.codes[UInt16(truncatingIfNeeded: type)] = try reader.ints(value, "evdev.codes.\(type)").map { UInt16(truncatingIfNeeded: $0) }.sorted()
            }
        }
        if let absNode = evdev["absinfo"] {
            var axes: [AbsoluteAxis] = []
            for (key, value) in try reader.mapping(absNode, "evdev.absinfo") {
                let code = try reader.int(key, "an axis code under evdev.absinfo")
                let v = try reader.ints(value, "evdev.absinfo.\(code) ([min, max, fuzz, flat, resolution])", count: 5)
                axes.append(AbsoluteAxis(code: UInt16(truncatingIfNeeded: code), minimum: Int32(clamping: v[0]), maximum: Int32(clamping: v[1]),
                                         fuzz: Int32(clamping: v[2]), flat: Int32(clamping: v[3]), resolution: Int32(clamping: v[4])))
            }
            device.axes = axes.sorted { $0.code < $1.code }
        }
        if let props = evdev["properties"] { device.properties = try reader.ints(props, "evdev.properties").sorted() }
        if let udev = map["udev"], let udevMap = udev.mapping, let props = udevMap["properties"] {
            device.udevProperties = try reader.sequence(props, "udev.properties").compactMap(\.string)
        }

        var events: [InputEvent] = []
        var frames: [EvdevFrame] = []
        if let eventsNode = map["events"], eventsNode.scalar == nil || !(eventsNode.string ?? "").isEmpty {
            let list = try reader.sequence(eventsNode, "events")
            frames.reserveCapacity(list.count)
            for entry in list {
                guard let entryMap = entry.mapping else {
                    throw reader.error(entry, "expected '- evdev:', '- libinput:' or '- hid:' under 'events:'")
                }
                guard let evdevEvents = entryMap["evdev"] else { continue }
                let rows = try reader.sequence(evdevEvents, "events[].evdev")
                events.removeAll(keepingCapacity: true)
                for row in rows {
                    let v = try reader.ints(row, "an evdev event [sec, usec, type, code, value]", count: 5)
                    guard v[0] >= 0, v[0] <= InputEvent.maxSeconds, v[1] >= 0, v[1] < 1_000_000, (0...0xffff).contains(v[2]), (0...0xffff).contains(v[3]),
                          v[4] >= Int(Int32.min), v[4] <= Int(Int32.max) else {
                        throw reader.error(row, "expected [sec, usec, type, code, value] with 0 ≤ sec ≤ \(InputEvent.maxSeconds), 0 ≤ usec < 1000000 and 16-bit type/code")
                    }
                    events.append(InputEvent(time: Int64(v[0]) * 1_000_000 + Int64(v[1]), type: UInt16(v[2]), code: UInt16(v[3]), value: Int32(v[4])))
                }
                guard let last = events.last else { continue }
                guard last.isSynReport else {
                    throw reader.error(evdevEvents, "expected the frame to end with SYN_REPORT ([sec, usec, 0, 0, 0]); the file may be truncated")
                }
                frames.append(EvdevFrame(time: last.time, events: events))
            }
        }
        // Times are already relative to the recording's first event; keep them as written.
        return InputRecording(device: device, frames: frames, format: .libinputRecord, path: reader.path)
    }

    static func line(of error: YamlError) -> Int? {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _): return mark.line
        default: return nil
        }
    }

    static func problem(of error: YamlError) -> String {
        switch error {
        case let .scanner(_, problem, _, _), let .parser(_, problem, _, _), let .composer(_, problem, _, _): return problem
        default: return "\(error)"
        }
    }
}

/// Typed access to Yams nodes with line-numbered errors.
struct NodeReader {
    let path: String

    func error(_ node: Node, _ message: String) -> RecordingError {
        RecordingError(file: path, line: node.mark?.line, message: message)
    }
    func mapping(_ node: Node, _ what: String) throws(RecordingError) -> Node.Mapping {
        guard let m = node.mapping else { throw error(node, "expected a mapping (key: value) for \(what)") }
        return m
    }
    func sequence(_ node: Node, _ what: String) throws(RecordingError) -> Node.Sequence {
        guard let s = node.sequence else { throw error(node, "expected a list for \(what)") }
        return s
    }
    func int(_ node: Node, _ what: String) throws(RecordingError) -> Int {
        guard let s = node.scalar?.string, let v = Int(s) ?? (s.hasPrefix("0x") ? Int(s.dropFirst(2), radix: 16) : nil) else {
            throw error(node, "expected an integer for \(what)")
        }
        return v
    }
    func ints(_ node: Node, _ what: String, count: Int? = nil) throws(RecordingError) -> [Int] {
        let s = try sequence(node, what)
        if let count, s.count != count { throw error(node, "expected \(count) integers for \(what), found \(s.count)") }
        var out: [Int] = []
        out.reserveCapacity(s.count)
        for item in s { out.append(try int(item, what)) }
        return out
    }
}
