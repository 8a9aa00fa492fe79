import Foundation
import NIOHTTP1
import Seating

/// The kiosk's purchase flow against the box office: event, layout (cached on disk) and
/// availability (`since` deltas, asked when the kiosk's session polls); a hold created on the
/// first seat tap and changed by later taps; the order at Buy, journaled before it is sent and
/// retried with the same idempotency key; the hold released on reset.
///
/// Cart calls are serialised (one mutation in flight at a time). Time comes from `now` (seconds)
/// and waiting from the `Sleeper`, so tests run fast and deterministic.
public actor PurchaseClient {
    public struct Configuration: Sendable {
        public var retry = RetryPolicy()
        /// Seconds of continuous unreachability after which the kiosk goes out of service.
        public var outOfServiceAfter: Double = 30
        /// Where layouts are cached (`layouts/<layout_id>.json`).
        public var cacheDirectory: String

        public init(cacheDirectory: String) { self.cacheDirectory = cacheDirectory }
    }

    /// What the UI shows: whether a visitor may start buying.
    public enum ServiceState: Sendable, Equatable {
        /// Unconfirmed purchases from before are being reconciled; do not serve visitors yet.
        case resolvingJournal
        case inService
        /// The box office has been out of reach longer than `outOfServiceAfter`.
        case outOfService(since: Double)
    }

    /// The outcome of `resolveJournal()`.
    public struct JournalResolution: Sendable, Equatable {
        public var confirmed = 0
        public var rejected = 0
        /// Still unknown (box office unreachable); retried on the next call.
        public var pending = 0

        public init(confirmed: Int = 0, rejected: Int = 0, pending: Int = 0) {
            self.confirmed = confirmed
            self.rejected = rejected
            self.pending = pending
        }
    }

    public nonisolated let connection: BoxOfficeConnection
    public nonisolated let journal: PurchaseJournal
    public nonisolated let configuration: Configuration
    let sleeper: any Sleeper
    let now: @Sendable () -> Double

    public private(set) var event: EventInfo?
    public private(set) var hold: HoldInfo?
    /// Non-free seats from the availability feed (seat id → held/sold/blocked).
    public private(set) var seatStates: [String: String] = [:]
    public private(set) var availabilityRevision: Int64?
    /// The last availability answer as a `Seating` delta, to apply to the chart's `EventAvailability`.
    public private(set) var lastDelta: AvailabilityDelta?
    /// Availability polls done since start (for tests and diagnostics).
    public private(set) var pollCount = 0
    /// When the box office went out of reach (seconds, from `now`); nil while reachable.
    public private(set) var unreachableSince: Double?
    var journalResolved = false
    /// A purchase of this run ended with its outcome unknown and is not reconciled yet.
    var unresolvedPurchases = false
    var busy = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    public init(connection: BoxOfficeConnection, journal: PurchaseJournal, configuration: Configuration,
                sleeper: any Sleeper = TaskSleeper(), now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.connection = connection
        self.journal = journal
        self.configuration = configuration
        self.sleeper = sleeper
        self.now = now
    }

    /// The state the UI reads.
    public var serviceState: ServiceState {
        if let since = unreachableSince, now() - since >= configuration.outOfServiceAfter { return .outOfService(since: since) }
        return journalResolved ? .inService : .resolvingJournal
    }

    /// Whether the last `resolveJournal()` left no purchase from before unconfirmed.
    public var hasResolvedJournal: Bool { journalResolved }

    /// Whether a journaled purchase waits for its outcome (`resolveJournal()` finds it): one of
    /// this run whose answer was lost or unreadable, or one from before not yet resolved.
    public var hasUnresolvedPurchases: Bool { unresolvedPurchases || !journalResolved }

    /// Whether a new visitor may be served.
    public var isServingVisitors: Bool { serviceState == .inService }

    // MARK: Reachability

    func reached() { unreachableSince = nil }
    func unreached() { if unreachableSince == nil { unreachableSince = now() } }

    /// One request, tracking reachability.
    func send(_ method: HTTPMethod, _ path: String, json: Data? = nil, key: String? = nil,
              headers: [(String, String)] = []) async throws(BoxOfficeError) -> HTTPReply {
        do throws(BoxOfficeError) {
            let reply = try await connection.send(method, path, json: json, idempotencyKey: key, headers: headers)
            // 503: the box office cannot serve (its database is down); 502 and 504: a proxy in
            // front of it (nginx) reached no instance. Any other answer came from a box office.
            if [502, 503, 504].contains(reply.status) { unreached() } else { reached() }
            return reply
        } catch {
            unreached()
            throw error
        }
    }

    /// A request retried with capped exponential backoff, jitter and `Retry-After` on network
    /// errors, 409 in flight, 429 and 5xx — always with the same idempotency key (never on a
    /// refused certificate: nothing was sent).
    func sendRetrying(_ method: HTTPMethod, _ path: String, json: Data? = nil, key: String? = nil) async throws(BoxOfficeError) -> HTTPReply {
        var lastError = BoxOfficeError.unreachable("no attempt")
        for attempt in 0..<max(1, configuration.retry.maxAttempts) {
            do throws(BoxOfficeError) {
                let reply = try await send(method, path, json: json, key: key)
                if !RetryPolicy.isRetryable(reply) { return reply }
                lastError = .unavailable(status: reply.status)
                try? await sleeper.sleep(seconds: configuration.retry.delay(attempt: attempt, retryAfter: reply.retryAfter))
            } catch {
                if case .untrusted = error { throw error }   // the same certificate would be refused again
                lastError = error
                try? await sleeper.sleep(seconds: configuration.retry.delay(attempt: attempt))
            }
        }
        throw lastError
    }

    /// Runs cart calls one at a time, in call order.
    func serialised<T: Sendable>(_ body: () async throws(BoxOfficeError) -> T) async throws(BoxOfficeError) -> T {
        if busy { await withCheckedContinuation { waiters.append($0) } } else { busy = true }
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }

    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    static func escape(_ component: String) -> String {
        component.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?&=#"))) ?? component
    }

    // MARK: Event, layout, availability

    /// Loads the event (categories, prices, limits).
    public func loadEvent(_ eventID: String) async throws(BoxOfficeError) -> EventInfo {
        let reply = try await sendRetrying(.GET, "/v1/events/\(Self.escape(eventID))")
        let info = try connection.decode(EventInfo.self, from: reply)
        if event?.eventID != info.eventID {
            seatStates = [:]
            availabilityRevision = nil
        }
        event = info
        return info
    }

    /// The event's layout document, from the disk cache when present (layouts are immutable).
    public func layoutDocument() async throws(BoxOfficeError) -> Data {
        guard let event else { throw .badResponse("load the event first") }
        let directory = (configuration.cacheDirectory as NSString).appendingPathComponent("layouts")
        // The box office's reply names the layout: an id that is not a plain file name is
        // fetched but never cached, so no reply can write outside the cache folder.
        let file = Self.layoutCacheName(event.layoutID).map { (directory as NSString).appendingPathComponent($0) }
        if let file, let cached = FileManager.default.contents(atPath: file) { return cached }
        let reply = try await sendRetrying(.GET, "/v1/layouts/\(Self.escape(event.layoutID))")
        guard reply.status == 200 else { _ = try connection.decode(JSONNull.self, from: reply); throw .badResponse("layout status \(reply.status)") }
        if let file {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Atomic: a kiosk killed mid-write must not leave half a layout to be read as cached.
            try? reply.body.write(to: URL(fileURLWithPath: file), options: .atomic)
        }
        return reply.body
    }

    /// `<layoutID>.json` when the id is a plain file name (1–128 of A–Z a–z 0–9 `-` `_` `.`, not
    /// starting with `.`); nil for anything that could name another folder or a hidden file.
    static func layoutCacheName(_ layoutID: String) -> String? {
        let bytes = Array(layoutID.utf8)
        guard (1...128).contains(bytes.count), bytes.first != UInt8(ascii: "."),
              bytes.allSatisfy({ b in
                  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                      || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
              }) else { return nil }
        return layoutID + ".json"
    }

    /// Fetches availability: a delta since the last revision, or the full sparse list.
    public func refreshAvailability() async throws(BoxOfficeError) {
        guard let event else { throw .badResponse("load the event first") }
        let query = availabilityRevision.map { "?since=\($0)" } ?? ""
        let reply = try await send(.GET, "/v1/events/\(Self.escape(event.eventID))/availability\(query)")
        let document = try connection.decode(AvailabilityDocument.self, from: reply)
        var delta = document.seatingDelta(since: availabilityRevision)
        if document.full {
            // A full list after a delta (the box office started over): seats it no longer names are free.
            for (seat, _) in seatStates where document.seats[seat] == nil {
                delta.changes.append(AvailabilityDelta.Change(seatID: seat, status: .available))
            }
            delta.changes.sort { $0.seatID < $1.seatID }
            seatStates = [:]
        }
        lastDelta = delta
        for (seat, state) in document.seats {
            seatStates[seat] = state == "free" ? nil : state
        }
        availabilityRevision = document.revision
        pollCount += 1
    }

    /// `free`, `held`, `sold` or `blocked` as last seen; this kiosk's own held seats read `held`.
    public func status(ofSeat seat: String) -> String { seatStates[seat] ?? "free" }

    // MARK: Hold

    /// Toggles a seat: the first tap creates the hold, later taps add or remove seats. A seat
    /// taken meanwhile throws `.seatsTaken` naming it (availability is refreshed first).
    @discardableResult
    public func tapSeat(_ seat: String) async throws(BoxOfficeError) -> HoldInfo {
        try await serialised { () async throws(BoxOfficeError) -> HoldInfo in
            guard let event else { throw .badResponse("load the event first") }
            let reply: HTTPReply
            if let hold, hold.status == "active" {
                let path = "/v1/holds/\(Self.escape(hold.holdID))/seats/\(Self.escape(seat))"
                let selected = hold.seats.contains { $0.seatGUID == seat }
                reply = try await sendRetrying(selected ? .DELETE : .PUT, path)
            } else {
                reply = try await sendRetrying(.POST, "/v1/events/\(Self.escape(event.eventID))/holds",
                                               json: Self.json(["seats": [seat]]), key: UUID().uuidString.lowercased())
            }
            do throws(BoxOfficeError) {
                let info = try connection.decode(HoldInfo.self, from: reply)
                hold = info
                return info
            } catch {
                if case .seatsTaken = error { try? await refreshAvailability() }
                if case .rejected(let problem) = error, problem.code == "hold_expired" || problem.code == "hold_not_active" { hold = nil }
                throw error
            }
        }
    }

    /// Asks for more time on the hold (`POST /v1/holds/{hold_id}/extend`): it then expires
    /// `seconds` (1…3600) from now on the server, capped at the event's `hold_max_total_seconds`
    /// after the hold was created and never earlier than before. Returns the hold as the server
    /// reports it (`expiresInSeconds` is the new time left); `.noHold` without an active hold.
    @discardableResult
    public func extendHold(seconds: Int) async throws(BoxOfficeError) -> HoldInfo {
        try await serialised { () async throws(BoxOfficeError) -> HoldInfo in
            guard let hold, hold.status == "active" else { throw .noHold }
            let reply = try await sendRetrying(.POST, "/v1/holds/\(Self.escape(hold.holdID))/extend",
                                               json: Self.json(["seconds": min(max(seconds, 1), 3600)]))
            do throws(BoxOfficeError) {
                let info = try connection.decode(HoldInfo.self, from: reply)
                self.hold = info
                return info
            } catch {
                if case .rejected(let problem) = error, problem.code == "hold_expired" || problem.code == "hold_not_active" { self.hold = nil }
                throw error
            }
        }
    }

    /// Releases the hold (best effort; the server expires it anyway) and forgets the selection.
    public func reset() async {
        try? await serialised { () async throws(BoxOfficeError) -> Void in
            if let hold { _ = try? await send(.DELETE, "/v1/holds/\(Self.escape(hold.holdID))") }
            hold = nil
        }
    }

    // MARK: Order

    /// Converts the hold into an order. The intent is journaled before the first send; retries
    /// reuse its key; a timeout is an unknown outcome, reconciled by `client_order_ref`.
    public func buy() async throws(BoxOfficeError) -> OrderInfo {
        try await serialised { () async throws(BoxOfficeError) -> OrderInfo in
            guard let hold, !hold.seats.isEmpty else { throw .noHold }
            let entry: PurchaseJournal.Entry
            do { entry = try journal.begin(eventID: hold.eventID, holdID: hold.holdID, expectedTotal: hold.total, now: now()) } catch {
                throw .badResponse("journal write failed: \(error)")  // never send what is not journaled
            }
            let order = try await submit(entry)
            self.hold = nil
            return order
        }
    }

    /// Sends a journaled intent until its outcome is known. Only a definitive refusal
    /// (`isDefinitiveRefusal`) marks it rejected; anything else — no answer, a 2xx that does not
    /// decode, a 401 — may hide a sale, so the order is looked up and, when that does not
    /// answer either, the entry stays pending and `.outcomeUnknown` is thrown.
    func submit(_ entry: PurchaseJournal.Entry) async throws(BoxOfficeError) -> OrderInfo {
        let body = Self.json(["client_order_ref": entry.clientOrderRef, "hold_id": entry.holdID,
                              "expected_total": ["amount_minor": entry.expectedTotal.amountMinor, "currency": entry.expectedTotal.currency]])
        let reply: HTTPReply
        do throws(BoxOfficeError) {
            reply = try await sendRetrying(.POST, "/v1/orders", json: body, key: entry.idempotencyKey)
        } catch {
            return try await settleByLookup(entry, after: error)
        }
        do throws(BoxOfficeError) {
            let order = try connection.decode(OrderInfo.self, from: reply)
            try? journal.markConfirmed(clientOrderRef: entry.clientOrderRef, orderID: order.orderID, now: now())
            return order
        } catch {
            guard Self.isDefinitiveRefusal(error) else {
                // A 2xx that does not decode is a sale whose receipt was lost.
                return try await settleByLookup(entry, after: error)
            }
            try? journal.markRejected(clientOrderRef: entry.clientOrderRef, reason: "\(error)", now: now())
            throw error
        }
    }

    /// After an answer that does not settle `entry`: the order as the server has it, else
    /// `.outcomeUnknown` with the entry left pending for `resolveJournal()`.
    private func settleByLookup(_ entry: PurchaseJournal.Entry, after error: BoxOfficeError) async throws(BoxOfficeError) -> OrderInfo {
        try? journal.noteError(clientOrderRef: entry.clientOrderRef, "\(error)", now: now())
        if let order = try? await lookup(clientOrderRef: entry.clientOrderRef) { return order }
        unresolvedPurchases = true
        throw .outcomeUnknown(clientOrderRef: entry.clientOrderRef)
    }

    /// Whether `error` settles a purchase as refused: seats taken, or a problem the box office
    /// answered about the order itself. Not a refused token (401, 403), a route the server does
    /// not know (a proxy in between), nor anything that is no answer.
    static func isDefinitiveRefusal(_ error: BoxOfficeError) -> Bool {
        switch error {
        case .seatsTaken: true
        case .rejected(let problem): ![401, 403].contains(problem.status) && problem.code != "route_not_found"
        default: false
        }
    }

    /// The server's order for a `client_order_ref`, marked confirmed in the journal; nil when the
    /// server says it has none (404 `order_not_found`). Any other answer — a refused token, an
    /// error, a body that does not decode — is not an answer about the order: it throws.
    func lookup(clientOrderRef: String) async throws(BoxOfficeError) -> OrderInfo? {
        let reply = try await send(.GET, "/v1/orders?client_order_ref=\(Self.escape(clientOrderRef))")
        if reply.status == 404 && reply.problem?.code == "order_not_found" { return nil }
        guard reply.status == 200 else {
            _ = try connection.decode(JSONNull.self, from: reply)   // the problem, as an error
            throw .badResponse("order lookup answered \(reply.status)")
        }
        let order = try connection.decode(OrderInfo.self, from: reply)
        try? journal.markConfirmed(clientOrderRef: clientOrderRef, orderID: order.orderID, now: now())
        return order
    }

    /// Resolves every pending journal entry: looks its order up by `client_order_ref`; when the
    /// server says it has none, re-sends the same request with the same key (the server replays
    /// or executes it once). Only a definitive answer resolves an entry — the order found, or
    /// taken or refused for its own reasons (`isDefinitiveRefusal`); after any other it stays
    /// pending. Until nothing is pending the kiosk serves no visitor.
    @discardableResult
    public func resolveJournal() async -> JournalResolution {
        var result = JournalResolution()
        let pending = (try? journal.entries(.pending)) ?? []
        for entry in pending {
            do throws(BoxOfficeError) {
                if try await lookup(clientOrderRef: entry.clientOrderRef) != nil { result.confirmed += 1; continue }
                _ = try await submit(entry)
                result.confirmed += 1
            } catch {
                if Self.isDefinitiveRefusal(error) { result.rejected += 1 } else { result.pending += 1 }
            }
        }
        journalResolved = result.pending == 0
        unresolvedPurchases = result.pending > 0
        return result
    }
}

/// Decodes any JSON and keeps nothing (used to surface a problem document).
struct JSONNull: Decodable {}
