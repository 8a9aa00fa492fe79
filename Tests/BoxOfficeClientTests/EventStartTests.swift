import BoxOffice
import BoxOfficeClient
import Foundation
import GRDB
import Testing

/// The event's start (`starts_at`): set at event creation, served by the real box office on
/// loopback, decoded by the client into the venue's wall-clock time and offset; a malformed
/// value is a typed error that names the field.
@Suite("Event start")
struct EventStartTests {
    @Test func parsesTheVenuesWallClockAndOffset() throws {
        let s = try EventStart(iso: "2026-03-14T20:45:00+01:00")
        let fields: [Int] = [s.year, s.month, s.day, s.hour, s.minute, s.second, s.utcOffsetMinutes]
        #expect(fields == [2026, 3, 14, 20, 45, 0, 60])
        #expect(s.description == "2026-03-14T20:45:00+01:00")
        let west = try EventStart(iso: "2028-02-29T19:30:15.250-05:30")
        let westFields: [Int] = [west.year, west.month, west.day, west.hour, west.minute, west.second, west.utcOffsetMinutes]
        #expect(westFields == [2028, 2, 29, 19, 30, 15, -330])
        #expect(try EventStart(iso: "2026-07-01T18:00:00Z").utcOffsetMinutes == 0)
    }

    @Test(arguments: [
        ("2026-03-14T20:45:00", "offset"),            // local time without an offset: which instant?
        ("2026-03-14 20:45:00+01:00", "'T'"),
        ("2026-02-29T20:45:00+01:00", "no day 29"),   // 2026 is not a leap year
        ("2026-13-01T20:45:00+01:00", "month 13"),
        ("2026-03-14T24:00:00+01:00", "time of day"),
        ("2026-03-14T20:45:00+01:00 doors 19:00", "after the offset"),
        ("Saturday evening", "digit"),
    ])
    func refusesWhatIsNotADateTimeWithOffset(text: String, why: String) {
        #expect {
            try EventStart(iso: text)
        } throws: { error in
            guard let e = error as? EventStart.FormatError else { return false }
            return e.text == text && e.description.contains(why) && e.description.contains(text)
        }
    }

    @Test func theClientReadsTheStartFromTheBoxOffice() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let store = try BoxOfficeStore(path: server.databasePath)
        _ = try await store.createEvent(id: "evt_dated", name: "Dated Match", layout: try VenueLayout(document: ClientTestServer.venue()),
                                        startsAt: "2026-03-14T20:45:00+01:00")
        let client = try server.makeClient()
        let event = try await client.loadEvent("evt_dated")
        let start = try #require(event.startsAt)
        let fields: [Int] = [start.year, start.month, start.day, start.hour, start.minute, start.utcOffsetMinutes]
        #expect(fields == [2026, 3, 14, 20, 45, 60])
        // An event created without a start has none.
        #expect(try await client.loadEvent("evt_test").startsAt == nil)

        // A value the box office should never hold (written behind its back): a typed error naming the field.
        try await DatabaseQueue(path: server.databasePath).write { db in
            try db.execute(sql: "UPDATE event SET starts_at = '14/03/2026 20:45' WHERE event_id = 'evt_dated'")
        }
        do {
            _ = try await client.loadEvent("evt_dated")
            Issue.record("a malformed starts_at was accepted")
        } catch {
            guard case .badResponse(let why) = error else { Issue.record("\(error)"); return }
            #expect(why.contains("starts_at") && why.contains("14/03/2026 20:45"), "\(why)")
        }
    }

    @Test func eventCreationRefusesAStartWithoutOffset() async throws {
        let directory = NSTemporaryDirectory() + "event-start-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try BoxOfficeStore(path: directory + "/db.sqlite")
        await #expect {
            _ = try await store.createEvent(id: "evt_x", name: "X", layout: try VenueLayout(document: ClientTestServer.venue()),
                                            startsAt: "2026-03-14T20:45")
        } throws: { error in
            "\(error)".contains("--starts-at '2026-03-14T20:45'")
        }
        // Nothing was created.
        let events = try await DatabaseQueue(path: directory + "/db.sqlite").read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") }
        #expect(events == 0)
    }
}
