import Localization

/// The languages a kiosk offers its visitors, each with its strings read once from the message
/// catalogs (so switching is instant and cannot fail mid-session), the configured default every
/// new visitor starts in, and the one shown now.
public struct KioskLanguages: Sendable, Equatable {
    /// In the order the language list shows them.
    public private(set) var offered: [KioskLanguage]
    /// Where each new visitor starts (`[language] default`).
    public private(set) var defaultLanguage: KioskLanguage
    /// Each offered language's strings, by tag.
    private var strings: [String: KioskStrings]

    /// English only: the kiosk without catalogs.
    public static let englishOnly = KioskLanguages(strings: [(.english, .english)], defaultLanguage: .english)

    /// `offered`'s catalogs read from `directory` (`<directory>/<name>/LC_MESSAGES/tribune.mo`);
    /// throws for the first language whose locale or catalog is missing. `defaultLanguage` must
    /// be one of `offered`.
    public init(catalogs directory: String, offered: [KioskLanguage], defaultLanguage: KioskLanguage) throws(MessageCatalogError) {
        var pairs: [(KioskLanguage, KioskStrings)] = []
        for language in offered {
            let catalog = try MessageCatalog(directory: directory, language: language)
            pairs.append((language, language.catalogName == nil ? .english : KioskStrings(catalog: catalog)))
        }
        self.init(strings: pairs, defaultLanguage: defaultLanguage)
    }

    /// Languages with strings given by hand (tests' fixtures); the first is the default unless
    /// `defaultLanguage` names another of them.
    public init(strings pairs: [(KioskLanguage, KioskStrings)], defaultLanguage: KioskLanguage? = nil) {
        let languages = pairs.map(\.0)
        offered = languages
        strings = Dictionary(pairs.map { ($0.0.tag, $0.1) }, uniquingKeysWith: { first, _ in first })
        if let wanted = defaultLanguage, languages.contains(wanted) {
            self.defaultLanguage = wanted
        } else {
            self.defaultLanguage = languages.first ?? .english
        }
    }

    /// `language`'s strings (English's for a language not offered).
    public func strings(for language: KioskLanguage) -> KioskStrings {
        strings[language.tag] ?? .english
    }

    /// The language after `language` in the offered order (the language button's tap), wrapping.
    public func after(_ language: KioskLanguage) -> KioskLanguage {
        guard let i = offered.firstIndex(of: language), !offered.isEmpty else { return defaultLanguage }
        return offered[(i + 1) % offered.count]
    }
}
