import Evdev
import Foundation

/// Reads evemu files (EVEMU 1.0–1.3): the description lines `N:` name, `I:` ids (hex),
/// `P:` property bytes, `B:` event-code bit masks, `A:` absolute axes (`code min max fuzz flat
/// [resolution]`), `L:`/`S:` LED and switch state, and `E: sec.usec type code value` events
/// (hex type and code, decimal value; trailing `#` comments allowed). Event-only files take
/// their description from a sibling file (`<device>.desc` or `.prop`, see `RecordingReader`).
public enum EvemuReader {
    /// Parses `text`. `requireEvents` false reads a description-only file.
    public static func parse(_ text: String, path: String, description: InputDevice? = nil,
                             requireEvents: Bool = true) throws(RecordingError) -> InputRecording {
        var device = description ?? InputDevice()
        var hasDescription = description != nil
        var propertyBytes: [UInt8] = []
        var bits: [UInt16: [UInt8]] = [:]
        var axes: [AbsoluteAxis] = []
        var events: [InputEvent] = []
        var lastEventLine = 0
        var lineNumber = 0

        func fail(_ message: String) -> RecordingError { RecordingError(file: path, line: lineNumber, message: message) }

        var utf8 = Substring(text).utf8[...]
        while !utf8.isEmpty {
            lineNumber += 1
            let end = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let raw = utf8[..<end]
            utf8 = end == utf8.endIndex ? utf8[end...] : utf8[utf8.index(after: end)...]
            guard raw.count >= 2, raw[raw.index(after: raw.startIndex)] == UInt8(ascii: ":") else {
                let s = Substring(raw).trimmingCharacters(in: .whitespaces)
                if s.isEmpty || s.hasPrefix("#") { continue }
                throw fail("expected a line starting with N:, I:, P:, B:, A:, L:, S: or E: (or a # comment), found \"\(s.prefix(40))\"")
            }
            let tag = raw[raw.startIndex]
            if tag == UInt8(ascii: "E") {
                guard let e = parseEvent(raw.dropFirst(2)) else {
                    throw fail("expected 'E: <sec>.<usec> <type hex> <code hex> <value>' with sec ≤ \(InputEvent.maxSeconds)")
                }
                events.append(e)
                lastEventLine = lineNumber
                continue
            }
            if tag == UInt8(ascii: "N") {
                device.name = String(decoding: raw.dropFirst(2), as: UTF8.self).trimmingCharacters(in: .whitespaces)
                hasDescription = true
                continue
            }
            let body = String(decoding: raw.dropFirst(2), as: UTF8.self)
            let fields = (body.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            switch tag {
            case UInt8(ascii: "I"):
                let v = fields.compactMap { UInt16($0, radix: 16) }
                guard fields.count == 4, v.count == 4 else { throw fail("expected 'I: <bustype> <vendor> <product> <version>' in hex") }
                device.id = .init(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
                hasDescription = true
            case UInt8(ascii: "P"):
                let v = fields.compactMap { UInt8($0, radix: 16) }
                guard v.count == fields.count, !v.isEmpty else { throw fail("expected 'P: <property bytes in hex>'") }
                propertyBytes += v
            case UInt8(ascii: "B"):
                let v = fields.compactMap { UInt8($0, radix: 16) }
                guard v.count == fields.count, v.count >= 2 else { throw fail("expected 'B: <type hex> <bit-mask bytes in hex>'") }
                bits[UInt16(v[0]), default: []] += v.dropFirst()
            case UInt8(ascii: "A"):
                guard fields.count >= 5, let code = UInt16(fields[0], radix: 16),
                      let lo = Int32(fields[1]), let hi = Int32(fields[2]), let fuzz = Int32(fields[3]), let flat = Int32(fields[4]) else {
                    throw fail("expected 'A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]'")
                }
                var res: Int32 = 0
                if fields.count >= 6 {
                    guard let r = Int32(fields[5]) else { throw fail("expected a decimal resolution after the flat value") }
                    res = r
                }
                axes.removeAll { $0.code == code }
                axes.append(AbsoluteAxis(code: code, minimum: lo, maximum: hi, fuzz: fuzz, flat: flat, resolution: res))
            case UInt8(ascii: "L"), UInt8(ascii: "S"):
                break  // LED / switch state: not needed for touch
            default:
                throw fail("unknown line type '\(Character(UnicodeScalar(tag)))': expected N:, I:, P:, B:, A:, L:, S: or E:")
            }
        }
        if !propertyBytes.isEmpty {
            device.properties = setBits(propertyBytes)
        }
        if !bits.isEmpty {
            var codes: [UInt16: [UInt16]] = [:]
            for (type, bytes) in bits where type != 0 { codes[type] = setBits(bytes).map { UInt16($0) } }
            if let types = bits[0] { for t in setBits(types) where codes[UInt16(t)] == nil { codes[UInt16(t)] = [] } }
            device.codes = codes
        }
        if !axes.isEmpty {
            device.axes = axes.sorted { $0.code < $1.code }
            device.codes[EvdevCode.EV_ABS] = device.axes.map(\.code)
        }
        if !hasDescription && axes.isEmpty {
            throw RecordingError(file: path, line: nil,
                                 message: "no device description (N:/I:/A: lines) and no sibling .desc or .prop file")
        }
        if requireEvents && events.isEmpty {
            throw RecordingError(file: path, line: nil, message: "no events: expected 'E:' lines after the device description")
        }
        let grouped = InputRecording.frames(from: events)
        var recording = InputRecording(device: device, frames: grouped.frames, format: .evemu, path: path)
        if grouped.trailing > 0 {
            // Capture stopped mid-frame (common: evemu-record ended by Ctrl-C). The kernel never
            // closed that frame, so libinput would not have processed it either.
            recording.warnings.append("\(path):\(lastEventLine): the last \(grouped.trailing) event(s) have no closing SYN_REPORT; ignored")
        }
        return recording
    }

    static func setBits(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        for (i, b) in bytes.enumerated() where b != 0 {
            for bit in 0..<8 where b & (1 << bit) != 0 { result.append(i * 8 + bit) }
        }
        return result
    }

    /// `sec.usec type code value` with hex type/code; fast path over bytes.
    static func parseEvent(_ s: Substring.UTF8View.SubSequence) -> InputEvent? {
        var i = s.startIndex
        func skipSpaces() { while i < s.endIndex, s[i] == 0x20 || s[i] == 0x09 { i = s.index(after: i) } }
        func number(radix: Int64) -> (value: Int64, digits: Int, negative: Bool)? {
            skipSpaces()
            var negative = false
            if i < s.endIndex, s[i] == UInt8(ascii: "-") { negative = true; i = s.index(after: i) }
            var v: Int64 = 0, n = 0
            while i < s.endIndex {
                let c = s[i]
                let d: Int64
                if c >= 0x30 && c <= 0x39 { d = Int64(c - 0x30) }
                else if radix == 16 && c >= 0x61 && c <= 0x66 { d = Int64(c - 0x61 + 10) }
                else if radix == 16 && c >= 0x41 && c <= 0x46 { d = Int64(c - 0x41 + 10) }
                else { break }
                // 18 decimal or 15 hex digits always fit Int64 (10¹⁸ and 16¹⁵ < 2⁶³).
                guard n < (radix == 16 ? 15 : 18) else { return nil }
                v = v * radix + d; n += 1; i = s.index(after: i)
            }
            return n > 0 ? (negative ? -v : v, n, negative) : nil
        }
        guard let sec = number(radix: 10), !sec.negative, sec.value <= InputEvent.maxSeconds,
              i < s.endIndex, s[i] == UInt8(ascii: ".") else { return nil }
        i = s.index(after: i)
        guard let frac = number(radix: 10), !frac.negative, frac.digits <= 9 else { return nil }
        var usec = frac.value
        if frac.digits < 6 { for _ in frac.digits..<6 { usec *= 10 } }
        if frac.digits > 6 { for _ in 6..<frac.digits { usec /= 10 } }
        guard let type = number(radix: 16), !type.negative, type.value <= 0xffff,
              let code = number(radix: 16), !code.negative, code.value <= 0xffff,
              let value = number(radix: 10), value.value >= Int64(Int32.min), value.value <= Int64(Int32.max) else { return nil }
        skipSpaces()
        guard i == s.endIndex || s[i] == UInt8(ascii: "#") || s[i] == UInt8(ascii: "\r") else { return nil }
        return InputEvent(time: sec.value * 1_000_000 + usec, type: UInt16(type.value), code: UInt16(code.value), value: Int32(value.value))
    }
}
