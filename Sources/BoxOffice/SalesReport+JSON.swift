extension SalesReport {
    /// The report as `GET /v1/reports/sales` answers it (amounts in minor units of `currency`).
    public var json: JSONValue {
        func sales(_ rows: [Sales], _ key: String) -> JSONValue {
            .array(rows.map { [key: .string($0.key), "orders": .int(Int64($0.orders)), "tickets": .int(Int64($0.tickets)), "revenue_minor": .int($0.revenueMinor)] })
        }
        return [
            "event_id": .string(eventID), "currency": .string(currency),
            "categories": .array(categories.map {
                ["name": .string($0.name), "sold": .int(Int64($0.sold)), "held": .int(Int64($0.held)), "free": .int(Int64($0.free)),
                 "blocked": .int(Int64($0.blocked)), "revenue_minor": .int($0.revenueMinor)]
            }),
            "kiosks": sales(kiosks, "kiosk_id"),
            "hours": sales(hours, "hour"),
        ]
    }
}

extension OrderListing {
    /// One order as `GET /v1/reports/orders` lists it (amounts in minor units of `currency`).
    public var json: JSONValue {
        ["order_id": .string(orderID), "code": .string(code), "event_id": .string(eventID), "kiosk_id": .string(kioskID),
         "created_at": .string(Timestamp.iso(createdAt)), "seats": .array(seats.map(JSONValue.string)),
         "cancelled_seats": .array(cancelledSeats.map(JSONValue.string)), "total_minor": .int(totalMinor),
         "refund_minor": .int(refundMinor), "currency": .string(currency)]
    }
}
