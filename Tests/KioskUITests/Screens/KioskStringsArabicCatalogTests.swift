import Testing
@testable import KioskUI

/// The right-to-left tests lay out the shipped Arabic: it loads, and it is Arabic.
@Suite struct KioskStringsArabicCatalogTests {
    @Test func shippedArabicLoads() throws {
        let arabic = try KioskStrings.arabicCatalog.get()
        for field in KioskStrings.fields where KioskStrings.english[keyPath: field].hasWords {
            let text = arabic[keyPath: field]
            #expect(text.unicodeScalars.contains { ("\u{0600}"..."\u{06FF}").contains($0) }, "\(field) is not Arabic: \(text)")
        }
        #expect(arabic.buyTickets == "شراء التذاكر")
    }
}

private extension String {
    /// Whether a template has words outside its placeholders ("{name} · {price}" has none).
    var hasWords: Bool {
        replacing(/\{[a-z]+\}/, with: "").contains { $0.isLetter }
    }
}
