/// Why a language's messages cannot be read, naming the locale or file.
public struct MessageCatalogError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// glibc has no such locale generated (newlocale failed with `errno`).
        case localeMissing(locale: String, errno: Int32)
        /// The compiled catalog is not there (or not readable).
        case catalogMissing(path: String)
        /// bindtextdomain / bind_textdomain_codeset failed (out of memory: `errno`).
        case bindingFailed(directory: String, errno: Int32)
    }

    public let kind: Kind
    /// The language asked for.
    public let language: String

    public init(_ kind: Kind, language: String) {
        self.kind = kind
        self.language = language
    }

    public var description: String {
        switch kind {
        case .localeMissing(let locale, let errno):
            return "language \(language): the locale \(locale) is not installed (newlocale: errno \(errno)); "
                + "install locales / run scripts/install-deps.sh"
        case .catalogMissing(let path):
            return "language \(language): no message catalog at \(path) (make catalogs / scripts/build-catalogs.sh builds it)"
        case .bindingFailed(let directory, let errno):
            return "language \(language): bindtextdomain to \(directory) failed (errno \(errno))"
        }
    }
}
