/// What an identifier may hold. Every id the API takes (in a path, a query, a header or a body)
/// is refused when it carries a control character (C0, DEL or C1): SQLite's C interface ends text
/// at NUL, so `evt_a%00junk` would otherwise answer for `evt_a` and two `client_order_ref` values
/// that differ after a NUL would collide; the others have no business in an id and break logs.
enum IdentifierRules {
    /// The first control character in `value`, if any.
    static func controlCharacter(in value: some StringProtocol) -> Unicode.Scalar? {
        value.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Throws `400 invalid_identifier` naming `field` and the character's code point.
    static func check(_ value: some StringProtocol, field: String) throws(APIProblem) {
        guard let bad = controlCharacter(in: value) else { return }
        let codePoint = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
        throw APIProblem.badRequest("invalid_identifier", "'\(field)' contains the control character \(codePoint); identifiers may not contain control characters.",
                                    extra: ["field": .string(field)])
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
