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

        public init(section: String, row: String, seat: String) {
            self.section = section
            self.row = row
            self.seat = seat
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
}
