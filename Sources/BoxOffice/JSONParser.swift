import Foundation

/// A strict RFC 8259 parser into `JSONValue` (JSONDecoder's trial-and-error decoding of an enum
/// was the server's largest per-request cost). Integers that fit Int64 stay integers; nesting is
/// limited to 64 levels; trailing content is an error.
struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    static func parse(_ data: Data) -> JSONValue? {
        var parser = JSONParser(bytes: Array(data))
        guard let value = parser.value() else { return nil }
        parser.skipSpace()
        return parser.i == parser.bytes.count ? value : Optional<JSONValue>.none
    }

    /// Like `parse`, but a failure carries the byte offset where parsing stopped (for messages
    /// with a line and column).
    static func parseReportingOffset(_ data: Data) -> Result<JSONValue, SyntaxErrorOffset> {
        var parser = JSONParser(bytes: Array(data))
        guard let value = parser.value() else { return .failure(SyntaxErrorOffset(offset: parser.i)) }
        parser.skipSpace()
        return parser.i == parser.bytes.count ? .success(value) : .failure(SyntaxErrorOffset(offset: parser.i))
    }

    /// The byte offset at which a document stopped being valid JSON.
    struct SyntaxErrorOffset: Error {
        var offset: Int
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    mutating func literal(_ text: String, _ value: JSONValue) -> JSONValue? {
        let t = Array(text.utf8)
        guard i + t.count <= bytes.count, Array(bytes[i..<(i + t.count)]) == t else { return nil }
        i += t.count
        return value
    }

    mutating func value() -> JSONValue? {
        skipSpace()
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { return nil }
            i += 1
            var fields: [String: JSONValue] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                guard let v = value() else { return nil }
                fields[key] = v
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                return nil
            }
        case UInt8(ascii: "["):
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { return nil }
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                guard let v = value() else { return nil }
                items.append(v)
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                return nil
            }
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    mutating func number() -> JSONValue? {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { return nil }
        if bytes[i] == 48 { i += 1 } else { while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 } }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { return nil }
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 else { return nil }
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if integral, let v = Int64(text) { return .int(v) }
        return Double(text).map { .double($0) }
    }

    mutating func string() -> String? {
        i += 1  // opening quote
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""): return String(validating: out, as: UTF8.self)
            case 0..<32: return nil
            case 92:
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), 92, UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u") else { return nil }
                        i += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: return nil
                }
            default: out.append(b)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { return nil }
        i += 4
        return v
    }
}
