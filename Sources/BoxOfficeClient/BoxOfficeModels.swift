import Foundation

/// An amount of money in integer minor units (cents for EUR).
public struct Money: Codable, Sendable, Equatable {
    public var amountMinor: Int64
    public var currency: String

    public init(amountMinor: Int64, currency: String) {
        self.amountMinor = amountMinor
        self.currency = currency
    }

    enum CodingKeys: String, CodingKey {
        case amountMinor = "amount_minor"
        case currency
    }
}

/// `GET /v1/events/{event_id}`.
public struct EventInfo: Codable, Sendable, Equatable {
    public struct Category: Codable, Sendable, Equatable {
        public var name: String
        public var color: String
        public var price: Money
    }

    public struct Limits: Codable, Sendable, Equatable {
        public var maxSeatsPerOrder: Int
        public var noOrphanSeats: Bool
        public var holdTTLSeconds: Int
        public var holdMaxTotalSeconds: Int

        enum CodingKeys: String, CodingKey {
            case maxSeatsPerOrder = "max_seats_per_order", noOrphanSeats = "no_orphan_seats"
            case holdTTLSeconds = "hold_ttl_seconds", holdMaxTotalSeconds = "hold_max_total_seconds"
        }
    }

    public var eventID: String
    public var name: String
    public var layoutID: String
    public var currency: String
    public var categories: [Category]
    public var limits: Limits
    /// When the event starts (`starts_at`); nil when the box office has none. A malformed value
    /// fails the decoding, naming `starts_at`.
    public var startsAt: EventStart?

    enum CodingKeys: String, CodingKey {
        case eventID = "event_id", name, layoutID = "layout_id", currency, categories, limits, startsAt = "starts_at"
    }
}

/// One line of a hold or an order.
public struct SeatLine: Codable, Sendable, Equatable {
    public var seatGUID: String
    public var label: String
    public var category: String
    public var price: Money

    enum CodingKeys: String, CodingKey {
        case seatGUID = "seat_guid", label, category, price
    }
}

/// A hold as the server reports it.
public struct HoldInfo: Codable, Sendable, Equatable {
    public var holdID: String
    /// `active`, `expired`, `released` or `converted`.
    public var status: String
    public var eventID: String
    public var seats: [SeatLine]
    public var total: Money
    public var expiresInSeconds: Int

    enum CodingKeys: String, CodingKey {
        case holdID = "hold_id", status, eventID = "event_id", seats, total, expiresInSeconds = "expires_in_seconds"
    }
}

/// A confirmed order.
public struct OrderInfo: Codable, Sendable, Equatable {
    public var orderID: String
    public var code: String
    public var eventID: String
    public var clientOrderRef: String
    public var holdID: String
    public var lines: [SeatLine]
    public var total: Money

    enum CodingKeys: String, CodingKey {
        case orderID = "order_id", code, eventID = "event_id", clientOrderRef = "client_order_ref", holdID = "hold_id", lines, total
    }
}

/// `GET /v1/events/{event_id}/availability`.
public struct AvailabilityDocument: Codable, Sendable {
    public var revision: Int64
    public var full: Bool
    /// seat id → `free` / `held` / `sold` / `blocked`; sparse when `full`.
    public var seats: [String: String]
}

/// An RFC 9457 problem from the server.
public struct ProblemDocument: Codable, Sendable, Equatable {
    public struct Unavailable: Codable, Sendable, Equatable {
        public var seatGUID: String
        public var state: String
        enum CodingKeys: String, CodingKey { case seatGUID = "seat_guid", state }
    }

    public var status: Int
    public var code: String
    public var detail: String
    public var unavailable: [Unavailable]?
    public var seats: [String]?
}
