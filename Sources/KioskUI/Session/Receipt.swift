import QRCode

/// What the receipt screen shows for a completed order: the order code (in large type and as a
/// QR code), the seats bought and what they cost. Made once when the box office confirms the
/// order (`KioskSession.receipt(orderCode:seatIDs:)`), so a frame encodes nothing.
public struct Receipt: Hashable, Sendable {
    /// One ticket as the visitor finds it in the stadium.
    public struct Seat: Hashable, Sendable {
        /// The tribune's label ("Ring 1 · North 2").
        public var section: String
        public var row: String
        public var seat: String
        /// The seat's category as the venue names it ("" unknown).
        public var category: String
        /// What the seat cost, minor units of the receipt's currency (nil: not known).
        public var price: Int?

        public init(section: String, row: String, seat: String, category: String = "", price: Int? = nil) {
            self.section = section
            self.row = row
            self.seat = seat
            self.category = category
            self.price = price
        }
    }

    /// The box office's name for the order, which staff look it up by.
    public let orderCode: String
    /// In the venue's order (tribune, row, seat).
    public let seats: [Seat]
    /// Minor units of `currency`.
    public let total: Int
    public let currency: String
    /// `orderCode` as a QR code at medium correction, or why it could not be one (the receipt
    /// then shows the code in type only).
    public let symbol: Result<QRCode, QRCodeError>

    public init(orderCode: String, seats: [Seat], total: Int, currency: String) {
        self.orderCode = orderCode
        self.seats = seats
        self.total = total
        self.currency = currency
        symbol = Result { () throws(QRCodeError) in try QRCode(encoding: orderCode, correction: .medium) }
    }

    /// The seats by section: each run of consecutive seats of one section, its name and how
    /// many (seats come in the venue's order, so a section's seats are one run).
    public var sections: [(name: String, count: Int)] {
        var runs: [(name: String, count: Int)] = []
        for seat in seats {
            if let last = runs.last, last.name == seat.section { runs[runs.count - 1].count += 1 } else { runs.append((seat.section, 1)) }
        }
        return runs
    }
}
