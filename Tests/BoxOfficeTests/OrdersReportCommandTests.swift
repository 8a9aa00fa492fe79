import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// `tribune-boxoffice orders` and `report` as an operator runs them: the built executable on the
/// database of a served box office (both engines), its output parsed and checked against what
/// the test bought (`SalesScenario`), and bad input refused with a clear message and exit ≠ 0.
@Suite("tribune-boxoffice orders and report")
struct OrdersReportCommandTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try BoxOfficeCommandTests.run(arguments)
    }

    /// RFC 4180 records: fields split at commas outside quotes, `""` inside quotes is one quote.
    static func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = "", quoted = false
        var characters = Array(text)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," { record.append(field); field = "" }
            else if c == "\n" { record.append(field); records.append(record); record = []; field = "" }
            else if c != "\r" { field.append(c) }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    @Test(arguments: StorageEngineKind.allCases) func ordersAndReportPrintWhatWasBought(engine: StorageEngineKind) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first (swift build --build-tests)")
        let clock = TestClock()
        let t = try await TestServer.startWithOperators(engine: engine, clock: clock)
        defer { Task { await t.stop() } }
        let orders = try await SalesScenario.run(on: t, clock: clock).orders
        let ids = orders.map { $0["order_id"]?.stringValue ?? "" }
        let codes = orders.map { $0["code"]?.stringValue ?? "" }
        let db = ["--db", t.databaseURL]

        // CSV of every order: the header, then one record per order, oldest first.
        let csv = try Self.run(["orders"] + db + ["--csv"])
        #expect(csv.status == 0, "\(csv.error)")
        let records = Self.parseCSV(csv.output)
        #expect(records.first == ["order_id", "code", "event_id", "kiosk_id", "created_at", "seats", "cancelled_seats", "total_minor", "refund_minor", "currency"])
        #expect(records.count == 1 + SalesScenario.purchases.count)
        for (i, (token, seats)) in SalesScenario.purchases.enumerated() where records.count > i + 1 {
            let cancelled = seats.filter { $0 == SalesScenario.cancelledSeat }
            let hour = SalesScenario.expectedHours[i].key
            let total: Int64 = seats.map(SalesScenario.price).reduce(0, +)
            let refund: Int64 = cancelled.map(SalesScenario.price).reduce(0, +)
            let kiosk = String(token.dropFirst("token-".count))
            let expected: [String] = [ids[i], codes[i], t.eventID, kiosk, hour, seats.sorted().joined(separator: " "),
                                      cancelled.joined(separator: " "), String(total), String(refund), "EUR"]
            #expect(records[i + 1] == expected)
        }

        // One line per order found by code (any case), by seat, and by time.
        func listed(_ arguments: [String]) throws -> [String] {
            let result = try Self.run(["orders"] + db + arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            return result.output.split(separator: "\n").map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
        }
        #expect(try listed(["--code", codes[1].lowercased()]) == [ids[1]])
        #expect(try listed(["--seat", SalesScenario.cancelledSeat]) == [ids[2]])
        #expect(try listed(["--from", "2027-01-15T09:00:00Z", "--to", "2027-01-15T10:00:00.001Z"]) == [ids[1], ids[2]])
        #expect(try listed(["--from", "2027-01-15T10:00:00+02:00", "--to", "2027-01-15T10:00:00.000+01:00"]) == [ids[0]])
        #expect(try listed(["--seat", "Z1-5-5"]) == [])
        let cancelledLine = try Self.run(["orders"] + db + ["--seat", SalesScenario.cancelledSeat]).output
        #expect(cancelledLine.hasSuffix("  cancelled \(SalesScenario.cancelledSeat) (refund \(SalesScenario.price(SalesScenario.cancelledSeat)))\n"))

        // The report's three tables, parsed by their headers.
        let report = try Self.run(["report"] + db)
        #expect(report.status == 0, "\(report.error)")
        var tables: [String: [[String]]] = [:], current = ""
        for line in report.output.split(separator: "\n") {
            let fields = line.split(separator: "  ").map(String.init)
            if ["category", "kiosk", "hour"].contains(fields[0]) { current = fields[0] } else if !current.isEmpty { tables[current, default: []].append(fields) }
        }
        #expect(report.output.hasPrefix("event \(t.eventID) (EUR, amounts in minor units)\n"))
        #expect(tables["category"] == ["CAT1", "CAT2"].map { name in
            let e = SalesScenario.expectedCategory(name)
            return [name, String(e.sold), String(e.held), String(e.free), String(e.blocked), String(e.revenue)]
        })
        #expect(tables["kiosk"] == SalesScenario.expectedKiosks.map { [$0.key, String($0.orders), String($0.tickets), String($0.revenue)] })
        #expect(tables["hour"] == SalesScenario.expectedHours.map { [$0.key, String($0.orders), String($0.tickets), String($0.revenue)] })
        let named = try Self.run(["report"] + db + ["--event", t.eventID])
        #expect(named.output == report.output)
        let unknown = try Self.run(["report"] + db + ["--event", "evt_nope"])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("no event 'evt_nope' in this database"), "\(unknown.error)")
    }

    @Test func badDatabaseAndOptionsAreRefusedClearly() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BoxOfficeCommandTests.executable), "build tribune-boxoffice first (swift build --build-tests)")
        let directory = NSTemporaryDirectory() + "orders-report-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/none.sqlite"
        let cases: [([String], String)] = [
            (["orders", "--db", missing], "\(missing): no such database"),
            (["report", "--db", missing], "\(missing): no such database"),
            (["orders", "--db", "mysql://x/y"], "mysql"),
            (["report", "--db", "postgres://u@127.0.0.1:notaport/db"], "port"),
            (["orders", "--db", missing, "--code", "ABC", "--seat", "Z1-1-1"], "give one of --code, --seat, or --from with --to"),
            (["orders", "--db", missing, "--from", "2027-01-15T09:00:00Z"], "give one of --code, --seat, or --from with --to"),
            (["orders", "--db", missing, "--from", "yesterday", "--to", "2027-01-15T09:00:00Z"], "--from 'yesterday': expected an ISO 8601 date and time"),
            (["orders"], "--db"),
            (["report", "--db", missing, "--db-pool", "4"], "--db-pool is for a postgres:// database"),
        ]
        for (arguments, message) in cases {
            let result = try Self.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
            #expect(result.error.contains(message), "\(arguments): \(result.error)")
        }
        // A database that exists but is not SQLite.
        try "not a database\n".write(toFile: directory + "/text.sqlite", atomically: true, encoding: .utf8)
        let garbage = try Self.run(["report", "--db", directory + "/text.sqlite"])
        #expect(garbage.status != 0)
        #expect(garbage.error.contains(directory + "/text.sqlite"), "\(garbage.error)")
    }
}
