import Foundation
import Localization

/// Money and the event's date as a language's locale writes them, by Foundation's formatters
/// (its bundled ICU data: the same output on every machine): "65,50 €" in German, Arabic-Indic
/// digits in Arabic, "2026年3月14日 周六 20:45" in Chinese. English keeps the kiosk's own
/// forms (`MoneyFormat`, `KioskStrings.dateAndTime`).
struct LocaleFormats {
    let language: KioskLanguage
    private let dateFormatter: DateFormatter
    private let moneyFormatter: NumberFormatter

    init(language: KioskLanguage) {
        self.language = language
        let locale = Locale(identifier: language.formatLocaleIdentifier)
        dateFormatter = DateFormatter()
        dateFormatter.locale = locale
        // EventDate is the event's wall-clock time already: read and written in one fixed zone.
        dateFormatter.timeZone = Self.zone
        dateFormatter.setLocalizedDateFormatFromTemplate("EEEdMMMyHHmm")
        moneyFormatter = NumberFormatter()
        moneyFormatter.locale = locale
        moneyFormatter.numberStyle = .currency
    }

    private static let zone = TimeZone(identifier: "UTC") ?? TimeZone.current

    /// The event's date and time, e.g. "Sa. 14. März 2026, 20:45".
    func date(_ d: EventDate) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        let parts = DateComponents(year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute)
        guard let date = calendar.date(from: parts) else { return "" }
        return dateFormatter.string(from: date)
    }

    /// `minor` units (cents) of `currency` (ISO code), e.g. "65,50 €".
    func money(minor: Int, currency: String) -> String {
        moneyFormatter.currencyCode = currency
        // Minor units are hundredths for the currencies the box office sells in.
        let amount = Decimal(minor) / 100
        return moneyFormatter.string(from: amount as NSDecimalNumber) ?? MoneyFormat.string(minor: minor, currency: currency)
    }
}
