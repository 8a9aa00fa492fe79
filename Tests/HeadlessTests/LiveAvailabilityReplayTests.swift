import BoxOffice
import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Geometry
import Gestures
import Headless
import Kiosk
import KioskUI
import Raster
import Seating
import Testing

/// Two kiosks on one real box office (`BoxOfficeServer` on loopback), kiosk A a replay on a
/// virtual clock whose requests `HTTPBoxOfficeResponder` performs for real: seats kiosk B takes
/// change look on A within one poll interval, and a box office that stops answering is waited
/// for patiently (`BoxOfficeWatch`).
@Suite("Live availability in replay", .serialized)
struct LiveAvailabilityReplayTests {
    static let venue = StadiumGenerator.generate(.forSeatCount(3000))
    static let size = Size(width: 1920, height: 1080)

    static func configuration() -> KioskSession.Configuration {
        var c = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 4)
        c.eventName = "Test"
        c.takePrices(from: venue)
        c.pollInterval = 3
        c.outOfServiceAfter = 30
        return c
    }

    /// Three seats in the middle of the venue's longest row.
    static var rowSeats: [Int] {
        let row = venue.rows.max { $0.seatCount < $1.seatCount }!.seats
        let mid = row.lowerBound + row.count / 2
        return [mid, mid + 1, mid + 2]
    }

    /// The seat's square on screen at `view`, px (the seat's size across its centre, rounded out).
    static func seatBox(_ seat: Int, view: ChartViewState) -> (x: Int, y: Int, side: Int) {
        let s = venue.seats[seat]
        let c = view.screenPoint(fromChart: s.center)
        let half = max(2, Int((s.size * view.placement.scale / 2).rounded(.up)))
        return (Int(c.x.rounded()) - half, Int(c.y.rounded()) - half, 2 * half)
    }

    static func pixels(_ surface: Surface, _ box: (x: Int, y: Int, side: Int)) -> [UInt32] {
        var out: [UInt32] = []
        for y in box.y..<(box.y + box.side) {
            for x in box.x..<(box.x + box.side) {
                out.append(surface.pixel(x: x, y: y).rawValue)
            }
        }
        return out
    }

    /// Moves the replay to `t`, stopping at every deadline on the way (as the replay timeline
    /// and the kiosk's timerfd do), so polls go out at their exact times.
    static func run(_ replay: KioskReplay, to t: Double) {
        while let d = replay.session.nextDeadline, d <= t, d >= replay.clock.now {
            replay.advance(to: d)
            if let again = replay.session.nextDeadline, again <= d { break }
        }
        replay.advance(to: t)
    }

    @Test func aSeatSoldOrHeldByKioskBChangesLookOnKioskAWithinOnePollInterval() async throws {
        let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test", otherKiosks: ["b-token": "kiosk-b"])
        let (sold, held) = (Self.rowSeats[0], Self.rowSeats[1])
        let ids = (Self.venue.seatIDs[sold], Self.venue.seatIDs[held])
        let price = Int(Self.venue.categories[Int(Self.venue.seats[sold].category)].priceMinor)
        let state = box.directory
        let outcome = try await onOwnThread { () -> (statuses: [[SeatStatus]], boxes: [[UInt32]], reference: [UInt32], polls: Int) in
            // Ceilings only (the replay's clock stands still while a request waits): with the 5 s
            // default a poll that waited longer on a loaded machine went unanswered, one poll short.
            let a = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: box.token, eventID: box.eventID, stateDirectory: state + "/a",
                                               requestTimeout: 120)
            let b = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: "b-token", eventID: box.eventID, stateDirectory: state + "/b",
                                               requestTimeout: 120)
            let replay = KioskReplay(venue: Self.venue, configuration: Self.configuration(), options: .init(timing: false), responder: a)
            var statuses: [[SeatStatus]] = []
            func look() -> [SeatStatus] { [sold, held].map { replay.session.interaction.chart.availability.status($0) } }
            Self.run(replay, to: 1.5)   // polled at 0 (nothing taken yet); the next poll is due at 3
            let view = replay.session.interaction.presentedView
            let shown = replay.picture()
            let before = Self.pixels(shown, Self.seatBox(sold, view: view)) + Self.pixels(shown, Self.seatBox(held, view: view))
            // Kiosk B buys one seat and holds the next at 1.5 s.
            _ = b.respond(to: .holdSeat(ids.0), now: 1.5)
            _ = b.respond(to: .buy(seats: [ids.0], expectedTotal: price), now: 1.5)
            _ = b.respond(to: .holdSeat(ids.1), now: 1.5)
            Self.run(replay, to: 2.999)
            statuses.append(look())
            Self.run(replay, to: 3)
            statuses.append(look())
            let picture = replay.picture()
            let after = Self.pixels(picture, Self.seatBox(sold, view: view)) + Self.pixels(picture, Self.seatBox(held, view: view))

            // The same frame drawn by a kiosk told by hand: the looks the map gives sold and held seats.
            var plain = Self.configuration()
            plain.pollInterval = nil
            let reference = KioskReplay(venue: Self.venue, configuration: plain, options: .init(timing: false))
            reference.advance(to: 3)
            reference.session.interaction.setStatus(sold, .sold)
            reference.session.interaction.setStatus(held, .held(hold: "", until: .infinity))
            let drawn = reference.picture()
            let expected = Self.pixels(drawn, Self.seatBox(sold, view: view)) + Self.pixels(drawn, Self.seatBox(held, view: view))
            let client = a.client
            let polls = HTTPBoxOfficeResponder.wait { await client.pollCount }
            return (statuses, [before, after], expected, polls)
        }
        await box.stop()
        // Not before the poll at 3 s; at it, sold and held as kiosk B left them.
        #expect(outcome.statuses[0] == [.available, .available])
        #expect(outcome.statuses[1] == [.sold, .held(hold: "", until: .infinity)])
        #expect(outcome.polls == 2)
        // The frame changed where the seats are, into exactly the sold and held looks.
        #expect(outcome.boxes[0] != outcome.boxes[1])
        #expect(outcome.boxes[1] == outcome.reference)
    }

    /// Taps the middle of `seat`'s tribune, waits for the zoom, then taps the seat's squab.
    static func choose(_ seat: Int, in replay: KioskReplay, id: inout Int) {
        func tap(_ p: Point) {
            let t = replay.clock.now + 0.1
            run(replay, to: t)
            replay.handle(TouchFrame(timestamp: t, touches: [.init(id: id, location: p, phase: .began)]))
            run(replay, to: t + 0.05)
            replay.handle(TouchFrame(timestamp: t + 0.05, touches: [.init(id: id, location: p, phase: .ended)]))
            id += 1
        }
        let b = venue.tribunes[Int(venue.seats[seat].tribune)].bounds
        if replay.session.interaction.isAtHome {
            tap(replay.session.interaction.presentedView.screenPoint(fromChart: Point(x: b.midX, y: b.midY)))
            run(replay, to: replay.clock.now + 1.2)
        }
        tap(squab(seat, view: replay.session.interaction.presentedView))
        run(replay, to: replay.clock.now + 0.5)
    }

    /// The middle of the seat's squab on screen: in the seat's square the squab's middle lies
    /// (−0.35h/3, 0.2h) from the centre, turned by the seat's rotation (as KioskDriver taps).
    static func squab(_ seat: Int, view: ChartViewState) -> Point {
        let s = venue.seats[seat]
        let dx = -(s.size / 3 - s.size / 10) / 2, dy = 0.2 * s.size
        let c = cos(s.rotation), sn = sin(s.rotation)
        return view.screenPoint(fromChart: Point(x: s.center.x + dx * c - dy * sn, y: s.center.y + dx * sn + dy * c))
    }

    @Test func aBoxOfficeThatStopsAnsweringKeepsTheHoldsAndIsOutOfServiceOnlyAfterThePatience() async throws {
        // The server's holds run on its wall clock: beside a full parallel run this test took 20
        // minutes, past the default 8-minute hold, and the first seat's hold expired under it.
        // Below the ephemeral range: during the outage no other test's connection can take the port.
        let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test", holdSeconds: (ttl: 86_400, max: 86_400),
                                                    port: try #require(LoopbackPort.unused()))
        let seats = Array(Self.rowSeats.prefix(2))
        let state = box.directory
        struct Seen: Sendable {
            var chosen: [Int] = []
            var heldUntil: Double?
            var afterFailure: [Int] = []
            var phases: [KioskPhase] = []
            var codes: [String?] = []
            var reconnecting: [Bool] = []
            var failedAt = 0.0
            var restoredSelection: [Int] = []
            var serverHolds: [String] = []
        }
        let seen = try await onOwnThread { () -> Seen in
            var seen = Seen()
            // Quick client-side retries: the patience under test is the session's, not the client's.
            // The request timeout is only a ceiling (the replay's clock stands still while it waits,
            // and a stopped box office refuses at once): 1 s ran out on a loaded machine while the
            // box office was up, which the session took for an outage.
            var settings = PurchaseClient.Configuration(cacheDirectory: state + "/a")
            settings.retry = RetryPolicy(baseDelay: 0.01, maxDelay: 0.05, maxAttempts: 2, jitter: 0.5)
            let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: box.baseURL, token: box.token, requestTimeout: 120),
                                        journal: try PurchaseJournal(directory: state + "/a"), configuration: settings)
            let a = HTTPBoxOfficeResponder(client: client, eventID: box.eventID)
            let replay = KioskReplay(venue: Self.venue, configuration: Self.configuration(), options: .init(timing: false), responder: a)
            var touch = 1
            Self.run(replay, to: 1.2)
            Self.choose(seats[0], in: replay, id: &touch)
            seen.chosen = replay.session.selectedSeats
            seen.heldUntil = replay.session.holdExpiresAt

            // The box office goes away (its database stays): the next poll fails.
            HTTPBoxOfficeResponder.wait { await box.server.stop() }
            let lastPoll = replay.clock.now
            Self.run(replay, to: lastPoll + 3.01)
            seen.failedAt = replay.clock.now
            seen.afterFailure = replay.session.selectedSeats
            // A second seat chosen during the outage stays chosen too (its hold waits for a retry).
            Self.choose(seats[1], in: replay, id: &touch)
            for probe in [29.0, 30.5] {
                Self.run(replay, to: lastPoll + 3 + probe)
                seen.phases.append(replay.session.phase)
                seen.codes.append(replay.session.outOfServiceCode)
                seen.reconnecting.append(replay.session.isReconnecting)
            }
            // It comes back on the same port and database: the next retry (every 8 s) finds it.
            var configuration = BoxOfficeServer.Configuration(databasePath: box.databasePath, port: box.port, tokens: [box.token: box.kioskID])
            configuration.useTestDeadlines()
            configuration.host = "127.0.0.1"
            let again = try BoxOfficeServer(configuration: configuration)
            _ = try HTTPBoxOfficeResponder.wait { () async -> Result<Int, Error> in
                do { return .success(try await again.start()) } catch { return .failure(error) }
            }.get()
            Self.run(replay, to: replay.clock.now + 8.5)
            seen.phases.append(replay.session.phase)
            seen.codes.append(replay.session.outOfServiceCode)
            seen.reconnecting.append(replay.session.isReconnecting)
            seen.restoredSelection = replay.session.selectedSeats
            seen.serverHolds = HTTPBoxOfficeResponder.wait { await client.hold?.seats.map(\.seatGUID).sorted() ?? [] }
            HTTPBoxOfficeResponder.wait { await again.stop() }
            return seen
        }
        try? FileManager.default.removeItem(atPath: box.directory)   // its server was stopped above
        #expect(seen.chosen == [seats[0]] && seen.heldUntil != nil)
        // One failed request: the visitor's seat stays chosen.
        #expect(seen.afterFailure == [seats[0]])
        // 29 s after the failure still in service (reconnecting, seats kept); out of service after 30 s.
        #expect(seen.phases.count == 3)
        #expect(seen.phases[0] == .zoomed && seen.codes[0] == nil && seen.reconnecting[0])
        #expect(seen.phases[1] == .outOfService && seen.codes[1] == "BO-NET")
        // Back: the chart beneath, both seats chosen and both held on the server.
        #expect(seen.phases[2] == .zoomed && seen.codes[2] == nil && !seen.reconnecting[2])
        #expect(seen.restoredSelection.sorted() == seats.sorted())
        #expect(seen.serverHolds == seats.map { Self.venue.seatIDs[$0] }.sorted())
    }

    /// The same recording replayed twice against a fresh box office each time gives the same
    /// frames and report (polls included).
    @Test func replaysWithPollingAreByteIdentical() async throws {
        func once() async throws -> [Data] {
            let box = try await EmbeddedBoxOffice.start(venue: Self.venue, eventName: "Test")
            let state = box.directory
            let frames = try await onOwnThread { () -> [Data] in
                let a = try HTTPBoxOfficeResponder(baseURL: box.baseURL, token: box.token, eventID: box.eventID, stateDirectory: state + "/a")
                let replay = KioskReplay(venue: Self.venue, configuration: Self.configuration(), options: .init(timing: false), responder: a)
                var touch = 1
                var frames: [Data] = []
                Self.run(replay, to: 1.2)
                Self.choose(Self.rowSeats[2], in: replay, id: &touch)
                frames.append(Data(replay.picture().pngData(opaque: true)))
                Self.run(replay, to: 20)
                frames.append(Data(replay.picture().pngData(opaque: true)))
                frames.append(Data(replay.report().json().utf8))
                return frames
            }
            await box.stop()
            return frames
        }
        let first = try await once(), second = try await once()
        #expect(first == second)
    }
}
