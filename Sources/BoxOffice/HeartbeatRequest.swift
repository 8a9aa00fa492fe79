/// `POST /v1/kiosks/heartbeat`: a kiosk's state, sent every `interval_seconds`; the token says
/// which kiosk it is.
struct HeartbeatRequest: Sendable {
    static let states: Set<String> = ["in_service", "out_of_service", "standalone"]

    /// `in_service`, `out_of_service` or `standalone`.
    var state: String
    /// The out-of-service code; only with `out_of_service`.
    var code: String?
    /// Whether the kiosk has its display and its touchscreen.
    var display: Bool
    var touch: Bool
    /// Seconds until the next heartbeat (the Offline rule counts in these).
    var intervalSeconds: Int64

    init(_ json: JSONValue) throws(APIProblem) {
        let f = try StrictFields(json, allowed: ["state", "code", "display", "touch", "interval_seconds"])
        state = try f.string("state", maxLength: 32)
        guard Self.states.contains(state) else {
            throw APIProblem.invalid("Field 'state' is '\(state)'; it must be one of \(Self.states.sorted().joined(separator: ", ")).",
                                     field: "state")
        }
        code = f.fields["code"] == nil ? nil : try f.string("code", maxLength: 64)
        if code != nil && state != "out_of_service" {
            throw APIProblem.invalid("Field 'code' is only for state 'out_of_service', not '\(state)'.", field: "code")
        }
        display = try f.bool("display")
        touch = try f.bool("touch")
        intervalSeconds = try f.int("interval_seconds", range: 1...86_400)
    }
}

extension StrictFields {
    func bool(_ key: String) throws(APIProblem) -> Bool {
        let value = try value(key)
        guard case .bool(let b) = value else {
            throw APIProblem.badRequest("wrong_type", "Field '\(path + key)' must be true or false, not \(value.typeName).",
                                        extra: ["field": .string(path + key)])
        }
        return b
    }
}
