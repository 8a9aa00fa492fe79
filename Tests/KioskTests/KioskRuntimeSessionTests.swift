import BoxOfficeClient
import Foundation
import KioskUI
import Seating
import Testing
@testable import Kiosk

/// The visitor screen's settings from the kiosk's and the box office's: the header's date is
/// the box office's start of the event when it has one, else the configuration's.
@Suite struct KioskRuntimeSessionTests {
    static let venue = StadiumGenerator.generate(.design())

    /// The event document as the box office serves it (`GET /v1/events/{id}`), with `extra` fields.
    static func event(_ extra: String = "", maxSeats: Int = 8) throws -> EventInfo {
        let json = """
            {"event_id": "evt_1", "name": "Cup Final", "layout_id": "lay_1", "layout_url": "/v1/layouts/lay_1", "currency": "EUR",
             "categories": [{"name": "CAT1", "color": "#E87722", "price": {"amount_minor": 6500, "currency": "EUR"}}],
             "limits": {"max_seats_per_order": \(maxSeats), "no_orphan_seats": false, "hold_ttl_seconds": 480, "hold_max_total_seconds": 900},
             "server_time": "2026-03-01T10:00:00Z"\(extra)}
            """
        return try JSONDecoder().decode(EventInfo.self, from: Data(json.utf8))
    }

    static func configuration(eventDate: EventDate?) -> KioskConfiguration {
        var c = KioskConfiguration()
        c.eventDate = eventDate
        return c
    }

    /// The event's `max_seats_per_order` bounds the party picker and the selection.
    @Test func theEventsOrderLimitReachesTheSession() throws {
        let c = KioskRuntime.sessionConfiguration(Self.configuration(eventDate: nil), screen: (1920, 1080), device: (1920, 1080),
                                                  event: try Self.event(maxSeats: 5), venue: Self.venue)
        #expect(c.maxSeatsPerOrder == 5)
    }

    @Test func theBoxOfficesStartWinsOverConfiguration() throws {
        let configured = EventDate(year: 2026, month: 1, day: 2, hour: 3, minute: 4)
        let event = try Self.event(#", "starts_at": "2026-03-14T20:45:00+01:00""#)
        let c = KioskRuntime.sessionConfiguration(Self.configuration(eventDate: configured), screen: (1920, 1080), device: (1920, 1080),
                                                  event: event, venue: Self.venue)
        // The venue's wall-clock time as written (20:45 at +01:00), not converted to UTC.
        #expect(c.eventDate == EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45))
    }

    @Test func withoutAStartTheConfigurationsDateStays() throws {
        let configured = EventDate(year: 2026, month: 1, day: 2, hour: 3, minute: 4)
        let c = KioskRuntime.sessionConfiguration(Self.configuration(eventDate: configured), screen: (1920, 1080), device: (1920, 1080),
                                                  event: try Self.event(), venue: Self.venue)
        #expect(c.eventDate == configured)
        let standalone = KioskRuntime.sessionConfiguration(Self.configuration(eventDate: configured), screen: (1920, 1080),
                                                           device: (1920, 1080), event: nil, venue: Self.venue)
        #expect(standalone.eventDate == configured)
        let neither = KioskRuntime.sessionConfiguration(Self.configuration(eventDate: nil), screen: (1920, 1080), device: (1920, 1080),
                                                        event: try Self.event(), venue: Self.venue)
        #expect(neither.eventDate == nil)
    }
}
