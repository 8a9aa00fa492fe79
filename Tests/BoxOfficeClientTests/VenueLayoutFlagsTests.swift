import BoxOffice
import Foundation
import Seating
import Testing

/// Wheelchair spaces, companion seats and restricted views reach the box office's layout from
/// both document formats it reads, seat by seat, as the kiosk's `Seating` model has them.
@Suite("Venue layout seat flags")
struct VenueLayoutFlagsTests {
    static let venue = StadiumGenerator.generate(.design(width: 1000))

    /// The Seating flags of every seat, by id, as the box office names them.
    static var expected: [String: [VenueLayout.SeatFlag]] {
        var out: [String: [VenueLayout.SeatFlag]] = [:]
        for i in 0..<venue.seatCount {
            let f = venue.seats[i].flags
            var names: [VenueLayout.SeatFlag] = []
            if f.contains(.wheelchair) { names.append(.wheelchair) }
            if f.contains(.companion) { names.append(.companion) }
            if f.contains(.restrictedView) { names.append(.restrictedView) }
            out[venue.seatIDs[i]] = names
        }
        return out
    }

    @Test(arguments: ["tribune-venue", "pretix"])
    func flags_survive_the_trip(_ format: String) throws {
        let document = format == "pretix" ? PretixSeatingPlan.export(Self.venue) : VenueFile.encode(Self.venue)
        let layout = try VenueLayout(document: Data(document))
        let expected = Self.expected
        #expect(layout.seats.count == expected.count)
        #expect(layout.seats.filter { !$0.flags.isEmpty }.count == expected.values.filter { !$0.isEmpty }.count)
        for seat in layout.seats { #expect(seat.flags == expected[seat.guid], "\(seat.guid)") }
        // Flagged seats keep their category (priced as it): no extra categories appear.
        #expect(Set(layout.categories.map(\.name)) == Set(Self.venue.categories.map(\.id)))
        let wheel = try #require(layout.seats.first { $0.flags == [.wheelchair] })
        #expect(wheel.category == "WHEEL")
    }

    @Test func a_bad_flag_is_named_with_its_path() throws {
        var text = String(decoding: VenueFile.encode(StadiumGenerator.generate(.forSeatCount(600))), as: UTF8.self)
        let flag = try #require(text.range(of: "\"flags\":[\"wheelchair\"]"))
        text.replaceSubrange(flag, with: "\"flags\":[\"wheelchair\",\"jetpack\"]")
        #expect {
            try VenueLayout(document: Data(text.utf8))
        } throws: { error in
            let message = (error as? LayoutError)?.description ?? ""
            return message.contains(".flags[1]: expected one of \"wheelchair\", \"companion\", \"restricted_view\", found \"jetpack\"")
        }
    }
}
