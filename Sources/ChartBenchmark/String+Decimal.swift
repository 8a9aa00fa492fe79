extension String {
    func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }

    /// "12345" (thousandths) → "12.345"; "-5" → "-0.005".
    func withDecimal() -> String {
        let negative = hasPrefix("-")
        var digits = negative ? String(dropFirst()) : self
        while digits.count < 4 { digits = "0" + digits }
        let i = digits.index(digits.endIndex, offsetBy: -3)
        return (negative ? "-" : "") + digits[..<i] + "." + digits[i...]
    }
}
