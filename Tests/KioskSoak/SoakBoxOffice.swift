import BoxOffice
import BoxOfficeTestSupport
import Foundation
import GRDB
import Seating
import Spawn
#if canImport(Glibc)
import Glibc
#endif

/// A real `tribune-boxoffice serve` process, which the soak restarts (SIGTERM or SIGKILL, then
/// the same database again). The database and its one event are made in this process first
/// (`BoxOfficeStore`, as `tribune-boxoffice event create` does); then only the server opens it.
final class SoakBoxOffice {
    static let eventID = "evt_soak"
    static let kioskID = "soak-kiosk"
    static let token = "soak-token"

    let directory: String
    let databasePath: String
    /// The server's token table (`KIOSK_ID TOKEN` lines).
    let tokenFile: String
    /// The kiosk's `box_office.token_file`: its token alone.
    let kioskTokenFile: String
    let executable: String
    private(set) var port: Int
    private var server: ChildProcess?
    /// Restarts so far, by how the server was stopped.
    private(set) var restarts: (terminated: Int, killed: Int) = (0, 0)

    init(executable: String, directory: String, venue: Venue) async throws {
        self.executable = executable
        self.directory = directory
        databasePath = directory + "/boxoffice.sqlite"
        tokenFile = directory + "/tokens"
        kioskTokenFile = directory + "/kiosk-token"
        try "\(Self.kioskID) \(Self.token)\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        try "\(Self.token)\n".write(toFile: kioskTokenFile, atomically: true, encoding: .utf8)
        let store = try BoxOfficeStore(path: databasePath)
        var prices: [String: Int64] = [:]
        for c in venue.categories { prices[c.id] = c.priceMinor }
        _ = try await store.createEvent(id: Self.eventID, name: "Soak Cup", layout: try VenueLayout(document: Data(PretixSeatingPlan.export(venue))),
                                        currency: "EUR", prices: prices, maxSeatsPerOrder: 8, holdTTLSeconds: 480)
        port = try Self.unusedPort()
        try launch()
    }

    /// Starts the server and waits until it accepts connections (real time, no limit but its exit).
    private func launch() throws {
        let child = try ChildProcess(executable, ["serve", "--db", databasePath, "--port", "\(port)", "--host", "127.0.0.1", "--token-file", tokenFile],
                                     output: .null, error: .file(directory + "/boxoffice.log", append: true))
        server = child
        while !LoopbackPort.accepts(port: port) {
            if let ended = child.termination {
                server = nil
                throw SoakError("tribune-boxoffice serve ended (\(ended)) before listening on \(port); see \(directory)/boxoffice.log")
            }
            usleep(20_000)
        }
    }

    /// Stops the server (SIGKILL: a crash; else SIGTERM) and starts it again on the same database.
    func restart(kill: Bool) throws {
        stop(signal: kill ? SIGKILL : SIGTERM)
        if kill { restarts.killed += 1 } else { restarts.terminated += 1 }
        do { try launch() } catch {
            port = try Self.unusedPort()   // the old port was not free yet: another one
            try launch()
        }
    }

    func stop(signal: Int32 = SIGTERM) {
        guard let server else { return }
        server.signal(signal)
        server.wait()
        self.server = nil
    }

    /// Orders and live tickets in the database (the server stopped or not: WAL readers coexist).
    func ledger() throws -> (orders: [String: (ref: String, count: Int)], soldTwice: Int, tickets: Int, soldSeats: Int) {
        let queue = try DatabaseQueue(path: databasePath)
        return try queue.read { db in
            var orders: [String: (ref: String, count: Int)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT order_id, client_order_ref FROM purchase_order WHERE kiosk_id = ?", arguments: [Self.kioskID]) {
                let id: String = row["order_id"], ref: String = row["client_order_ref"]
                orders[id] = (ref, (orders[id]?.count ?? 0) + 1)
            }
            let twice = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM (SELECT seat_guid FROM ticket WHERE cancelled = 0 GROUP BY event_id, seat_guid HAVING COUNT(*) > 1)
                """) ?? 0
            let tickets = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ticket WHERE cancelled = 0") ?? 0
            let sold = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM seat_state WHERE state = 'sold'") ?? 0
            return (orders, twice, tickets, sold)
        }
    }

    /// A loopback port below the kernel's ephemeral range that nothing listens on
    /// (`LoopbackPort`): a restarted server can take it again.
    private static func unusedPort() throws(SoakError) -> Int {
        guard let port = LoopbackPort.unused() else { throw SoakError("no unused loopback port in 200 tries") }
        return port
    }
}
