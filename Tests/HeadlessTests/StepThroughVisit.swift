import BoxOfficeTestSupport
import Foundation
import Geometry
import Seating
import Testing

/// What the step-through purchases (`StepThroughPurchaseTests`, by touch;
/// `StepThroughSpeechPurchaseTests`, by the screen reader's gestures) share: a portrait kiosk
/// that asks the party size first, against the real box office on loopback
/// (`HoldCartReviewTests`), and the seats both buy, worked out from the venue's flags
/// independently of the lists.
enum StepThroughVisit {
    /// A wheelchair space, the companion seat beside it, and their row and section (indices).
    struct WheelchairPlace {
        var space: Int, companion: Int
        var row: Int, section: Int
    }

    /// The venue's first wheelchair space (lowest seat index) and the companion seat next to it
    /// in its row.
    static func firstWheelchairPlace(in v: Venue) throws -> WheelchairPlace {
        let space = try #require(v.seats.indices.first { v.seats[$0].flags.contains(.wheelchair) })
        let row = Int(v.seats[space].row), section = Int(v.seats[space].tribune)
        let companion = try #require([space + 1, space - 1].first {
            v.rows[row].seats.contains($0) && v.seats[$0].flags.contains(.companion)
        })
        return WheelchairPlace(space: space, companion: companion, row: row, section: section)
    }

    /// Starts the box office, runs `body` on a thread of its own with a 1080×1920 visit that
    /// asks the party size first, and stops the office (also when `body` throws).
    static func run(_ body: @escaping @Sendable (HoldCartReviewTests.Office, HoldCartReviewTests.Visit) throws -> Void)
        async throws {
        let clock = HoldCartReviewTests.ServerClock()
        let office = try await HoldCartReviewTests.startOffice(clock: clock)
        defer { try? FileManager.default.removeItem(atPath: office.directory) }
        do {
            try await onOwnThread {
                let visit = try HoldCartReviewTests.Visit(office: office, clock: clock, size: Size(width: 1080, height: 1920)) {
                    $0.partySizeFirst = true
                }
                try body(office, visit)
            }
        } catch {
            await office.server.stop()
            throw error
        }
        await office.server.stop()
    }
}
