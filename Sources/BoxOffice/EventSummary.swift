/// One event's sales at a glance, for `tribune-boxoffice event list`.
public struct EventSummary: Sendable, Equatable {
    public var id: String
    public var name: String
    /// ISO 4217 code of `revenueMinor`.
    public var currency: String
    public var seats: Int
    public var free: Int
    /// Held by a hold that has not expired (an expired hold's seats count as free).
    public var held: Int
    /// In an order (pending payment or paid).
    public var sold: Int
    public var blocked: Int
    public var orders: Int
    /// Sum of the orders' totals, in minor units of `currency`.
    public var revenueMinor: Int64

    /// `evt_cup  "Cup Final"  12 seats: 10 free, 0 held, 2 sold, 0 blocked; 1 order, revenue 5000 CHF (minor units)`.
    public var line: String {
        "\(id)  \"\(name)\"  \(seats) seats: \(free) free, \(held) held, \(sold) sold, \(blocked) blocked; "
            + "\(orders) order\(orders == 1 ? "" : "s"), revenue \(revenueMinor) \(currency) (minor units)"
    }
}
