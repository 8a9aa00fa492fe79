import Seating

/// The visitor's purchase in progress, apart from the screens: what the seats cost, which of
/// them the box office holds for us and until when, the requests waiting for the host to
/// perform, and the orders completed. The live kiosk and headless replay drive it through the
/// same `KioskSession`, so both queue the same requests for the same touches.
///
/// Money is in minor units of `currency`; times are seconds on the session's clock.
struct Checkout {
    /// Seat ids and categories come from here.
    let venue: Venue
    /// False: standalone (no box office): nothing is requested.
    let boxOfficeConfigured: Bool
    /// Price per category id, minor units (`setPrices` when the event arrives late).
    private(set) var prices: [String: Int]
    private(set) var currency: String

    /// Hold expiry per held seat (seat index, expiresAt), in the order holds were confirmed.
    private(set) var holds: [(seat: Int, expiresAt: Double)] = []
    /// Requests queued since the host last took them, in order.
    private(set) var requests: [BoxOfficeRequest] = []
    /// The latest completed orders (order ids, oldest first), at most `recentPurchasesKept`: a
    /// kiosk sells for months, and nothing may grow per visitor.
    private(set) var purchases: [String] = []
    /// Completed orders since the session started.
    private(set) var purchaseCount = 0
    static let recentPurchasesKept = 16
    private var lookup: SeatLookup?
    /// "More time" went to the box office and its answer is awaited.
    private(set) var extensionPending = false
    /// The box office gave no more time (the event's maximum hold time is reached): "More time"
    /// is not offered again for this hold.
    private(set) var extensionRefused = false

    init(venue: Venue, configuration: KioskSession.Configuration) {
        self.venue = venue
        boxOfficeConfigured = configuration.boxOfficeConfigured
        prices = configuration.prices
        currency = configuration.currency
    }

    /// The event's prices arrived after the session started: totals from now on use them.
    mutating func setPrices(_ prices: [String: Int], currency: String) {
        self.prices = prices
        self.currency = currency
    }

    /// The price of category `index` (in `venue.categories`), or nil when none is configured.
    func price(ofCategory index: Int) -> Int? {
        let categories = venue.categories
        guard categories.indices.contains(index) else { return nil }
        return prices[categories[index].id]
    }

    /// The total of `seats` (categories without a price count 0).
    func total(of seats: [Int]) -> Int {
        var sum = 0
        for s in seats { sum += price(ofCategory: Int(venue.seats[s].category)) ?? 0 }
        return sum
    }

    /// The earliest hold expiry, s (nil when nothing is held).
    var holdExpiresAt: Double? {
        var e: Double?
        for h in holds where e == nil || h.expiresAt < e! { e = h.expiresAt }
        return e
    }

    // MARK: - Requests

    /// The selection went from `before` to `after`: hold what was added, release what was
    /// taken out (forgetting its hold at once).
    mutating func selectionChanged(from before: [Int], to after: [Int]) {
        guard before != after else { return }
        for s in before where !after.contains(s) { holds.removeAll { $0.seat == s } }
        guard boxOfficeConfigured else { return }
        let ids = venue.seatIDs
        for s in after where !before.contains(s) { requests.append(.holdSeat(ids[s])) }
        for s in before where !after.contains(s) { requests.append(.releaseSeat(ids[s])) }
    }

    /// Asks to buy `seats` at the `total` the screen shows.
    mutating func requestPurchase(of seats: [Int], total: Int) {
        requests.append(.buy(seats: seats.map { venue.seatIDs[$0] }, expectedTotal: total))
    }

    /// Asks for more time on the hold (one request at a time).
    mutating func requestExtension() {
        guard boxOfficeConfigured, !extensionPending, !holds.isEmpty else { return }
        extensionPending = true
        requests.append(.extendHold)
    }

    /// The box office's answer to "More time": every held seat now expires at `expiresAt`.
    /// Returns false when it gave no more time than before (the cap), which ends the offer.
    mutating func extended(until expiresAt: Double) -> Bool {
        extensionPending = false
        let before = holdExpiresAt ?? -.infinity
        for k in holds.indices { holds[k].expiresAt = expiresAt }
        if expiresAt <= before { extensionRefused = true }
        return expiresAt > before
    }

    /// "More time" was not answered: it may be asked again.
    mutating func extensionUnanswered() { extensionPending = false }

    /// Queues `request` as it is (polls, and retries of what the box office did not answer).
    mutating func ask(_ request: BoxOfficeRequest) {
        if boxOfficeConfigured { requests.append(request) }
    }

    /// Whether the box office holds `seat` for us (a confirmed hold).
    func isHeld(_ seat: Int) -> Bool { holds.contains { $0.seat == seat } }

    /// The session ended: everything held goes back (when there is a box office to tell).
    mutating func requestReleaseAll() {
        if boxOfficeConfigured { requests.append(.releaseAll) }
    }

    /// The requests queued since the last call, in order.
    mutating func takeRequests() -> [BoxOfficeRequest] {
        defer { requests.removeAll() }
        return requests
    }

    // MARK: - Answers

    /// The venue's seat index for a box-office seat id.
    mutating func seatIndex(_ id: String) -> Int? {
        if lookup == nil { lookup = SeatLookup(venue: venue) }
        return lookup?.index(of: id)
    }

    /// The box office holds `seat` for us until `expiresAt`.
    mutating func held(_ seat: Int, until expiresAt: Double) {
        if let k = holds.firstIndex(where: { $0.seat == seat }) {
            holds[k].expiresAt = expiresAt
        } else {
            holds.append((seat, expiresAt))
        }
    }

    /// `seat` is no longer held for us.
    mutating func forgetHold(_ seat: Int) { holds.removeAll { $0.seat == seat } }

    /// Nothing is held for us any more (a later hold may be extended again).
    mutating func forgetHolds() {
        holds.removeAll()
        extensionPending = false
        extensionRefused = false
    }

    /// An order went through: its holds became tickets.
    mutating func completed(orderID: String) {
        purchases.append(orderID)
        if purchases.count > Self.recentPurchasesKept { purchases.removeFirst(purchases.count - Self.recentPurchasesKept) }
        purchaseCount += 1
        forgetHolds()
    }
}
