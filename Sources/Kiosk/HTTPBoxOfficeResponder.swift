import BoxOfficeClient
import Dispatch
import Foundation
import KioskUI

/// Performs a headless replay's box-office requests for real, over HTTP with `PurchaseClient`
/// (journal, idempotency keys and retries included), and blocks until each answer is in — the
/// replay's virtual clock stands still meanwhile, so frames and reports do not depend on how
/// long the network took.
///
/// Mapping: `holdSeat` and `releaseSeat` toggle the seat in the client's hold (`tapSeat`; a
/// seat already in that state is answered without a call), `buy` converts the hold
/// (`PurchaseClient.buy`), `releaseAll` releases it (`reset`). A seat taken meanwhile →
/// `.seatTaken`; an unreachable or failing box office → `.service(code: "BO-…")` and, once it
/// answers again, `.service(code: nil)`; an order → `.purchased`.
///
/// Call `respond(to:now:)` from a thread outside Swift concurrency's cooperative pool (the main
/// thread of a command, or a `Thread`): it blocks its caller while a task does the work.
public final class HTTPBoxOfficeResponder: BoxOfficeResponder {
    public let client: PurchaseClient
    public let eventID: String
    /// Every order confirmed through this responder, in order.
    public private(set) var orders: [OrderInfo] = []
    /// Every error the box office answered with (for the report and logs).
    public private(set) var errors: [BoxOfficeError] = []
    private var prepared = false
    private var holdExpiry: (holdID: String, expiresAt: Double)?
    private var outOfService = false

    /// - Parameters:
    ///   - client: a client of the box office; its journal is resolved and `eventID` loaded before
    ///     the first request.
    ///   - eventID: the event whose seats the session sells.
    public init(client: PurchaseClient, eventID: String) {
        self.client = client
        self.eventID = eventID
    }

    /// A responder with its own client: `token` for `baseURL`, the journal and layout cache in
    /// `stateDirectory` (created when missing).
    public convenience init(baseURL: String, token: String, eventID: String, stateDirectory: String,
                            requestTimeout: Double = 5) throws {
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        var configuration = PurchaseClient.Configuration(cacheDirectory: stateDirectory)
        // A replay does not wait 30 s for a box office that is down: a few quick retries.
        configuration.retry = RetryPolicy(baseDelay: 0.1, maxDelay: 1, maxAttempts: 4, jitter: 0.5)
        let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: baseURL, token: token, requestTimeout: requestTimeout),
                                    journal: try PurchaseJournal(directory: stateDirectory), configuration: configuration)
        self.init(client: client, eventID: eventID)
    }

    /// What the screens need to know of the event before the session starts: its name, currency
    /// and the price of each category (minor units). Resolves the journal and loads the event
    /// now (blocking) instead of at the first request.
    public func prepare() throws(BoxOfficeError) -> (name: String, currency: String, prices: [String: Int]) {
        let client = self.client, eventID = self.eventID
        let outcome = Self.wait { () async -> Result<EventInfo, BoxOfficeError> in
            do throws(BoxOfficeError) {
                let resolution = await client.resolveJournal()
                if resolution.pending > 0 { throw .unreachable("\(resolution.pending) journaled purchase(s) could not be resolved") }
                return .success(try await client.loadEvent(eventID))
            } catch {
                return .failure(error)
            }
        }
        let event = try outcome.get()
        prepared = true
        var prices: [String: Int] = [:]
        for c in event.categories { prices[c.name] = Int(c.price.amountMinor) }
        return (event.name, event.currency, prices)
    }

    public func respond(to request: BoxOfficeRequest, now: Double) -> [BoxOfficeResponse] {
        let client = self.client, eventID = self.eventID, mustPrepare = !prepared
        let outcome = Self.wait { () async -> Result<Performed, BoxOfficeError> in
            do throws(BoxOfficeError) {
                if mustPrepare {
                    let resolution = await client.resolveJournal()
                    if resolution.pending > 0 { throw .unreachable("\(resolution.pending) journaled purchase(s) could not be resolved") }
                    _ = try await client.loadEvent(eventID)
                }
                return .success(try await Self.perform(request, client: client, now: now))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let performed):
            prepared = true
            var responses = performed.responses
            if let held = performed.held {
                // A hold expires a fixed time after it was created (adding seats never moves it):
                // counted on this clock from the request that created it, so the screen's
                // countdown does not depend on network latency.
                if holdExpiry?.holdID != held.holdID { holdExpiry = (held.holdID, now + held.ttl) }
                responses.append(.seatHeld(held.seat, expiresAt: holdExpiry!.expiresAt))
            }
            if let order = performed.order { orders.append(order) }
            if outOfService {
                outOfService = false
                return [.service(code: nil)] + responses
            }
            return responses
        case .failure(let error):
            errors.append(error)
            return responses(for: error, request: request)
        }
    }

    struct Performed: Sendable {
        var responses: [BoxOfficeResponse]
        var order: OrderInfo?
        /// A seat now in hold `holdID`, whose time to live is `ttl` s (answered by `respond`).
        var held: (seat: String, holdID: String, ttl: Double)?
        init(_ responses: [BoxOfficeResponse], order: OrderInfo? = nil) { self.responses = responses; self.order = order }
    }

    /// One request against the client (whose event is loaded).
    private static func perform(_ request: BoxOfficeRequest, client: PurchaseClient, now: Double) async throws(BoxOfficeError) -> Performed {
        let held = await client.hold.map { $0.status == "active" ? $0.seats.map(\.seatGUID) : [] } ?? []
        switch request {
        case .holdSeat(let seat):
            if !held.contains(seat) {
                do throws(BoxOfficeError) {
                    _ = try await client.tapSeat(seat)
                } catch {
                    // The hold ran out meanwhile (the client forgot it): the tap starts a new one.
                    guard case .rejected(let p) = error, p.code == "hold_expired" || p.code == "hold_not_active" else { throw error }
                    _ = try await client.tapSeat(seat)
                }
            }
            guard let hold = await client.hold else { throw .noHold }
            let ttl = Double(await client.event?.limits.holdTTLSeconds ?? hold.expiresInSeconds)
            var performed = Performed([])
            performed.held = (seat, hold.holdID, ttl)
            return performed
        case .releaseSeat(let seat):
            if held.contains(seat) { _ = try await client.tapSeat(seat) }
            return Performed([.seatReleased(seat)])
        case .buy(let seats, let expectedTotal):
            guard let hold = await client.hold, hold.status == "active" else { throw .noHold }
            let holdSeats = hold.seats.map(\.seatGUID).sorted()
            guard holdSeats == seats.sorted() else {
                return Performed([.purchaseFailed(reason: "The held seats (\(holdSeats.joined(separator: ", "))) differ from the cart (\(seats.sorted().joined(separator: ", "))).")])
            }
            guard hold.total.amountMinor == Int64(expectedTotal) else {
                return Performed([.purchaseFailed(reason: "The total is now \(hold.total.amountMinor) \(hold.total.currency), not the \(expectedTotal) shown; please check the cart.")])
            }
            let order = try await client.buy()
            return Performed([.purchased(orderID: order.orderID, seats: order.lines.map(\.seatGUID))], order: order)
        case .releaseAll:
            await client.reset()
            return Performed(held.map { .seatReleased($0) })
        }
    }

    /// What the screen hears when a request failed.
    private func responses(for error: BoxOfficeError, request: BoxOfficeRequest) -> [BoxOfficeResponse] {
        var out: [BoxOfficeResponse] = []
        switch error {
        case .seatsTaken(let seats):
            out = seats.map { .seatTaken($0) }
            if case .holdSeat(let seat) = request, !seats.contains(seat) { out.append(.seatTaken(seat)) }
        case .unreachable, .unavailable, .badResponse:
            outOfService = true
            out = [.service(code: Self.serviceCode(error))]
        case .rejected(let problem):
            switch request {
            case .holdSeat(let seat): out = [.seatTaken(seat)]   // e.g. the seat is blocked or the hold is full
            case .releaseSeat(let seat): out = [.seatReleased(seat)]   // the hold is gone: so is the seat
            case .buy: out = [.purchaseFailed(reason: problem.detail)]
            case .releaseAll: break
            }
        case .outcomeUnknown, .noHold:
            break
        }
        if case .buy = request {
            switch error {
            case .rejected: break   // already a purchaseFailed
            case .outcomeUnknown:
                out.append(.purchaseFailed(reason: "The purchase is not confirmed yet; it is saved and will be completed when the box office answers."))
            default:
                out.append(.purchaseFailed(reason: "\(error)"))
            }
        }
        return out
    }

    /// A staff-readable code for the out-of-service screen.
    public static func serviceCode(_ error: BoxOfficeError) -> String {
        switch error {
        case .unreachable: "BO-NET"
        case .unavailable(let status): "BO-\(status)"
        case .badResponse: "BO-BAD"
        case .rejected(let problem): "BO-\(problem.status)"
        case .seatsTaken: "BO-409"
        case .outcomeUnknown: "BO-UNKNOWN"
        case .noHold: "BO-NOHOLD"
        }
    }

    /// Runs `body` in a task and blocks the calling thread until it returns (call it from a
    /// thread outside Swift concurrency's pool, as `respond(to:now:)`).
    public static func wait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}
