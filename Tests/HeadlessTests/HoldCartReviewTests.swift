import BoxOffice
import BoxOfficeTestSupport
import BoxOfficeClient
import Foundation
import Geometry
import Gestures
import Kiosk
import KioskUI
import Seating
import Testing

/// The cart, the hold's "More time" and expiry, and the review, against the real box office on
/// loopback (`BoxOfficeServer`, SQLite): a replay on a virtual clock whose requests
/// `HTTPBoxOfficeResponder` performs for real, and a server whose clock is the replay's (so the
/// hold's creation, extension and cap are exact). Expected values come from the event's settings
/// (hold 300 s, at most 600 s) and from another kiosk's view of availability, not from the session.
@Suite("Hold, cart and review against the box office", .serialized)
struct HoldCartReviewTests {
    static let venue = StadiumGenerator.generate(.forSeatCount(3000))
    static let size = Size(width: 1920, height: 1080)
    static let holdTTL = 300.0, holdMax = 600.0
    /// The server's clock at the replay's time 0, ms.
    static let epoch: Int64 = 1_800_000_000_000

    /// The server's clock, set by the test to the replay's (read on the server's threads).
    final class ServerClock: @unchecked Sendable {
        private let lock = NSLock()
        private var ms = HoldCartReviewTests.epoch
        func set(_ t: Double) { lock.withLock { ms = HoldCartReviewTests.epoch + Int64((t * 1000).rounded()) } }
        var now: Int64 { lock.withLock { ms } }
    }

    /// A box office on loopback with the venue's event (hold 300 s, at most 600 s), kiosk A's
    /// token and an observer's.
    struct Office {
        let server: BoxOfficeServer
        let baseURL: String
        let eventID: String
        let directory: String
    }

    static func startOffice(clock: ServerClock) async throws -> Office {
        let directory = NSTemporaryDirectory() + "hold-cart-review-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: 0,
                                                          tokens: ["a-token": "kiosk-a", "o-token": "observer"])
        configuration.useTestDeadlines()
        configuration.host = "127.0.0.1"
        configuration.sweepInterval = nil
        configuration.now = { clock.now }
        let server = try BoxOfficeServer(configuration: configuration)
        var prices: [String: Int64] = [:]
        for c in venue.categories { prices[c.id] = c.priceMinor }
        let eventID = try await server.store.createEvent(name: "Hold Match", layout: try VenueLayout(document: Data(PretixSeatingPlan.export(venue))),
                                                         currency: venue.categories.first?.currency ?? "EUR", prices: prices,
                                                         holdTTLSeconds: Int(holdTTL), holdMaxTotalSeconds: Int(holdMax))
        let port = try await server.start()
        return Office(server: server, baseURL: "http://127.0.0.1:\(port)", eventID: eventID, directory: directory)
    }

    /// Kiosk A: a replay whose requests go to the box office, on the server's clock.
    final class Visit {
        let replay: KioskReplay
        let clock: ServerClock
        let observer: PurchaseClient
        var touch = 1

        /// `configure` changes the kiosk's configuration after this suite's settings.
        init(office: Office, clock: ServerClock, size: Size = HoldCartReviewTests.size,
             configure: (inout KioskSession.Configuration) -> Void = { _ in }) throws {
            self.clock = clock
            var c = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 4)
            c.eventName = "Hold Match"
            c.takePrices(from: HoldCartReviewTests.venue)
            // A visitor who waits out the hold is not asked "Still there?" first.
            c.idleTimeout = 10_000
            c.blankAfter = nil
            configure(&c)
            let a = try HTTPBoxOfficeResponder(baseURL: office.baseURL, token: "a-token", eventID: office.eventID,
                                               stateDirectory: office.directory + "/a")
            replay = KioskReplay(venue: HoldCartReviewTests.venue, configuration: c, options: .init(timing: false), responder: a)
            let state = office.directory + "/observer"
            observer = PurchaseClient(connection: BoxOfficeConnection(baseURL: office.baseURL, token: "o-token", requestTimeout: 30),
                                      journal: try PurchaseJournal(directory: state), configuration: .init(cacheDirectory: state))
            let observer = observer, eventID = office.eventID
            _ = HTTPBoxOfficeResponder.wait { try? await observer.loadEvent(eventID) }
        }

        var session: KioskSession { replay.session }

        /// Moves to `t` (s), stopping at every deadline on the way, the server's clock along.
        func run(to t: Double) {
            while let d = session.nextDeadline, d <= t, d >= replay.clock.now {
                clock.set(d)
                replay.advance(to: d)
                if let again = session.nextDeadline, again <= d { break }
            }
            clock.set(t)
            replay.advance(to: t)
        }

        /// A tap at `p` whose finger lifts at `t` (the moment its request goes out).
        func tap(_ p: Point, liftingAt t: Double) {
            run(to: t - 0.05)
            replay.handle(TouchFrame(timestamp: t - 0.05, touches: [.init(id: touch, location: p, phase: .began)]))
            run(to: t)
            replay.handle(TouchFrame(timestamp: t, touches: [.init(id: touch, location: p, phase: .ended)]))
            touch += 1
        }

        func tap(_ control: KioskControl, liftingAt t: Double) throws {
            run(to: t - 0.05)
            let r = try #require(session.frame(of: control), "\(control) is on screen at \(t): \(session.phase), hold until \(String(describing: session.holdExpiresAt)), toast \(String(describing: session.toastText))")
            tap(r.center, liftingAt: t)
        }

        /// The middle of `seat`'s squab on screen (its centre lies between back and squab).
        func seatPoint(_ seat: Int) -> Point {
            let s = HoldCartReviewTests.venue.seats[seat]
            let dx = -(s.size / 3 - s.size / 10) / 2, dy = 0.2 * s.size
            let squab = Point(x: s.center.x + dx * cos(s.rotation) - dy * sin(s.rotation), y: s.center.y + dx * sin(s.rotation) + dy * cos(s.rotation))
            return session.interaction.presentedView.screenPoint(fromChart: squab)
        }

        /// Taps the seats' tribune at 1 s, then (the view fitted and the seats shown) each seat
        /// half a second apart from 3 s.
        func choose(_ seats: [Int]) {
            let b = HoldCartReviewTests.venue.tribunes[Int(HoldCartReviewTests.venue.seats[seats[0]].tribune)].bounds
            tap(session.interaction.presentedView.screenPoint(fromChart: Point(x: b.midX, y: b.midY)), liftingAt: 1)
            run(to: 2.5)
            for (k, seat) in seats.enumerated() { tap(seatPoint(seat), liftingAt: 3 + 0.5 * Double(k)) }
        }

        /// Each seat's status as the observer kiosk reads the box office now.
        func serverStatus(_ seats: [Int]) -> [String] {
            let observer = observer, ids = seats.map { HoldCartReviewTests.venue.seatIDs[$0] }
            return HTTPBoxOfficeResponder.wait {
                try? await observer.refreshAvailability()
                var out: [String] = []
                for id in ids { out.append(await observer.status(ofSeat: id)) }
                return out
            }
        }
    }

    /// Three seats in the middle of the venue's longest row.
    static var rowSeats: [Int] {
        let row = venue.rows.max { $0.seatCount < $1.seatCount }!.seats
        let mid = row.lowerBound + row.count / 2
        return [mid, mid + 1, mid + 2]
    }

    static func withVisit(_ body: @escaping @Sendable (Visit, Office) throws -> Void) async throws {
        let clock = ServerClock()
        let office = try await startOffice(clock: clock)
        defer { try? FileManager.default.removeItem(atPath: office.directory) }
        try await onOwnThread { try body(try Visit(office: office, clock: clock), office) }
        await office.server.stop()
    }

    @Test func moreTimeExtendsTheHoldByTheServersAnswerUpToTheEventsMaximum() async throws {
        try await Self.withVisit { v, _ in
            let seats = Array(Self.rowSeats.prefix(2))
            v.choose(seats)
            // The hold began when the first seat's tap was recognized (on the way to the second):
            // it ends 300 s later. Everything after is timed from there.
            let start = try #require(v.session.holdExpiresAt) - Self.holdTTL
            #expect(start >= 3 && start <= 3.5)
            v.run(to: start + 239)
            #expect(v.session.frame(of: .moreTime) == nil, "61 s left: not urgent yet")
            v.run(to: start + 240)
            #expect(v.session.frame(of: .moreTime) != nil, "60 s left: More time is offered")
            // One more hold period from the request: +250 +300.
            try v.tap(.moreTime, liftingAt: start + 250)
            #expect(v.session.holdExpiresAt == start + 250 + Self.holdTTL)
            #expect(v.session.frame(of: .moreTime) == nil)
            // Next time the cap: 600 s after the hold began, not 500 + 300.
            try v.tap(.moreTime, liftingAt: start + 500)
            #expect(v.session.holdExpiresAt == start + Self.holdMax)
            // At the cap the box office gives nothing more: said so, and no longer offered.
            try v.tap(.moreTime, liftingAt: start + 560)
            #expect(v.session.holdExpiresAt == start + Self.holdMax)
            #expect(v.session.toastText == v.session.configuration.strings.noMoreTime)
            #expect(v.session.frame(of: .moreTime) == nil)
            #expect(v.serverStatus(seats) == ["held", "held"])
            v.run(to: start + Self.holdMax - 0.001)
            #expect(v.session.selectedSeats.sorted() == seats)
            // Exactly at the expiry: released, and the visitor told why.
            v.run(to: start + Self.holdMax)
            #expect(v.session.selectedSeats.isEmpty)
            #expect(v.session.toastText == v.session.configuration.strings.holdExpired)
            #expect(v.serverStatus(seats) == ["free", "free"])
        }
    }

    @Test func theHoldRunningOutOnTheReviewReturnsToTheChartWithTheReason() async throws {
        try await Self.withVisit { v, _ in
            let seats = Self.rowSeats
            v.choose(seats)
            let expiry = try #require(v.session.holdExpiresAt)
            try v.tap(.buy, liftingAt: 6)
            #expect(v.session.phase == .review)
            v.run(to: expiry - 0.001)
            #expect(v.session.phase == .review && v.session.selectedSeats.count == 3)
            v.run(to: expiry)
            #expect(v.session.phase == .zoomed)
            #expect(v.session.selectedSeats.isEmpty)
            #expect(v.session.toastText == "Your seats were released because the time to buy ran out. You can choose them again.")
            #expect(v.serverStatus(seats) == ["free", "free", "free"])
        }
    }

    @Test func reviewBackKeepsTheHoldThenConfirmBuysAndShowsTheReceipt() async throws {
        try await Self.withVisit { v, office in
            let seats = Self.rowSeats
            v.choose(seats)
            try v.tap(.buy, liftingAt: 6)
            #expect(v.session.phase == .review)
            try v.tap(.reviewBack, liftingAt: 7)
            #expect(v.session.phase == .zoomed && v.session.selectedSeats.sorted() == seats)
            #expect(v.serverStatus(seats) == ["held", "held", "held"])
            #expect(HTTPBoxOfficeResponder.wait { (try? await office.server.store.orderCount()) ?? -1 } == 0)
            try v.tap(.buy, liftingAt: 8)
            try v.tap(.reviewConfirm, liftingAt: 9)
            #expect(v.session.phase == .confirmation)
            #expect(v.serverStatus(seats) == ["sold", "sold", "sold"])
            #expect(HTTPBoxOfficeResponder.wait { (try? await office.server.store.orderCount()) ?? -1 } == 1)
            guard case .receipt(let receipt, _) = v.session.screen else { Issue.record("no receipt: \(v.session.screen)"); return }
            #expect(receipt.seats.map(\.seat) == seats.map { Self.venue.seatNumbers[$0] })
        }
    }

    @Test func removingACartLineLetsItsHoldGo() async throws {
        try await Self.withVisit { v, _ in
            let seats = Self.rowSeats
            v.choose(seats)
            try v.tap(.cart, liftingAt: 6)
            #expect(v.session.phase == .cart)
            // Lines in the venue's order: the first is the lowest seat.
            let remove = try #require(v.session.frame(ofCartRemove: 0))
            v.tap(remove.center, liftingAt: 7)
            #expect(v.session.phase == .cart)
            #expect(v.session.selectedSeats.sorted() == Array(seats.dropFirst()))
            #expect(v.serverStatus(seats) == ["free", "held", "held"])
        }
    }

    @Test func aCartLineFliesTheChartToItsSeat() async throws {
        try await Self.withVisit { v, _ in
            let seats = Self.rowSeats
            v.choose(seats)
            try v.tap(.zoomOut, liftingAt: 5)
            v.run(to: 6.5)
            #expect(v.session.phase == .browsing)
            try v.tap(.cart, liftingAt: 7)
            let line = try #require(v.session.frame(ofCartLine: 2))
            v.tap(line.center, liftingAt: 8)
            v.run(to: 9.5)
            #expect(v.session.phase == .zoomed)
            let seat = seats[2]
            #expect(v.session.interaction.chart.selectedTribune == Int(Self.venue.seats[seat].tribune))
            let p = v.session.interaction.presentedView.screenPoint(fromChart: Self.venue.seats[seat].center)
            #expect(v.session.layout.safeArea.contains(p), "the seat at \(p) is inside \(v.session.layout.safeArea)")
            #expect(v.session.selectedSeats.sorted() == seats, "flying keeps the seats")
        }
    }
}
