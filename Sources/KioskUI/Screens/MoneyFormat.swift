/// Prices as visitors read them: minor units (cents) with two decimals, the currency's sign in
/// front for the common ones ("€65.00", "$12.50", "£9.00"), the ISO code after otherwise
/// ("65.00 CHF"). Deterministic: no locale.
public enum MoneyFormat {
    public static func string(minor: Int, currency: String) -> String {
        let negative = minor < 0
        let m = minor.magnitude
        let cents = m % 100
        let amount = "\(m / 100).\(cents < 10 ? "0" : "")\(cents)"
        let sign = negative ? "−" : ""
        switch currency.uppercased() {
        case "EUR": return sign + "€" + amount
        case "USD": return sign + "$" + amount
        case "GBP": return sign + "£" + amount
        default: return sign + amount + " " + currency
        }
    }
}
