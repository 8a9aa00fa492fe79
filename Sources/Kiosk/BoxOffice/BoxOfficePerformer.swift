import BoxOfficeClient
import KioskUI

/// Turns the visitor screen's `BoxOfficeRequest`s into calls on a `PurchaseClient` and what the
/// box office answered into `BoxOfficeResponse`s. The one place that does so: the live kiosk
/// (`BoxOfficeBridge`, which performs in a task and posts the answers to the event loop) and
/// headless replay (`HTTPBoxOfficeResponder`, which blocks while the virtual clock stands still)
/// both call `perform(_:at:)`, so the two cannot answer the same request differently.
///
/// Mapping: `holdSeat` and `releaseSeat` toggle the seat in the client's hold (`tapSeat`; a seat
/// already in that state is answered without a call; a hold that ran out meanwhile is started
/// again), `buy` converts the hold (`PurchaseClient.buy`) only when the held seats are the cart
/// and the hold's total is the `expectedTotal` the screen showed, `releaseAll` releases the hold
/// (`reset`), `extendHold` asks for one hold period more (`PurchaseClient.extendHold`, capped
/// by the box office at the event's maximum) and answers `.holdExtended` with the new expiry on
/// the caller's clock, `refreshAvailability` asks for what changed since the last answer
/// (`PurchaseClient.refreshAvailability`, the `since` revision) and answers `.availability`.
/// After any request the box office answered, a purchase whose outcome is unknown is reconciled
/// (`PurchaseClient.resolveJournal`).
/// Failures become `.seatTaken`, `.seatReleased`, `.purchaseFailed` with a reason for the
/// visitor, and `.unanswered(request, code:)` when the box office did not answer: the session
/// decides when to retry and when that means out of service, on its own clock, so live and
/// replay are patient alike (see `BoxOfficePerformer+Failures.swift`).
///
/// Lives in Kiosk (not BoxOfficeClient, which knows nothing of the screen's requests) and
/// imports neither the box-office server nor anything of the display, so a headless target
/// can use it as it is.
public actor BoxOfficePerformer {
    public nonisolated let client: PurchaseClient
    public nonisolated let eventID: String
    /// The first `orderLimit` orders confirmed through this performer, in order (for replay
    /// and demo reports; bounded: the kiosk's bridge sells through one performer for months,
    /// and kept every order before the soak caught it). `orderCount` counts them all.
    public private(set) var orders: [OrderInfo] = []
    /// Orders confirmed through this performer.
    public private(set) var orderCount = 0
    /// How many orders `orders` keeps.
    public static let orderLimit = 64
    /// The first `errorLimit` errors the box office answered with, in order (for reports and
    /// logs; bounded: a long outage retries every 8 s).
    public private(set) var errors: [BoxOfficeError] = []
    /// How many errors `errors` keeps.
    public static let errorLimit = 64
    /// The event once `prepare()` succeeded.
    public private(set) var event: EventInfo?
    /// The current hold and when it expires on the caller's clock (s).
    private(set) var holdExpiry: (holdID: String, expiresAt: Double)?
    /// The preparation in flight, shared by callers that arrive while it runs.
    private var preparing: Task<Result<EventInfo, BoxOfficeError>, Never>?

    /// - Parameters:
    ///   - client: a client of the box office; its journal is resolved and `eventID` loaded by
    ///     `prepare()`, at the latest before the first request.
    ///   - eventID: the event whose seats the screen sells.
    public init(client: PurchaseClient, eventID: String) {
        self.client = client
        self.eventID = eventID
    }

    /// Resolves the purchase journal and loads the event (once; later calls return the event).
    /// Throws `.unreachable` while journaled purchases from before are still unresolved: no
    /// visitor is served until they are.
    @discardableResult
    public func prepare() async throws(BoxOfficeError) -> EventInfo {
        if let event { return event }
        let task = preparing ?? Task { [client, eventID] () async -> Result<EventInfo, BoxOfficeError> in
            do throws(BoxOfficeError) {
                let resolution = await client.resolveJournal()
                if resolution.pending > 0 { throw .unreachable("\(resolution.pending) journaled purchase(s) could not be resolved") }
                if let loaded = await client.event, loaded.eventID == eventID { return .success(loaded) }
                return .success(try await client.loadEvent(eventID))
            } catch {
                return .failure(error)
            }
        }
        preparing = task
        let result = await task.value
        preparing = nil
        if case .success(let loaded) = result { event = loaded }
        return try result.get()
    }

    /// Performs `request`, asked at `now` (seconds on the caller's clock: the hold's expiry is
    /// counted on it from the request that created the hold, so the screen's countdown does not
    /// depend on network latency), and returns what the screen hears, in order.
    public func perform(_ request: BoxOfficeRequest, at now: Double) async -> [BoxOfficeResponse] {
        do throws(BoxOfficeError) {
            try await prepare()
            var responses = try await execute(request)
            if case .holdSeat(let seat) = request {
                guard let hold = await client.hold else { throw .noHold }
                // A hold expires a fixed time after it was created (adding seats never moves it).
                let ttl = Double(event?.limits.holdTTLSeconds ?? hold.expiresInSeconds)
                if holdExpiry?.holdID != hold.holdID { holdExpiry = (hold.holdID, now + ttl) }
                responses.append(.seatHeld(seat, expiresAt: holdExpiry?.expiresAt ?? now + ttl))
            }
            if case .extendHold = request {
                // The box office's new time left, counted from this request on the caller's clock
                // (whole seconds, rounded down: the screen never promises more than the server).
                guard let hold = await client.hold, hold.status == "active" else { throw .noHold }
                let expiresAt = now + Double(hold.expiresInSeconds)
                holdExpiry = (hold.holdID, expiresAt)
                responses.append(.holdExtended(expiresAt: expiresAt))
            }
            // The box office answered: a purchase whose outcome was lost is reconciled now, while
            // the kiosk runs (the session's polls bring the next answer), not at the next start.
            if await client.hasUnresolvedPurchases { await client.resolveJournal() }
            return responses
        } catch {
            if errors.count < Self.errorLimit { errors.append(error) }
            return await responses(for: error, request: request)
        }
    }

    /// One request against the client (whose event is loaded); a held seat is answered by
    /// `perform` (it knows the caller's clock).
    private func execute(_ request: BoxOfficeRequest) async throws(BoxOfficeError) -> [BoxOfficeResponse] {
        let held = await client.hold.map { $0.status == "active" ? $0.seats.map(\.seatGUID) : [] } ?? []
        switch request {
        case .holdSeat(let seat):
            guard !held.contains(seat) else { return [] }
            do throws(BoxOfficeError) {
                try await client.tapSeat(seat)
            } catch {
                // The hold ran out meanwhile (the client forgot it): the tap starts a new one.
                guard case .rejected(let p) = error, p.code == "hold_expired" || p.code == "hold_not_active" else { throw error }
                try await client.tapSeat(seat)
            }
            return []
        case .releaseSeat(let seat):
            if held.contains(seat) { try await client.tapSeat(seat) }
            return [.seatReleased(seat)]
        case .buy(let seats, let expectedTotal):
            guard let hold = await client.hold, hold.status == "active" else { throw .noHold }
            if let refusal = Self.refusal(of: hold, seats: seats, expectedTotal: expectedTotal) {
                // Nothing is sent: the hold stays as it is, for the visitor to check the cart.
                return [.purchaseFailed(reason: refusal)]
            }
            let order = try await client.buy()
            if orders.count < Self.orderLimit { orders.append(order) }
            orderCount += 1
            return [.purchased(orderID: order.orderID, seats: order.lines.map(\.seatGUID), code: order.code)]
        case .releaseAll:
            await client.reset()
            holdExpiry = nil
            return held.map { .seatReleased($0) }
        case .extendHold:
            // One hold period more (the server caps it at the event's maximum hold time).
            try await client.extendHold(seconds: event?.limits.holdTTLSeconds ?? 480)
            return []
        case .refreshAvailability:
            try await client.refreshAvailability()
            let changes = await client.lastDelta?.changes ?? []
            return [.availability(changes.map { SeatStatusChange(seatID: $0.seatID, status: Self.vocabulary($0.status)) })]
        }
    }

    /// Why `hold` must not be bought for a cart of `seats` that showed `expectedTotal` (minor
    /// units), in words for the visitor; nil when it may.
    static func refusal(of hold: HoldInfo, seats: [String], expectedTotal: Int) -> String? {
        let holdSeats = hold.seats.map(\.seatGUID).sorted()
        guard holdSeats == seats.sorted() else {
            return "The held seats (\(holdSeats.joined(separator: ", "))) differ from the cart (\(seats.sorted().joined(separator: ", ")))."
        }
        guard hold.total.amountMinor == Int64(expectedTotal) else {
            return "The total is now \(hold.total.amountMinor) \(hold.total.currency), not the \(expectedTotal) shown; please check the cart."
        }
        return nil
    }
}
