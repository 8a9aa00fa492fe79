/// A language the kiosk speaks: its tag (the configuration's and the catalogs' name for it),
/// the glibc locale its messages are looked up under, the direction its text runs, and its own
/// name written in itself (what the language button and its list show).
public struct KioskLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The configuration's name: "en", "de", "es", "ar", "zh" ("qps" for the pseudo-locale).
    public let tag: String
    /// The glibc locale whose LC_MESSAGES selects the catalog, e.g. "de_DE.UTF-8"; it must be
    /// generated on the machine (`locale -a`; scripts/install-deps.sh does it).
    public let localeName: String
    /// The directory under a catalog root holding `LC_MESSAGES/tribune.mo` ("de", "zh_CN"), the
    /// name of its .po file in po/; nil for English, whose messages are the msgids themselves.
    public let catalogName: String?
    /// Arabic: the chrome is mirrored and text runs right to left.
    public let isRightToLeft: Bool
    /// The language's name in itself: "Deutsch", "العربية".
    public let nativeName: String
    /// Foundation's locale identifier for numbers, money and dates ("de_DE").
    public let formatLocaleIdentifier: String

    public init(tag: String, localeName: String, catalogName: String?, isRightToLeft: Bool, nativeName: String,
                formatLocaleIdentifier: String) {
        self.tag = tag
        self.localeName = localeName
        self.catalogName = catalogName
        self.isRightToLeft = isRightToLeft
        self.nativeName = nativeName
        self.formatLocaleIdentifier = formatLocaleIdentifier
    }

    public var description: String { tag }

    public static let english = KioskLanguage(tag: "en", localeName: "en_US.UTF-8", catalogName: nil, isRightToLeft: false,
                                              nativeName: "English", formatLocaleIdentifier: "en_US")
    public static let german = KioskLanguage(tag: "de", localeName: "de_DE.UTF-8", catalogName: "de", isRightToLeft: false,
                                             nativeName: "Deutsch", formatLocaleIdentifier: "de_DE")
    public static let spanish = KioskLanguage(tag: "es", localeName: "es_ES.UTF-8", catalogName: "es", isRightToLeft: false,
                                              nativeName: "Español", formatLocaleIdentifier: "es_ES")
    public static let arabic = KioskLanguage(tag: "ar", localeName: "ar_EG.UTF-8", catalogName: "ar", isRightToLeft: true,
                                             nativeName: "العربية", formatLocaleIdentifier: "ar_EG")
    public static let chinese = KioskLanguage(tag: "zh", localeName: "zh_CN.UTF-8", catalogName: "zh_CN", isRightToLeft: false,
                                              nativeName: "中文", formatLocaleIdentifier: "zh_CN")

    /// The languages Tribune ships catalogs for, in the order the language list shows them.
    public static let shipped: [KioskLanguage] = [.english, .german, .spanish, .arabic, .chinese]

    /// The shipped language with `tag`, or nil.
    public static func shipped(tag: String) -> KioskLanguage? {
        shipped.first { $0.tag == tag }
    }

    /// The pseudo-locale for tests: every message marked (KioskStrings.pseudoLocalized), looked
    /// up through gettext like any language, under en_US.UTF-8 from a catalog root of its own
    /// (`<root>/en/LC_MESSAGES/tribune.mo`).
    public static let pseudo = KioskLanguage(tag: "qps", localeName: "en_US.UTF-8", catalogName: "en", isRightToLeft: false,
                                             nativeName: "[Pseudo]", formatLocaleIdentifier: "en_US")
}
