import BoxOfficeTestSupport
import Foundation
import Headless
import Kiosk
import KioskUI
import Seating
import Testing

/// `HTTPBoxOfficeResponder` against the real box office on loopback (`EmbeddedBoxOffice`).
@Suite("HTTP box-office responder", .serialized)
struct DemoBoxOfficeResponderTests {
    static let venue = StadiumGenerator.generate(.forSeatCount(3000))

    /// Seat ids of the venue's longest row, from the venue model.
    static var firstRowSeats: [String] {
        let row = venue.rows.max { $0.seatCount < $1.seatCount }!.seats
        return row.map { venue.seatIDs[$0] }
    }

    /// The price of a seat from the venue's categories (what the kiosk shows).
    static func price(_ id: String) -> Int {
        let i = venue.seatIndex(id: id)!
        return Int(venue.categories[Int(venue.seats[i].category)].priceMinor)
    }

    @Test func aSeatTakenByAnotherKioskComesBackAsTaken() async throws {
        let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test", otherKiosks: ["other-token": "other-kiosk"])
        let seats = Self.firstRowSeats
        let state = box.directory
        let (mine, theirs) = try await onOwnThread { () -> ([BoxOfficeResponse], [BoxOfficeResponse]) in
            let a = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: box.token, eventID: box.eventID, stateDirectory: state + "/a")
            let b = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: "other-token", eventID: box.eventID, stateDirectory: state + "/b")
            return (a.respond(to: .holdSeat(seats[0]), now: 10), b.respond(to: .holdSeat(seats[0]), now: 11))
        }
        await box.stop()
        // The event's hold lasts 480 s by default, counted from the virtual time of the request.
        #expect(mine == [.seatHeld(seats[0], expiresAt: 490)])
        #expect(theirs == [.seatTaken(seats[0])])
        #expect(!FileManager.default.fileExists(atPath: box.directory))
    }

    @Test func buyingStoresTheOrderInTheServersDatabase() async throws {
        let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test")
        let seats = Array(Self.firstRowSeats.prefix(3))
        let total = seats.map(Self.price).reduce(0, +)
        let state = box.directory
        let (answers, orders) = try await onOwnThread { () -> ([[BoxOfficeResponse]], [String]) in
            let r = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: box.token, eventID: box.eventID, stateDirectory: state + "/k")
            var answers: [[BoxOfficeResponse]] = []
            for s in seats { answers.append(r.respond(to: .holdSeat(s), now: 1)) }
            answers.append(r.respond(to: .releaseSeat(seats[2]), now: 2))
            answers.append(r.respond(to: .buy(seats: Array(seats.prefix(2)), expectedTotal: total - Self.price(seats[2])), now: 3))
            return (answers, r.orders.map(\.orderID))
        }
        #expect(answers[0] == [.seatHeld(seats[0], expiresAt: 481)])
        #expect(answers[2] == [.seatHeld(seats[2], expiresAt: 481)])   // the hold's expiry does not move
        #expect(answers[3] == [.seatReleased(seats[2])])
        #expect(orders.count == 1)
        guard case .purchased(let id, let bought, _)? = answers[4].first else {
            Issue.record("expected a purchase, got \(answers[4])")
            await box.stop()
            return
        }
        #expect(id == orders.first)
        #expect(bought.sorted() == Array(seats.prefix(2)).sorted())
        let stored = try await box.storedOrder(id: id)
        #expect(stored?.seats == Array(seats.prefix(2)).sorted())
        #expect(stored?.kioskID == box.kioskID)
        #expect(stored?.totalMinor == Int64(total - Self.price(seats[2])))
        await box.stop()
    }

    @Test func aWrongTotalIsNotBought() async throws {
        let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test")
        let seat = Self.firstRowSeats[5]
        let state = box.directory
        let answer = try await onOwnThread { () -> [BoxOfficeResponse] in
            let r = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: box.token, eventID: box.eventID, stateDirectory: state + "/k")
            _ = r.respond(to: .holdSeat(seat), now: 1)
            return r.respond(to: .buy(seats: [seat], expectedTotal: Self.price(seat) + 1), now: 2)
        }
        let count = try await box.server.store.orderCount()
        await box.stop()
        guard case .purchaseFailed? = answer.first else { Issue.record("expected a refusal, got \(answer)"); return }
        #expect(answer.count == 1)
        #expect(count == 0)
    }

    /// The responder only reports the failure; the session decides on retries and out of service.
    @Test func anUnreachableBoxOfficeIsReportedUnansweredWithACode() async throws {
        // A port nothing listens on: bind one, note it, close it.
        let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test")
        let url = box.baseURL, token = box.token, event = box.eventID, state = box.directory + "-gone"
        await box.stop()
        let answer = try await onOwnThread { () -> [BoxOfficeResponse] in
            let r = try HTTPBoxOfficeResponder(baseURL: url, token: token, eventID: event, stateDirectory: state, requestTimeout: 1)
            return r.respond(to: .holdSeat("A-1-1"), now: 1)
        }
        try? FileManager.default.removeItem(atPath: state)
        #expect(answer == [.unanswered(.holdSeat("A-1-1"), code: "BO-NET")])
    }
}
