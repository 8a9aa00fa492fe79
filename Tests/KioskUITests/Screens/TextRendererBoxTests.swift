import Testing
import Text
@testable import KioskUI

/// The chrome's fonts with Arabic: Noto Sans Arabic draws Arabic letters (DejaVu Sans the
/// Latin), HarfBuzz joins the letters through the chain, Arabic-Indic and Latin digits both have
/// glyphs, and a number inside Arabic keeps its digits in logical order left to right.
@Suite struct TextRendererBoxTests {
    let box = TextRendererBox()

    @Test func arabicComesFromNotoSansArabic() throws {
        let chain = try #require(box.regular, "DejaVu Sans missing")
        let arabic = try #require(chain.index(covering: "ش"))
        #expect(chain.fonts[arabic].path == TextRendererBox.arabicPath)
        #expect(chain.index(covering: "A") == 0, "Latin from DejaVu Sans")
        let bold = try #require(box.bold)
        #expect(bold.fonts[try #require(bold.index(covering: "ش"))].path == TextRendererBox.arabicBoldPath)
    }

    /// "ش" alone is its isolated form; at the start of "شراء" HarfBuzz gives its initial form,
    /// another glyph of the same font.
    @Test func arabicLettersJoin() throws {
        let chain = try #require(box.regular)
        let alone = TextLayout("ش", fonts: chain, fontSize: 40)
        let word = TextLayout("شراء", fonts: chain, fontSize: 40)
        let isolated = try #require(alone.glyphs.first).glyph
        // Right to left: the word's first letter is its rightmost glyph.
        let initial = try #require(word.glyphs.max { $0.position.x < $1.position.x }).glyph
        #expect(isolated != initial, "no joining: the initial form is the isolated glyph \(isolated)")
        #expect(word.glyphs.allSatisfy { $0.glyph != 0 })
    }

    @Test(arguments: ["٠١٢٣٤٥٦٧٨٩", "0123456789"])
    func digitsRenderInArabicText(digits: String) throws {
        let chain = try #require(box.regular)
        let l = TextLayout("المقعد " + digits, fonts: chain, fontSize: 40, options: .init(direction: .rightToLeft))
        #expect(l.glyphs.allSatisfy { $0.glyph != 0 }, "a digit without a glyph in \(digits)")
        // The number is left of the word, its digits in logical order left to right.
        let leftmost = l.glyphs.sorted { $0.position.x < $1.position.x }.prefix(10)
        let fontIndex = try #require(leftmost.first).fontIndex
        let expected = digits.unicodeScalars.map { chain.fonts[fontIndex].glyphIndex(for: $0) }
        #expect(leftmost.map(\.glyph) == expected, "digits out of order or not leftmost")
        #expect(Set(expected).count == 10)
    }
}
