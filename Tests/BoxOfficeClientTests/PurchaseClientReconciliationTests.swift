import BoxOffice
import BoxOfficeClient
import Foundation
import Synchronization
import Testing

/// What the kiosk believes about a purchase whose answer it could not read: the real box office
/// on loopback behind `FaultProxy`, which garbles or replaces the answers the test names. The
/// truth is the server's database (`ClientTestServer.orders`), read independently of the client.
@Suite("Purchases with unreadable or indefinite answers", .serialized)
struct PurchaseClientReconciliationTests {
    /// A problem document as the box office writes one for a refused token.
    static let unauthorized = #"{"type":"about:blank","title":"Unauthorized","status":401,"code":"unauthorized","detail":"proxy: token refused","request_id":"req_proxy"}"#
    /// A 2xx body that is not an order (cut off on the way).
    static let truncated = #"{"order_id": "ord_"#

    /// `fault` for the first request whose line starts with `prefix`, `.pass` after; lookups by
    /// `client_order_ref` get `lookups`.
    static func rule(once prefix: String, _ fault: FaultProxy.Fault, lookups: FaultProxy.Fault) -> @Sendable (String) -> FaultProxy.Fault {
        let left = Mutex(1)
        return { line in
            if line.hasPrefix("GET /v1/orders?") { return lookups }
            guard line.hasPrefix(prefix) else { return .pass }
            return left.withLock { n in defer { n = 0 }; return n > 0 ? fault : .pass }
        }
    }

    /// A 201 whose body does not decode: the server sold the seats, so the kiosk must not call
    /// it rejected. With lookups answered, `buy()` returns the server's order; with lookups
    /// refused (401), the outcome is unknown and the entry stays pending until a lookup answers.
    @Test func aConfirmationThatDoesNotDecodeIsReconciledNotRejected() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let proxy = try FaultProxy(upstreamPort: server.port.withLock { $0 })
        defer { proxy.stop() }
        // No request here must time out (the faults answer at once): a generous ceiling, so a
        // loaded machine cannot turn the truncated answer into a timeout and a passing retry
        // (with 2 s a CI run confirmed the second purchase that way).
        let client = try server.makeClient(through: proxy.port, timeout: 120)
        _ = await client.resolveJournal()
        _ = try await client.loadEvent("evt_test")

        _ = try await client.tapSeat("A-3-1")
        _ = try await client.tapSeat("A-3-2")
        proxy.setRule(Self.rule(once: "POST /v1/orders", .replaceAnswer(status: 201, body: Self.truncated), lookups: .pass))
        var firstRef = ""
        do {
            let order = try await client.buy()
            firstRef = order.clientOrderRef
            #expect(try server.orders(kiosk: "k1")[order.clientOrderRef] == order.orderID)
            #expect(order.lines.map(\.seatGUID).sorted() == ["A-3-1", "A-3-2"])
        } catch {
            Issue.record("a sale the server made was reported as \(error)")
        }
        var journal = try client.journal.entries()
        #expect(journal.map(\.state) == [.confirmed])
        #expect(journal.first.map { try? server.orders(kiosk: "k1")[$0.clientOrderRef] } == journal.first?.orderID)

        await client.reset()   // as the kiosk does after a purchase: the next seat starts a new hold
        _ = try await client.tapSeat("A-4-1")
        proxy.setRule(Self.rule(once: "POST /v1/orders", .replaceAnswer(status: 201, body: Self.truncated),
                                lookups: .answer(status: 401, body: Self.unauthorized)))
        var unknown = ""
        do {
            _ = try await client.buy()
            Issue.record("confirmed without a readable answer")
        } catch {
            if case .outcomeUnknown(let ref) = error { unknown = ref } else { Issue.record("a sale the server made was reported as \(error)") }
        }
        journal = try client.journal.entries()
        #expect(journal.count == 2)
        let second = try #require(journal.last)   // oldest first: the later purchase
        #expect(second.clientOrderRef != firstRef)
        #expect(second.state == .pending, "the server sold A-4-1 under \(second.clientOrderRef); the journal says \(second.state)")
        #expect(second.clientOrderRef == unknown)
        #expect(try server.orders(kiosk: "k1")[second.clientOrderRef] != nil)

        proxy.setRule { _ in .pass }
        #expect(await client.resolveJournal() == PurchaseClient.JournalResolution(confirmed: 1))
        let settled = try #require(try client.journal.entries().first { $0.clientOrderRef == second.clientOrderRef })
        #expect(settled.state == .confirmed)
        #expect(settled.orderID == (try server.orders(kiosk: "k1")[second.clientOrderRef]))
        let (doubleSold, duplicates) = try server.doubleSoldAndDuplicates()
        #expect(doubleSold == 0 && duplicates == 0)
    }

    /// Reconciliation resolves an entry only on a definitive answer: the order found, or the
    /// server saying it has none and then taking or refusing the same request for the order's
    /// own reasons. A lookup or a re-send answered 401 says nothing about the order.
    @Test func onlyADefinitiveAnswerResolvesAJournalEntry() async throws {
        let server = try await ClientTestServer()
        defer { Task { await server.stop() } }
        let proxy = try FaultProxy(upstreamPort: server.port.withLock { $0 })
        defer { proxy.stop() }
        let client = try server.makeClient(through: proxy.port,
                                           retry: RetryPolicy(baseDelay: 0.01, maxDelay: 0.05, maxAttempts: 3, jitter: 0.5))
        _ = await client.resolveJournal()
        _ = try await client.loadEvent("evt_test")

        // The order reached the server; every answer was lost.
        _ = try await client.tapSeat("A-5-1")
        proxy.setRule { $0.hasPrefix("POST /v1/orders") || $0.hasPrefix("GET /v1/orders?") ? .dropAfterForwarding : .pass }
        await #expect(throws: BoxOfficeError.self) { try await client.buy() }
        let sold = try #require(try client.journal.entries(.pending).first)
        #expect(try server.orders(kiosk: "k1")[sold.clientOrderRef] != nil)

        proxy.setRule { $0.hasPrefix("GET /v1/orders?") ? .answer(status: 401, body: Self.unauthorized) : .pass }
        #expect(await client.resolveJournal() == PurchaseClient.JournalResolution(pending: 1))
        #expect(await client.serviceState == .resolvingJournal)
        #expect(try client.journal.entries(.pending).map(\.clientOrderRef) == [sold.clientOrderRef])

        // A second order never reached the server; the re-send is refused with 401.
        proxy.setRule { _ in .pass }
        #expect(await client.resolveJournal() == PurchaseClient.JournalResolution(confirmed: 1))
        await client.reset()
        _ = try await client.tapSeat("A-5-2")
        proxy.setRule { $0.hasPrefix("POST /v1/orders") || $0.hasPrefix("GET /v1/orders?") ? .dropBeforeForwarding : .pass }
        await #expect(throws: BoxOfficeError.self) { try await client.buy() }
        let unsent = try #require(try client.journal.entries(.pending).first)
        #expect(try server.orders(kiosk: "k1")[unsent.clientOrderRef] == nil)
        proxy.setRule { $0.hasPrefix("POST /v1/orders") ? .answer(status: 401, body: Self.unauthorized) : .pass }
        #expect(await client.resolveJournal() == PurchaseClient.JournalResolution(pending: 1))
        #expect(try client.journal.entries(.pending).map(\.clientOrderRef) == [unsent.clientOrderRef])
        #expect(await client.serviceState == .resolvingJournal)

        // Answered: the server has none, takes the same request once, and the entry is confirmed.
        proxy.setRule { _ in .pass }
        #expect(await client.resolveJournal() == PurchaseClient.JournalResolution(confirmed: 1))
        #expect(try client.journal.entries().allSatisfy { $0.state == .confirmed })
        let orders = try server.orders(kiosk: "k1")
        #expect(try client.journal.entries().allSatisfy { orders[$0.clientOrderRef] == $0.orderID })
        #expect(await client.serviceState == .inService)
    }
}
