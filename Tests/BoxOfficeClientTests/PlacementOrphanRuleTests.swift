import AsyncHTTPClient
import BoxOffice
import BoxOfficeTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Seating
import Testing

/// The kiosk's no-orphan rule (`SeatVacancy`, used by `PartyPlacement` and `BestAvailable`)
/// against the real box office's (`orphan_seat` on `POST /v1/orders`): every block the kiosk
/// would offer is sold, every block it rules out is refused naming an orphan.
@Suite("Placement and the box office's orphan rule")
struct PlacementOrphanRuleTests {
    struct Server {
        let port: Int
        let eventID: String

        func send(_ method: HTTPMethod, _ path: String, _ body: String? = nil) async throws -> (Int, [String: Any]) {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
            request.method = method
            request.headers.add(name: "Authorization", value: "Bearer token-k1")
            request.headers.add(name: "Idempotency-Key", value: UUID().uuidString)
            if let body {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(string: body))
            }
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(180))   // a ceiling: loaded runs starve the in-process server
            let bytes = try await response.body.collect(upTo: 1 << 20)
            let json = (try? JSONSerialization.jsonObject(with: Data(bytes.readableBytesView))) as? [String: Any] ?? [:]
            return (Int(response.status.code), json)
        }

        /// Holds `seats` and orders them: the order's status and problem code.
        func buy(_ seats: [String]) async throws -> (Int, String?) {
            let (held, hold) = try await send(.POST, "/v1/events/\(eventID)/holds",
                                              "{\"seats\":[\(seats.map { "\"\($0)\"" }.joined(separator: ","))]}")
            guard held == 201, let holdID = hold["hold_id"] as? String, let total = hold["total"] as? [String: Any],
                  let amount = total["amount_minor"] as? Int, let currency = total["currency"] as? String else {
                return (held, "hold refused")
            }
            let (status, order) = try await send(.POST, "/v1/orders", """
                {"client_order_ref":"\(UUID().uuidString)","hold_id":"\(holdID)","expected_total":{"amount_minor":\(amount),"currency":"\(currency)"}}
                """)
            if status != 201 { _ = try await send(.DELETE, "/v1/holds/\(holdID)") }
            return (status, order["code"] as? String)
        }
    }

    @Test func the_kiosk_and_the_server_judge_orphans_alike() async throws {
        let venue = StadiumGenerator.generate(.forSeatCount(600))
        let directory = NSTemporaryDirectory() + "placement-orphans-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try BoxOfficeStore(path: directory + "/boxoffice.sqlite")
        let eventID = try await store.createEvent(id: "evt_orphans", name: "Orphans",
                                                  layout: VenueLayout(document: Data(VenueFile.encode(venue))),
                                                  noOrphanSeats: true)
        // The rows of the first three tribunes, about a third of their seats blocked (a fixed
        // pattern), so windows meet taken seats, row ends and lone seats.
        let rows = venue.tribunes.prefix(3).flatMap { Array($0.rows) }
        var availability = EventAvailability(seatCount: venue.seatCount)
        var blocked: [String] = []
        for r in rows {
            for i in venue.rows[r].seats where (i * 7919 + r * 31) % 10 < 3 {
                availability.set(i, .blocked); blocked.append(venue.seatIDs[i])
            }
        }
        try await store.block(eventID: eventID, seats: blocked)
        var configuration = BoxOfficeServer.Configuration(databasePath: directory + "/boxoffice.sqlite", port: 0,
                                                          tokens: ["token-k1": "k1"])
        configuration.useTestDeadlines()
        configuration.sweepInterval = nil
        let boxOffice = try BoxOfficeServer(configuration: configuration)
        let server = Server(port: try await boxOffice.start(), eventID: eventID)
        defer { Task { await boxOffice.stop() } }

        var sold = 0, refused = 0
        // Even rows: every free window in turn. Odd rows are left for the taps below.
        for (k, r) in rows.enumerated() where k % 2 == 0 {
            let row = venue.rows[r]
            let n = 1 + (k / 2) % 3
            // Every free window of n in the row, in order; what is sold stays sold.
            var start = row.seats.lowerBound
            while start + n <= row.seats.upperBound {
                defer { start += 1 }
                let vacancy = SeatVacancy(availability: availability, now: 0)
                let block = start..<(start + n)
                guard block.allSatisfy(vacancy.isFree) else { continue }
                let orphan = vacancy.leavesOrphan(taking: block, in: row)
                let (status, code) = try await server.buy(block.map { venue.seatIDs[$0] })
                if orphan {
                    #expect(status == 422 && code == "orphan_seat", "row \(r) seats \(block): \(status) \(code ?? "")")
                    refused += 1
                } else {
                    #expect(status == 201, "row \(r) seats \(block): \(status) \(code ?? "")")
                    for i in block { availability.set(i, .sold) }
                    sold += 1
                }
            }
        }
        // And what the placement model offers is sold.
        let pairing = AccessiblePairing(venue: venue)
        let tapRows = rows.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        var placedCount = 0
        for n in 1...4 {
            let vacancy = SeatVacancy(availability: availability, now: 0)
            let best = try BestAvailable.block(partySize: n, venue: venue, vacancy: vacancy, pairing: pairing)
            #expect(try await server.buy(best.seats.map { venue.seatIDs[$0] }).0 == 201)
            for i in best.seats { availability.set(i, .sold) }
            // Taps across the part-blocked odd rows: what is placed (at the seat or nearby) sells.
            for k in 0..<5 {
                let row = venue.rows[tapRows[(k * 7 + n) % tapRows.count]]
                let seat = Int(row.firstSeat) + (k * 3) % Int(row.seatCount)
                guard let placed = try? PartyPlacement.place(partySize: n, at: seat, venue: venue, vacancy:
                    SeatVacancy(availability: availability, now: 0), pairing: pairing) else { continue }
                #expect(try await server.buy(placed.block.seats.map { venue.seatIDs[$0] }).0 == 201)
                for i in placed.block.seats { availability.set(i, .sold) }
                placedCount += 1
            }
        }
        #expect(placedCount > 5)
        #expect(sold > 10 && refused > 5, "sold \(sold), refused \(refused)")
    }
}
