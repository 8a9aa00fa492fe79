/// Strict reading of a request's JSON object: every field must be known, of the right type and
/// in range; each failure names the field.
struct StrictFields {
    let fields: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String = "", allowed: Set<String>) throws(APIProblem) {
        guard case .object(let fields) = value else {
            throw APIProblem.badRequest("wrong_type", "\(path.isEmpty ? "the body" : path) must be a JSON object, not \(value.typeName).",
                                        extra: ["field": .string(path)])
        }
        let unknown = fields.keys.filter { !allowed.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw APIProblem.badRequest("unknown_field", "Unknown field(s) \(unknown.map { path + $0 }.joined(separator: ", ")); allowed: \(allowed.sorted().joined(separator: ", ")).",
                                        extra: ["fields": .array(unknown.map { .string(path + $0) })])
        }
        self.fields = fields
        self.path = path
    }

    private func wrongType(_ key: String, expected: String, got: JSONValue) -> APIProblem {
        APIProblem.badRequest("wrong_type", "Field '\(path + key)' must be \(expected), not \(got.typeName).",
                              extra: ["field": .string(path + key)])
    }

    private func missing(_ key: String) -> APIProblem {
        APIProblem.badRequest("missing_field", "Field '\(path + key)' is required.", extra: ["field": .string(path + key)])
    }

    func value(_ key: String) throws(APIProblem) -> JSONValue {
        guard let value = fields[key] else { throw missing(key) }
        return value
    }

    func string(_ key: String, maxLength: Int = 200) throws(APIProblem) -> String {
        let value = try value(key)
        guard case .string(let s) = value else { throw wrongType(key, expected: "a string", got: value) }
        guard !s.isEmpty, s.utf8.count <= maxLength else {
            throw APIProblem.invalid("Field '\(path + key)' must have 1 to \(maxLength) bytes.", field: path + key)
        }
        try IdentifierRules.check(s, field: path + key)
        return s
    }

    func int(_ key: String, range: ClosedRange<Int64>) throws(APIProblem) -> Int64 {
        let value = try value(key)
        guard case .int(let v) = value else { throw wrongType(key, expected: "an integer", got: value) }
        guard range.contains(v) else {
            throw APIProblem.invalid("Field '\(path + key)' is \(v); it must be in \(range.lowerBound)...\(range.upperBound).", field: path + key)
        }
        return v
    }

    func strings(_ key: String, count: ClosedRange<Int>) throws(APIProblem) -> [String] {
        let value = try value(key)
        guard case .array(let items) = value else { throw wrongType(key, expected: "an array of strings", got: value) }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item, !s.isEmpty, s.utf8.count <= 200 else {
                throw APIProblem.badRequest("wrong_type", "Field '\(path + key)[\(i)]' must be a non-empty string, not \(item.typeName).",
                                            extra: ["field": .string("\(path + key)[\(i)]")])
            }
            try IdentifierRules.check(s, field: "\(path + key)[\(i)]")
            out.append(s)
        }
        guard count.contains(out.count) else {
            throw APIProblem.invalid("Field '\(path + key)' has \(out.count) items; it must have \(count.lowerBound) to \(count.upperBound).", field: path + key)
        }
        if Set(out).count != out.count {
            throw APIProblem.invalid("Field '\(path + key)' lists a seat twice.", field: path + key)
        }
        return out
    }

    func object(_ key: String, allowed: Set<String>) throws(APIProblem) -> StrictFields {
        try StrictFields(try value(key), path: path + key + ".", allowed: allowed)
    }
}

/// `POST /v1/events/{event_id}/holds`.
struct HoldRequest: Sendable {
    var seats: [String]

    init(_ json: JSONValue) throws(APIProblem) {
        let f = try StrictFields(json, allowed: ["seats"])
        seats = try f.strings("seats", count: 1...100)
    }
}

/// `POST /v1/holds/{hold_id}/extend`.
struct ExtendRequest: Sendable {
    var seconds: Int64

    init(_ json: JSONValue) throws(APIProblem) {
        let f = try StrictFields(json, allowed: ["seconds"])
        seconds = try f.int("seconds", range: 1...3600)
    }
}

/// `POST /v1/orders`.
struct OrderRequest: Sendable {
    var clientOrderRef: String
    var holdID: String
    var expectedAmountMinor: Int64
    var expectedCurrency: String

    init(_ json: JSONValue) throws(APIProblem) {
        let f = try StrictFields(json, allowed: ["client_order_ref", "hold_id", "expected_total"])
        clientOrderRef = try f.string("client_order_ref", maxLength: 100)
        holdID = try f.string("hold_id", maxLength: 100)
        let total = try f.object("expected_total", allowed: ["amount_minor", "currency"])
        expectedAmountMinor = try total.int("amount_minor", range: 0...1_000_000_000_000)
        expectedCurrency = try total.string("currency", maxLength: 3)
    }
}
