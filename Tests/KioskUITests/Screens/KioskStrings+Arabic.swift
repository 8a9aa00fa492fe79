import Localization
import TestFixtures
@testable import KioskUI

extension KioskStrings {
    /// The shipped Arabic (po/ar.po, compiled by msgfmt and read through `MessageCatalog`), for
    /// the right-to-left layout tests; the error when it cannot be read.
    static let arabicCatalog: Result<KioskStrings, any Error> = Result {
        KioskStrings(catalog: try MessageCatalog(directory: try MessageCatalogs.shippedRoot(), language: .arabic))
    }

    /// The shipped Arabic, or English when the catalog cannot be read (the tests that need
    /// Arabic text then fail, and `KioskStringsArabicCatalogTests` says why).
    static var arabic: KioskStrings { (try? arabicCatalog.get()) ?? .english }

    /// An event name in Arabic with Latin digits inside, for the header and the attract screen.
    static let arabicEventName = "نهائي الكأس 2026"
}
