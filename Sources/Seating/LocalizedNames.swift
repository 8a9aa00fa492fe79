/// Translations of one display name from a venue file — the venue's `name`, a category's `name`,
/// a tribune's `label` — by language tag (the file's optional `names` / `labels` objects,
/// docs/venue-format.md). The plain name stays the one every reader falls back to; a translation
/// only replaces it on a kiosk showing that language.
///
/// Tags are the languages Tribune ships (`languageTags`), so a typo such as `"dr"` is an error in
/// the file rather than a translation nobody sees.
public struct LocalizedNames: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The language tags a venue file may translate into, in the order files are written: the
    /// kiosk's languages (Localization's `KioskLanguage` tags).
    public static let languageTags = ["en", "de", "es", "ar", "zh"]

    /// Each translation by its tag (one of `languageTags`); never an empty string.
    public private(set) var byLanguage: [String: String]

    /// `byLanguage`'s keys must be among `languageTags` and its names non-empty (the venue reader
    /// checks files; code that builds venues is held to the same rule).
    public init(_ byLanguage: [String: String] = [:]) {
        precondition(byLanguage.allSatisfy { Self.languageTags.contains($0.key) && !$0.value.isEmpty },
                     "LocalizedNames: tags must be among \(Self.languageTags) and names non-empty")
        self.byLanguage = byLanguage
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }

    public var isEmpty: Bool { byLanguage.isEmpty }

    /// The translations in `languageTags` order (the order the venue file is written in).
    public var ordered: [(tag: String, name: String)] {
        Self.languageTags.compactMap { tag in byLanguage[tag].map { (tag, $0) } }
    }

    /// The name for `languageTag`, else `plain`. The tag's primary language decides, so "de",
    /// "de-AT", "zh-Hans" and glibc's "zh_CN" all find their language; case does not matter.
    public func name(for languageTag: String, otherwise plain: String) -> String {
        byLanguage[Self.primaryLanguage(of: languageTag)] ?? plain
    }

    /// "zh" for "zh-Hans", "zh_CN.UTF-8" or "ZH".
    static func primaryLanguage(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" && $0 != "." }).lowercased()
    }
}

extension Venue {
    /// The venue's name in `languageTag` (see `LocalizedNames.name(for:otherwise:)`), else `name`.
    public func localizedName(for languageTag: String) -> String { names.name(for: languageTag, otherwise: name) }
}

extension SeatCategory {
    /// The category's name in `languageTag`, else `name`.
    public func localizedName(for languageTag: String) -> String { names.name(for: languageTag, otherwise: name) }
}

extension Tribune {
    /// The tribune's label in `languageTag`, else `label`.
    public func localizedLabel(for languageTag: String) -> String { labels.name(for: languageTag, otherwise: label) }
}

extension Venue {
    /// The venue as a visitor in `languageTag` reads it: its name, each category's name and
    /// each tribune's label replaced by their translations where there are any. Seats, rows and
    /// geometry are shared, not copied; so every view of the venue — chart labels, callouts,
    /// lists, receipts — speaks the language without each asking. Localize the venue as read
    /// (the plain names are gone from the result: from German, "en" finds no way back).
    public func localized(for languageTag: String) -> Venue {
        var v = self
        v.name = localizedName(for: languageTag)
        for i in v.categories.indices { v.categories[i].name = categories[i].localizedName(for: languageTag) }
        for i in v.tribunes.indices { v.tribunes[i].label = tribunes[i].localizedLabel(for: languageTag) }
        return v
    }
}
