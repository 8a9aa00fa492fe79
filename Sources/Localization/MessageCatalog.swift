import CIntl
import Glibc
import Synchronization

/// One language's messages, read through glibc's libintl from compiled GNU gettext catalogs
/// (`<directory>/<catalogName>/LC_MESSAGES/tribune.mo`, built by `msgfmt` from po/).
///
/// Thread-safe and process-neutral: no environment variables and no `setlocale`; each lookup
/// switches the calling thread to the language's LC_MESSAGES locale (`uselocale`) around
/// `dgettext`/`dngettext` and restores the thread's locale. The domain's directory binding is
/// process-wide in libintl, so lookups hold one lock and rebind when another catalog's
/// directory was bound last (tests load the pseudo-locale's root beside the shipped one).
/// English has no catalog: its messages are the msgids.
public final class MessageCatalog: @unchecked Sendable {
    /// The gettext text domain: the .mo files' name.
    public static let domain = "tribune"

    public let language: KioskLanguage
    /// The catalog root (its language directories below it).
    public let directory: String
    /// The language's LC_MESSAGES locale, made once and freed with the catalog.
    private let locale: locale_t

    /// The directory libintl has the domain bound to, under the lock every lookup holds.
    private static let boundDirectory = Mutex<String?>(nil)

    /// Opens `language`'s catalog under `directory`. Throws when the language's locale is not
    /// generated on this machine or its .mo file is missing.
    public init(directory: String, language: KioskLanguage) throws(MessageCatalogError) {
        if let name = language.catalogName {
            let path = Self.path(directory: directory, catalogName: name)
            guard access(path, R_OK) == 0 else { throw MessageCatalogError(.catalogMissing(path: path), language: language.tag) }
        }
        guard let made = newlocale(LC_MESSAGES_MASK, language.localeName, nil) else {
            throw MessageCatalogError(.localeMissing(locale: language.localeName, errno: errno), language: language.tag)
        }
        // Bound before the object is whole: a throw after that would run `deinit` too, freeing
        // the locale a second time.
        let failed = Self.boundDirectory.withLock { bound -> Int32? in
            Self.bind(directory, &bound)
        }
        if let failed {
            freelocale(made)
            throw MessageCatalogError(.bindingFailed(directory: directory, errno: failed), language: language.tag)
        }
        self.locale = made
        self.language = language
        self.directory = directory
    }

    deinit { freelocale(locale) }

    /// Where `catalogName`'s compiled messages live under `directory`.
    public static func path(directory: String, catalogName: String) -> String {
        directory + "/" + catalogName + "/LC_MESSAGES/" + domain + ".mo"
    }

    /// The translation of `msgid` (the English text), or `msgid` itself where the catalog has none.
    public func text(_ msgid: String) -> String {
        lookup { msgid.withCString { String(cString: dgettext(Self.domain, $0)) } }
    }

    /// The translation of `msgid` in `context` (a `msgctxt`: one English word, two translations).
    public func text(_ msgid: String, context: String) -> String {
        // dpgettext is a macro of gettext.h: the key is context EOT msgid; a miss returns the key.
        let key = context + "\u{4}" + msgid
        let found = lookup { key.withCString { String(cString: dgettext(Self.domain, $0)) } }
        return found == key ? msgid : found
    }

    /// The form of `singular`/`plural` (the English msgid pair) for `count`, by the catalog's
    /// Plural-Forms (English's rule, n != 1, without a translation).
    public func plural(_ singular: String, _ plural: String, count: Int) -> String {
        let n = UInt(count.magnitude)
        return lookup {
            singular.withCString { s in plural.withCString { p in String(cString: dngettext(Self.domain, s, p, n)) } }
        }
    }

    /// `body` on this thread under the language's LC_MESSAGES, with the domain bound here.
    private func lookup(_ body: () -> String) -> String {
        Self.boundDirectory.withLock { bound -> String in
            if bound != directory, Self.bind(directory, &bound) != nil { return body() }
            let previous = uselocale(locale)
            defer { uselocale(previous) }
            return body()
        }
    }

    /// Binds the domain to `directory` (UTF-8 output); the errno on failure.
    private static func bind(_ directory: String, _ bound: inout String?) -> Int32? {
        guard bindtextdomain(domain, directory) != nil, bind_textdomain_codeset(domain, "UTF-8") != nil else { return errno }
        bound = directory
        return nil
    }
}

extension MessageCatalog: Equatable {
    /// The same catalog object (one per language per loaded root).
    public static func == (a: MessageCatalog, b: MessageCatalog) -> Bool { a === b }
}
