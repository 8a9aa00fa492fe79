import ArgumentParser
import TestFixtures
import BoxOfficeClient
import Foundation

/// A kiosk's purchase loop in its own process, for crash tests: it journals and buys until it is
/// killed. Each line it prints is flushed at once: `HELD`, `SENDING <ref>`, `CONFIRMED <ref> <order>`,
/// `FAILED <why>`.
@main
struct KioskSim: AsyncParsableCommand {
    @Option var baseURL: String
    @Option var token: String
    @Option var event: String
    @Option(help: "The kiosk's state directory (journal).") var stateDir: String
    @Option(help: "Comma-separated seat ids to choose from.") var seats: String
    @Option var purchases: Int = 1000
    @Option var seed: UInt64 = 1
    @Option(help: "Request timeout in seconds.") var timeout: Double = 2

    func run() async throws {
        let journal = try PurchaseJournal(directory: stateDir)
        var configuration = PurchaseClient.Configuration(cacheDirectory: stateDir)
        configuration.retry = RetryPolicy(baseDelay: 0.02, maxDelay: 0.2, maxAttempts: 6, jitter: 0.5)
        let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: baseURL, token: token, requestTimeout: timeout),
                                    journal: journal, configuration: configuration)
        let resolution = await client.resolveJournal()
        say("RESOLVED \(resolution.confirmed) \(resolution.rejected) \(resolution.pending)")
        _ = try await client.loadEvent(event)
        let pool = seats.split(separator: ",").map(String.init)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<purchases {
            let count = 1 + Int(rng.next() % 3)
            var chosen: [String] = []
            for _ in 0..<count { chosen.append(pool[Int(rng.next() % UInt64(pool.count))]) }
            do {
                for seat in Set(chosen).sorted() { try await client.tapSeat(seat) }
                say("HELD")
                let order = try await client.buy()
                say("CONFIRMED \(order.clientOrderRef) \(order.orderID)")
            } catch {
                say("FAILED \(error)")
                await client.reset()
            }
        }
    }

    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered: the test reads it live
    }
}

