/// When the event starts, as the venue's local wall-clock time (no time zone: the kiosk stands
/// at the venue). Shown in the header; written in configuration as ISO 8601 "2026-03-14T20:45".
public struct EventDate: Hashable, Sendable {
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int

    /// Nil when the values do not name a real date and time of day.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
        self.year = year; self.month = month; self.day = day; self.hour = hour; self.minute = minute
    }

    /// "YYYY-MM-DDTHH:MM" (a space for the "T" and trailing ":SS" accepted); nil otherwise.
    public init?(iso text: String) {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == " " || $0 == ":" })
        guard parts.count == 5 || parts.count == 6, parts[0].count == 4,
              let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count else { return nil }
        self.init(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4])
    }

    /// 0 Sunday … 6 Saturday (Zeller's congruence, Gregorian calendar).
    public var weekday: Int {
        let m = month < 3 ? month + 12 : month, y = month < 3 ? year - 1 : year
        let h = (day + 13 * (m + 1) / 5 + y + y / 4 - y / 100 + y / 400) % 7   // 0 Saturday
        return (h + 6) % 7
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
