/// Accessibility and sight-line flags of a seat (as seats.io's seat flags).
public struct SeatFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A wheelchair space.
    public static let wheelchair = SeatFlags(rawValue: 1)
    /// A seat for the companion of a wheelchair user.
    public static let companion = SeatFlags(rawValue: 2)
    /// The view of the field is partly blocked; shown to buyers before they choose the seat.
    public static let restrictedView = SeatFlags(rawValue: 4)

    /// The flags with their names in the venue file, in file order.
    public static let named: [(String, SeatFlags)] = [
        ("wheelchair", .wheelchair), ("companion", .companion), ("restricted_view", .restrictedView),
    ]
}
