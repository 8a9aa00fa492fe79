import Foundation
import JSON

extension JSONValue {
    /// Deepest nesting of arrays and objects a request may have.
    static let maximumDepth = 64

    /// Parses `data` strictly (RFC 8259: valid UTF-8, paired surrogates, nothing after the
    /// value, no name twice in an object); nil when it is not JSON. Integers that fit Int64 stay integers.
    public static func parse(_ data: Data) -> JSONValue? {
        try? parseReportingError(data).get()
    }

    /// Like `parse`, but a failure says where (`JSONError.offset`, line and column) and what.
    static func parseReportingError(_ data: Data) -> Result<JSONValue, JSONError> {
        data.withUnsafeBytes { raw -> Result<JSONValue, JSONError> in
            var s = JSONScanner(raw.bindMemory(to: UInt8.self))
            s.strictUnicode = true
            do throws(JSONError) {
                let value = try read(&s, depth: 0)
                try s.end()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    /// The value at the scanner's position (objects and arrays recursively, `depth` deep so far).
    static func read(_ s: inout JSONScanner, depth: Int) throws(JSONError) -> JSONValue {
        switch s.peek() {
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else { throw s.error("nested deeper than \(maximumDepth) levels") }
            var fields: [String: JSONValue] = [:]
            try s.object { s, key throws(JSONError) in
                // RFC 8259 leaves duplicate names to the reader; taking the last would let a body
                // say two things at once, so a request naming a field twice is refused.
                guard fields[key] == nil else { throw s.error("the name '\(key)' appears twice in one object") }
                fields[key] = try read(&s, depth: depth + 1)
            }
            return .object(fields)
        case UInt8(ascii: "["):
            guard depth < maximumDepth else { throw s.error("nested deeper than \(maximumDepth) levels") }
            var items: [JSONValue] = []
            try s.array { s, _ throws(JSONError) in items.append(try read(&s, depth: depth + 1)) }
            return .array(items)
        case UInt8(ascii: "\""): return .string(try s.string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try s.bool())
        case UInt8(ascii: "n"):
            guard s.literal("null") else { throw s.expected("a value") }
            return .null
        default:
            let start = s.pos
            let v = try s.number("a value")
            // A token without fraction or exponent that fits Int64 stays an integer.
            let token = UnsafeBufferPointer(rebasing: s.bytes[start..<s.pos])
            if !token.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }),
               let i = Int64(String(decoding: token, as: UTF8.self)) {
                return .int(i)
            }
            return .double(v)
        }
    }
}
