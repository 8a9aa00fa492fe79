import Foundation

/// When an event starts, as the box office gives it (`starts_at`): an ISO 8601 / RFC 3339
/// date-time with the venue's UTC offset, "2026-03-14T20:45:00+01:00". The fields are the
/// venue's wall-clock time as written (what a visitor reads on the ticket); the offset says
/// which instant that is.
public struct EventStart: Sendable, Equatable, Codable, CustomStringConvertible {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int
    /// 0…59 (a leap second's 60 too); fractions are dropped.
    public var second: Int
    /// The venue's offset from UTC, minutes (+60 for +01:00; 0 for "Z").
    public var utcOffsetMinutes: Int

    /// Why a text is not an event start: the text and what was expected.
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        public var text: String
        public var reason: String
        public var description: String {
            "expected an ISO 8601 date and time with a UTC offset (2026-03-14T20:45:00+01:00), found '\(text)': \(reason)"
        }
    }

    /// Parses "YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)" (RFC 3339; a lower-case "t" or "z" too).
    public init(iso text: String) throws(FormatError) {
        func fail(_ reason: String) -> FormatError { FormatError(text: text, reason: reason) }
        let b = Array(text.utf8)
        func number(_ at: Int, _ count: Int) throws(FormatError) -> Int {
            guard at + count <= b.count else { throw fail("too short") }
            var v = 0
            for k in at..<(at + count) {
                guard b[k] >= 48, b[k] <= 57 else { throw fail("a digit expected at character \(k + 1)") }
                v = v * 10 + Int(b[k] - 48)
            }
            return v
        }
        func expect(_ at: Int, _ chars: String) throws(FormatError) {
            guard at < b.count, chars.utf8.contains(b[at]) else { throw fail("'\(chars.prefix(1))' expected at character \(at + 1)") }
        }
        year = try number(0, 4); try expect(4, "-"); month = try number(5, 2); try expect(7, "-"); day = try number(8, 2)
        try expect(10, "Tt"); hour = try number(11, 2); try expect(13, ":"); minute = try number(14, 2)
        try expect(16, ":"); second = try number(17, 2)
        var k = 19
        if k < b.count, b[k] == UInt8(ascii: ".") {
            k += 1
            let start = k
            while k < b.count, b[k] >= 48, b[k] <= 57 { k += 1 }
            guard k > start else { throw fail("digits expected after the decimal point") }
        }
        guard k < b.count else { throw fail("the UTC offset (Z or ±HH:MM) is missing") }
        if b[k] == UInt8(ascii: "Z") || b[k] == UInt8(ascii: "z") {
            utcOffsetMinutes = 0
            k += 1
        } else {
            try expect(k, "+-")
            let sign = b[k] == UInt8(ascii: "-") ? -1 : 1
            let h = try number(k + 1, 2)
            try expect(k + 3, ":")
            let m = try number(k + 4, 2)
            guard h <= 23, m <= 59 else { throw fail("offset out of range") }
            utcOffsetMinutes = sign * (h * 60 + m)
            k += 6
        }
        guard k == b.count else { throw fail("unexpected text after the offset") }
        guard (1...12).contains(month) else { throw fail("month \(month)") }
        let date = DateComponents(year: year, month: month, day: day)
        guard date.isValidDate(in: Calendar(identifier: .gregorian)) else { throw fail("no day \(day) in month \(month) of \(year)") }
        guard hour <= 23, minute <= 59, second <= 60 else { throw fail("time of day out of range") }
    }

    /// "2026-03-14T20:45:00+01:00".
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(year), pad = String(repeating: "0", count: max(0, 4 - y.count))
        let offset = utcOffsetMinutes == 0 ? "Z"
            : "\(utcOffsetMinutes < 0 ? "-" : "+")\(two(abs(utcOffsetMinutes) / 60)):\(two(abs(utcOffsetMinutes) % 60))"
        return "\(pad)\(y)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))\(offset)"
    }

    /// Decodes the string; a malformed one is a decoding error at its key (`starts_at`) saying why.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(iso: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
