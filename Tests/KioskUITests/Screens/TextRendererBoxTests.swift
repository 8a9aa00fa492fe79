import Geometry
import Raster
import Testing
import Text
@testable import KioskUI

/// The chrome's fonts with Arabic: Noto Sans Arabic draws Arabic letters (DejaVu Sans the
/// Latin), HarfBuzz joins the letters through the chain, Arabic-Indic and Latin digits both have
/// glyphs, and a number inside Arabic keeps its digits in logical order left to right. Chinese
/// comes from Noto Sans CJK SC: real glyphs with ink, not DejaVu's empty boxes.
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

    @Test func chineseComesFromNotoSansCJK() throws {
        for (chain, path) in [(box.regular, TextRendererBox.cjkPath), (box.bold, TextRendererBox.cjkBoldPath)] {
            let chain = try #require(chain)
            for scalar in "座位排购买门票，。".unicodeScalars {
                // The index first: asking for a CJK scalar loads the CJK face into `fonts`.
                let index = try #require(chain.index(covering: scalar), "no font for U+\(String(scalar.value, radix: 16))")
                let font = chain.fonts[index]
                #expect(font.path == path && font.faceIndex == TextRendererBox.cjkSimplifiedChineseFace)
                #expect(font.familyName == "Noto Sans CJK SC")
            }
            #expect(chain.index(covering: "A") == 0, "Latin from DejaVu Sans")
        }
    }

    /// The CJK face is loaded when the chain first meets a CJK character, not before: Latin and
    /// Arabic leave it unloaded.
    @Test func theCJKFaceLoadsOnFirstUse() throws {
        let chain = try #require(TextRendererBox().regular)
        let before = chain.fonts.count
        _ = TextLayout("Buy Tickets شراء", fonts: chain, fontSize: 20)
        #expect(chain.fonts.count == before)
        #expect(!chain.fonts.contains { $0.path == TextRendererBox.cjkPath })
        _ = TextLayout("购买", fonts: chain, fontSize: 20)
        #expect(chain.fonts.count == before + 1)
        #expect(chain.fonts.last?.path == TextRendererBox.cjkPath)
        _ = TextLayout("座位", fonts: chain, fontSize: 20)
        #expect(chain.fonts.count == before + 1, "loaded once")
    }

    /// The pixels `string` draws at 40 px, black on clear, with the chrome's regular chain.
    func ink(_ layout: TextLayout) throws -> [Bool] {
        let surface = Surface(width: 400, height: 80)
        let renderer = try #require(box.renderer)
        renderer.draw(layout, at: Point(x: 10, y: 10), color: .black, in: DrawingContext(surface: surface))
        return (0..<80).flatMap { y in (0..<400).map { x in surface.pixel(x: x, y: y).alpha > 0 } }
    }

    /// "购买门票" (Buy Tickets) in the chrome: every glyph a real one of the CJK face (ids from
    /// FreeType's cmap of that face, none .notdef), and drawn it has ink, not the boxes a string of
    /// .notdef glyphs of the same length draws.
    @Test func chineseDrawsItsGlyphs() throws {
        let chain = try #require(box.regular)
        let text = "购买门票"
        let layout = TextLayout(text, fonts: chain, fontSize: 40)
        let cjk = try Font(path: TextRendererBox.cjkPath, faceIndex: TextRendererBox.cjkSimplifiedChineseFace)
        #expect(layout.glyphs.map(\.glyph) == text.unicodeScalars.map { cjk.glyphIndex(for: $0) })
        #expect(layout.glyphs.allSatisfy { $0.glyph != 0 })
        let drawn = try ink(layout)
        let inked = drawn.filter { $0 }.count
        // Four 40 px ideographs cover a good part of their 160×40 px: far more than a few pixels.
        #expect(inked > 1500, "\(inked) pixels of ink")
        // A scalar no font of the chain has (a private-use one) is .notdef: boxes, other pixels.
        let boxes = TextLayout(String(repeating: "\u{E000}", count: 4), fonts: chain, fontSize: 40)
        #expect(boxes.glyphs.allSatisfy { $0.glyph == 0 })
        #expect(try ink(boxes) != drawn)
    }
}
