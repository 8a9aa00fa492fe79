import Localization

/// The strings as message catalog entries (po/tribune.pot) and read back from a catalog.
///
/// The msgids are the English strings exactly. A template with `{count}` is a plural entry
/// (msgid / msgid_plural, looked up with dngettext at use with its count: `counted`), its
/// English singular written out in `pluralSingulars` (or another field's string, like
/// `oneTicketAndTotal`, which is then that entry's msgid rather than one of its own).
extension KioskStrings {
    /// One entry of the catalog: a message, or a plural message (`plural` set).
    public struct CatalogEntry: Equatable, Sendable {
        public var msgid: String
        public var plural: String?
        /// The fields that show it ("ticketsAndTotal"), for the translators' comments.
        public var fields: [String]
    }

    /// English plural template → its English singular (the msgid of the plural entry).
    public static let pluralSingulars: [String: String] = [
        "{count} tickets · {total}": "1 ticket · {total}",
        "You've bought {count} tickets.": "You've bought 1 ticket.",
        "{count} seats · Change": "1 seat · Change",
        "At most {count} tickets per purchase": "At most {count} ticket per purchase",
        "+ {count} more": "+ {count} more",
        "{count} seats together here": "{count} seat together here",
        "{count} seats added, side by side": "{count} seat added",
        "From this seat, {count} seats would leave a single seat empty": "From this seat, {count} seat would leave a single seat empty",
        "{count} seats side by side do not fit here": "{count} seat does not fit here",
        "No {count} seats side by side are free in {section}": "No seat is free in {section}",
        "No {count} seats side by side are free": "No seat is free",
        "No wheelchair space for {count} is free": "No wheelchair space for {count} is free",
        "{count} seats": "1 seat",
        "{count} seats free": "1 seat free",
        "{count} wheelchair spaces": "1 wheelchair space",
        "{count} items.": "1 item.",
    ]

    /// Fields the catalogs leave out: the header's date, which Foundation writes per locale.
    static var uncataloged: Set<WritableKeyPath<KioskStrings, String>> { [\.dateAndTime] }

    /// Every field's name, for the translators' comments (the key paths' own description).
    static func fieldName(_ field: WritableKeyPath<KioskStrings, String>) -> String {
        String(describing: field).split(separator: ".").last.map(String.init) ?? ""
    }

    /// The catalog's entries in the fields' order, each msgid once.
    public static var catalogEntries: [CatalogEntry] {
        let english = KioskStrings.english
        let singularOf = Set(pluralSingulars.compactMap { english.hasField(withText: $0.key) ? $0.value : nil })
        var entries: [CatalogEntry] = []
        var index: [String: Int] = [:]
        for field in fields where !uncataloged.contains(field) {
            let text = english[keyPath: field]
            let entry: CatalogEntry
            if let singular = pluralSingulars[text] {
                entry = CatalogEntry(msgid: singular, plural: text, fields: [])
            } else if singularOf.contains(text) {
                // A singular field ("1 ticket · {total}"): its plural entry carries it.
                let plural = pluralSingulars.filter { $0.value == text }.map(\.key).sorted()[0]
                entry = CatalogEntry(msgid: text, plural: plural, fields: [])
            } else {
                entry = CatalogEntry(msgid: text, plural: nil, fields: [])
            }
            if let i = index[entry.msgid] {
                entries[i].fields.append(fieldName(field))
            } else {
                index[entry.msgid] = entries.count
                entries.append(CatalogEntry(msgid: entry.msgid, plural: entry.plural, fields: [fieldName(field)]))
            }
        }
        return entries
    }

    func hasField(withText text: String) -> Bool {
        Self.fields.contains { self[keyPath: $0] == text }
    }

    /// The strings of `catalog`'s language: each field its translation; a plural field holds the
    /// form for 2 and its singular field the form for 1 (`counted` asks for the form of the count).
    public init(catalog: MessageCatalog) {
        self = .english
        self.catalog = catalog
        let english = KioskStrings.english
        for field in Self.fields where !Self.uncataloged.contains(field) {
            let text = english[keyPath: field]
            if let singular = Self.pluralSingulars[text] {
                self[keyPath: field] = catalog.plural(singular, text, count: 2)
            } else if let plural = Self.pluralSingulars.first(where: { $0.value == text })?.key {
                self[keyPath: field] = catalog.plural(text, plural, count: 1)
            } else {
                self[keyPath: field] = catalog.text(text)
            }
        }
    }

    /// `field`'s template (a plural one: "{count} tickets · {total}") in the form for `count`,
    /// with `{count}` filled: dngettext with the catalog, English's rule without one (then a
    /// singular field of its own, if one holds the singular, stands for 1).
    public func counted(_ field: WritableKeyPath<KioskStrings, String>, _ count: Int) -> String {
        let englishPlural = KioskStrings.english[keyPath: field]
        let singular = Self.pluralSingulars[englishPlural] ?? englishPlural
        let form: String
        if let catalog {
            form = catalog.plural(singular, englishPlural, count: count)
        } else if count == 1 {
            // A table of strings set by hand (a test's fixture) keeps its own template for 1.
            let own = self[keyPath: field] == englishPlural ? singular : self[keyPath: field]
            form = Self.fields.first { KioskStrings.english[keyPath: $0] == singular }.map { self[keyPath: $0] } ?? own
        } else {
            form = self[keyPath: field]
        }
        return Self.fill(form, ("count", "\(count)"))
    }
}
