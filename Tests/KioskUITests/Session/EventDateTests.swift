import Testing
@testable import KioskUI

/// The event's date: ISO text in, weekdays from the calendar (dates whose weekday is known).
@Suite struct EventDateTests {
    @Test func weekdaysOfKnownDates() throws {
        // 1 Jan 1970 and 29 Feb 2024 were Thursdays, 1 Jan 2000 a Saturday, 14 Mar 2026 a Saturday.
        let known: [(String, Int)] = [("1970-01-01T00:00", 4), ("2024-02-29T12:00", 4), ("2000-01-01T00:00", 6),
                                      ("2026-03-14T20:45", 6), ("2026-11-26 18:00", 4)]
        for (text, weekday) in known {
            let d = try #require(EventDate(iso: text), "\(text)")
            #expect(d.weekday == weekday, "\(text)")
        }
        let d = try #require(EventDate(iso: "2026-03-14T20:45:30"))
        #expect(d.year == 2026 && d.month == 3 && d.day == 14 && d.hour == 20 && d.minute == 45)
    }

    @Test func impossibleDatesAreRefused() {
        for text in ["2026-02-29T20:00", "2026-13-01T20:00", "2026-04-31T20:00", "2026-03-14T24:00", "2026-03-14", "26-03-14T20:45",
                     "2026-03-14T20:60", "tomorrow"] {
            #expect(EventDate(iso: text) == nil, "\(text)")
        }
        #expect(EventDate(iso: "2024-02-29T00:00") != nil)
        #expect(EventDate(iso: "1900-02-29T00:00") == nil)   // not a leap year
    }
}
