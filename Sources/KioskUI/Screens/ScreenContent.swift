import Raster
import Seating

/// What the chrome shows that is fixed for a session: the event's name, the legend's entries
/// and how money is written. Made once per session, so a frame builds no strings for them.
struct ScreenContent {
    /// One category in the legend: its outline colour and "Name · €65.00".
    struct LegendEntry {
        var label: String
        var color: Color
    }

    var eventName: String
    /// Up to four categories, in the venue's order.
    var legend: [LegendEntry]
    var currency: String
    var boxOfficeConfigured: Bool

    init(venue: Venue, configuration: KioskSession.Configuration, checkout: Checkout, fallback: Color) {
        eventName = configuration.eventName
        currency = configuration.currency
        boxOfficeConfigured = configuration.boxOfficeConfigured
        legend = venue.categories.prefix(4).enumerated().map { i, category in
            var label = category.name
            if let p = checkout.price(ofCategory: i) { label += " · " + MoneyFormat.string(minor: p, currency: configuration.currency) }
            return LegendEntry(label: label, color: (try? Color(hex: category.color)) ?? fallback)
        }
    }

    /// "3 tickets · €195.00".
    func ticketsAndTotal(_ tickets: Int, total: Int) -> String {
        "\(tickets) ticket\(tickets == 1 ? "" : "s") · \(MoneyFormat.string(minor: total, currency: currency))"
    }
}
