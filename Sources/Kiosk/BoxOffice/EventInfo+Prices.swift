import BoxOfficeClient

extension EventInfo {
    /// Each category's price as the screens take it: category name → minor units of `currency`.
    public var pricesByCategory: [String: Int] {
        var prices: [String: Int] = [:]
        for c in categories { prices[c.name] = Int(c.price.amountMinor) }
        return prices
    }
}
