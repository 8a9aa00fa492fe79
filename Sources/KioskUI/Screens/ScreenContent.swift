import Raster
import Seating

/// What the chrome shows that is fixed for a session: the strings in the kiosk's language, the
/// event's name and date, the legend's entries and how money is written. Made once per
/// session, so a frame builds no strings for them.
struct ScreenContent {
    /// One entry of the legend: a seat status (a category's free seats, or another status) as
    /// the map draws it, and its label.
    struct LegendEntry {
        var status: SeatLook.Status
        /// "Category 1 · €65.00", "Held".
        var label: String
    }

    var strings: KioskStrings
    var eventName: String
    /// "Sat 14 Mar 2026 · 20:45"; nil without a date.
    var eventDate: String?
    /// The map's looks, for the legend's swatches.
    var map: MapStyle
    /// Up to four categories in the venue's order, then held and sold, then (room allowing)
    /// the visitor's own and unavailable seats: at most `legendPlaces`.
    var legend: [LegendEntry]
    var currency: String
    var boxOfficeConfigured: Bool
    /// The language's money and date formats; nil in English (the kiosk's own forms).
    var formats: LocaleFormats?
    /// The shown language's own name on the language button ("Deutsch"); nil when the kiosk
    /// offers one language (no button).
    var languageName: String?

    /// The legend's places (`KioskLayout.legendCells`) and how many of them categories may take.
    static let legendPlaces = KioskLayout.legendPlaces
    static let legendCategories = 4

    init(venue: Venue, configuration: KioskSession.Configuration, checkout: Checkout) {
        let strings = configuration.strings
        self.strings = strings
        eventName = configuration.eventName
        languageName = configuration.languages.offered.count > 1 ? configuration.language.nativeName : nil
        let formats = strings.catalog.flatMap { $0.language.catalogName == nil ? nil : LocaleFormats(language: $0.language) }
        self.formats = formats
        eventDate = configuration.eventDate.map { formats?.date($0) ?? strings.dateAndTime($0) }
        currency = configuration.currency
        boxOfficeConfigured = configuration.boxOfficeConfigured
        map = MapStyle(venue: venue, patternScale: MapStyle.patternScale(pixelsPerMillimetre: configuration.pixelsPerMillimetre))
        legend = venue.categories.prefix(Self.legendCategories).enumerated().map { i, category in
            var label = category.name
            if let p = checkout.price(ofCategory: i) {
                label = KioskStrings.fill(strings.categoryAndPrice, ("name", category.name),
                                          ("price", formats?.money(minor: p, currency: configuration.currency)
                                                        ?? MoneyFormat.string(minor: p, currency: configuration.currency)))
            }
            return LegendEntry(status: .free(category: i), label: label)
        }
        let statuses: [LegendEntry] = [.init(status: .held, label: strings.held), .init(status: .sold, label: strings.sold),
                                       .init(status: .selected, label: strings.yourSeats),
                                       .init(status: .blocked, label: strings.unavailable)]
        legend += statuses.prefix(Self.legendPlaces - legend.count)
    }

    /// "3 tickets · €195.00".
    func ticketsAndTotal(_ tickets: Int, total: Int) -> String {
        KioskStrings.fill(strings.counted(\.ticketsAndTotal, tickets), ("total", money(total)))
    }

    /// `minor` units of the session's currency as the language writes money.
    func money(_ minor: Int) -> String {
        money(minor, currency: currency)
    }

    /// `minor` units of `currency` (a receipt's own) as the language writes money: every price
    /// the visitor sees or hears goes through here, so cart, receipt, lists and speech agree.
    func money(_ minor: Int, currency: String) -> String {
        formats?.money(minor: minor, currency: currency) ?? MoneyFormat.string(minor: minor, currency: currency)
    }
}
