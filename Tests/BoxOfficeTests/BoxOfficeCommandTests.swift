import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Spawn
import Testing
@testable import BoxOffice
import TestFixtures

/// The `tribune-boxoffice` executable itself, as an operator runs it: `event create` on a
/// Tribune venue file, then `serve` on that database, then SIGTERM.
@Suite("tribune-boxoffice command")
struct BoxOfficeCommandTests {
    static var executable: String { PackagePaths.executable("tribune-boxoffice") }

    /// Runs the executable to completion: exit status, standard output, standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let run = try ChildProcess.run(executable, arguments)
        return (run.termination.status, run.outputText, run.errorText)
    }

    /// `event create` of the Cup Final (evt_cup, CAT2 at 3100) on `db`, then `serve` on it with
    /// kiosk-1's token (secret-one) and `serveArguments`: as `serve` returns.
    static func createCupFinalAndServe(db: String, directory: String, venuePath: String, serveArguments: [String] = []) async throws
        -> (ChildProcess, port: Int, output: FileHandle, errors: FileHandle) {
        let created = try run(["event", "create", "--db", db, "--venue", venuePath, "--name", "Cup Final", "--id", "evt_cup",
                               "--price", "CAT2=3100"])
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output == "evt_cup\n")
        let tokens = directory + "/tokens"
        try "kiosk-1 secret-one\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        return try await serve(["--db", db, "--token-file", tokens] + serveArguments)
    }

    /// One request to a served box office on loopback `port` with `token`: the status, the body
    /// parsed as JSON (nil: not JSON) and its bytes. A body is sent as JSON with a fresh
    /// Idempotency-Key.
    static func send(_ method: HTTPMethod, port: Int, _ path: String, body: String? = nil,
                     token: String = "secret-one") async throws -> (Int, JSONValue?, Data) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "Idempotency-Key", value: UUID().uuidString)
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let data = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        return (Int(response.status.code), JSONValue.parse(data), data)
    }

    /// Starts `tribune-boxoffice serve` with `arguments` (after `serve`, with `--port 0`) and reads
    /// its first line, which names the port the system chose: the running process, the port, and
    /// its standard output and error to read further lines from. Kill the process when done.
    /// `scheme` is what the line must say (http or https).
    static func serve(_ arguments: [String], scheme: String = "http") async throws
        -> (ChildProcess, port: Int, output: FileHandle, errors: FileHandle) {
        let server = try ChildProcess(executable, ["serve", "--port", "0"] + arguments, output: .pipe, error: .pipe)
        let output = try #require(server.standardOutput), errors = try #require(server.standardError)
        let line = await nextLine(of: output)
        let prefix = "tribune-boxoffice: listening on \(scheme)://127.0.0.1:"
        guard line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)) else {
            server.signal(SIGKILL)
            server.wait()
            throw CommandLineError(description: "tribune-boxoffice serve said \"\(line)\", not \(prefix)PORT")
        }
        return (server, port, output, errors)
    }

    /// A `serve` that did not start as the test expected, with what it said.
    struct CommandLineError: Error, CustomStringConvertible { var description: String }

    @Test func eventCreateThenServeSellsAtTheVenuesPrices() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable), "build tribune-boxoffice first (swift build --build-tests)")
        let (directory, venuePath) = try TribuneVenueFixture.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = directory + "/boxoffice.sqlite"
        let (server, port, output, errors) = try await Self.createCupFinalAndServe(db: db, directory: directory, venuePath: venuePath)
        let tokens = directory + "/tokens"   // the file it serves with, rewritten below
        defer { server.signal(SIGKILL) }

        func send(_ method: HTTPMethod, _ path: String, body: String? = nil, token: String = "secret-one") async throws -> (Int, JSONValue?, Data) {
            try await Self.send(method, port: port, path, body: body, token: token)
        }
        let (listStatus, list, _) = try await send(.GET, "/v1/events")
        #expect(listStatus == 200)
        #expect(list?["events"]?.arrayValue?.map { $0["event_id"]?.stringValue } == ["evt_cup"])
        let (_, event, _) = try await send(.GET, "/v1/events/evt_cup")
        #expect(event?["name"] == "Cup Final")
        #expect(event?["currency"] == "CHF")
        #expect(event?["categories"]?.arrayValue?.map { $0["price"]?["amount_minor"]?.intValue } == [4500, 3100, 1900])
        let layoutURL = try #require(event?["layout_url"]?.stringValue)
        let (_, _, layout) = try await send(.GET, layoutURL)
        #expect(layout == TribuneVenueFixture.document)

        // A wheelchair place and a CAT2 seat: 1900 + 3100.
        let (holdStatus, hold, _) = try await send(.POST, "/v1/events/evt_cup/holds", body: "{\"seats\":[\"S-1-1\",\"S-2-1\"]}")
        #expect(holdStatus == 201)
        #expect(hold?["total"] == ["amount_minor": 5000, "currency": "CHF"])
        let holdID = try #require(hold?["hold_id"]?.stringValue)
        let (orderStatus, order, _) = try await send(.POST, "/v1/orders", body: """
            {"client_order_ref":"ref-1","hold_id":"\(holdID)","expected_total":{"amount_minor":5000,"currency":"CHF"}}
            """)
        #expect(orderStatus == 201)
        #expect(order?["lines"]?.arrayValue?.map { $0["label"]?.stringValue } == ["Block South · Row 1 · Seat 1", "Block South · Row 2 · Seat 1"])

        // Served durably by default: SQLite's synchronous level on the server's connections.
        let (_, health, _) = try await send(.GET, "/v1/health")
        #expect(health?["database"] == ["engine": "sqlite", "synchronous": "full"])

        // SIGHUP re-reads the token file: the old token is refused from then on, the new one works;
        // a broken file keeps the tokens in force.
        try "kiosk-1 secret-two\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(await Self.nextLine(of: output) == "tribune-boxoffice: reloaded 1 kiosk token from \(tokens)")
        #expect(try await send(.GET, "/v1/events").0 == 401)
        #expect(try await send(.GET, "/v1/events", token: "secret-two").0 == 200)
        try "kiosk-1\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        let errorLine = await Self.nextLine(of: errors)
        #expect(errorLine.hasPrefix("tribune-boxoffice: kept the tokens in force: \(tokens):1: expected 'KIOSK_ID TOKEN'"), "\(errorLine)")
        #expect(try await send(.GET, "/v1/events", token: "secret-two").0 == 200)

        server.signal(SIGTERM)
        #expect(server.wait() == .exited(0))

        // Two of the twelve seats sold in one order of 1900 + 3100.
        let listed = try Self.run(["event", "list", "--db", db])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output == "evt_cup  \"Cup Final\"  12 seats: 10 free, 0 held, 2 sold, 0 blocked; 1 order, revenue 5000 CHF (minor units)\n")
    }

    /// The next line the process writes to `handle` (waits for it; empty at end of file).
    static func nextLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes: [UInt8] = []
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    if chunk.isEmpty || chunk.first == 10 { break }
                    bytes.append(contentsOf: chunk)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    @Test func badVenueFailsWithFileAndPath() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable), "build tribune-boxoffice first (swift build --build-tests)")
        let (directory, venuePath) = try TribuneVenueFixture.folder(
            document: TribuneVenueFixture.replacing("\"amount_minor\":2900", with: "\"amount_minor\":\"29.00\""))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Self.run(["event", "create", "--db", directory + "/db.sqlite", "--venue", venuePath, "--name", "Bad"])
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("\(venuePath): invalid venue layout: categories[1].price.amount_minor: expected an integer ≥ 0 (minor units), found \"29.00\""),
                "\(result.error)")
    }
}
