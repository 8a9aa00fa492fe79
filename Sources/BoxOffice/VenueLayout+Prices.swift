extension VenueLayout {
    /// An event's prices on this layout: its currency and each category's price in minor units.
    public struct EventPrices: Sendable, Equatable {
        public var currency: String
        /// Category name → amount in minor units of `currency`, for every category of the layout.
        public var amounts: [String: Int64]
    }

    /// Each category's price: `overrides[name]`, else the venue's own price (Tribune venue
    /// files), else `defaultPrice`; a category with none of them is an error, so nothing is
    /// sold at a price nobody chose. The currency is `currency`, else the one currency of the
    /// venue's categories, else EUR; a venue price in another currency than the event's is an
    /// error (naming the category's JSON path) unless `overrides` prices that category.
    public func eventPrices(overrides: [String: Int64] = [:], defaultPrice: Int64? = nil,
                            currency: String? = nil) throws(SetupError) -> EventPrices {
        let names = categories.map(\.name)
        let unknown = Set(overrides.keys).subtracting(names)
        guard unknown.isEmpty else {
            throw SetupError("--price names unknown categor\(unknown.count == 1 ? "y" : "ies") \(unknown.sorted().joined(separator: ", ")); the venue has \(names.joined(separator: ", "))")
        }
        if let negative = overrides.filter({ $0.value < 0 }).keys.sorted().first {
            throw SetupError("--price \(negative): the amount must be ≥ 0 (minor units)")
        }
        if let defaultPrice, defaultPrice < 0 { throw SetupError("--default-price must be ≥ 0 (minor units), got \(defaultPrice)") }
        let venueCurrencies = Set(categories.filter { overrides[$0.name] == nil }.compactMap(\.currency))
        let eventCurrency = currency ?? (venueCurrencies.count == 1 ? venueCurrencies.first! : nil) ?? categories.compactMap(\.currency).first ?? "EUR"
        var amounts: [String: Int64] = [:]
        for category in categories {
            if let amount = overrides[category.name] {
                amounts[category.name] = amount
            } else if let amount = category.priceMinor {
                if let venueCurrency = category.currency, venueCurrency != eventCurrency {
                    throw SetupError("\(category.jsonPath).price.currency: category \(category.name) costs \(amount) \(venueCurrency) but the event sells in \(eventCurrency); give --price \(category.name)=AMOUNT in \(eventCurrency) or --currency \(venueCurrency)")
                }
                amounts[category.name] = amount
            } else if let defaultPrice {
                amounts[category.name] = defaultPrice
            } else {
                throw SetupError("category \(category.name) (\(category.jsonPath)) has no price: this \(format == .pretixSeatingPlan ? "pretix seating plan" : "layout") carries none; give --price \(category.name)=AMOUNT or --default-price AMOUNT")
            }
        }
        return EventPrices(currency: eventCurrency, amounts: amounts)
    }
}
