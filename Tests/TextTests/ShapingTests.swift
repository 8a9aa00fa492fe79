import Foundation
import Geometry
import Raster
import Testing
@testable import Text

/// Shaping through HarfBuzz and the bidi runs, checked against FreeType's cmap and advances.
@Suite struct ShapingTests {
    let fonts: FontChain
    let ft = FreeTypeReference()

    init() throws { fonts = FontChain(primary: try Font(path: FreeTypeReference.dejaVuPath)) }

    func ids(_ text: String) -> [UInt32] { text.unicodeScalars.map(ft.glyph) }

    @Test func kerningMakesAVNarrowerThanItsAdvances() {
        let layout = TextLayout("AV", fonts: fonts, fontSize: 32)
        let sum = ft.advance("A", size: 32) + ft.advance("V", size: 32)
        #expect(layout.glyphs.map(\.glyph) == ids("AV"))
        #expect(layout.size.width < sum - 0.5, "AV \(layout.size.width) vs A+V \(sum)")
    }

    @Test(arguments: ["row 12", "Buy Tickets", "You've bought 3 tickets."])
    func penPositionsAreAdvancesPlusKerning(text: String) {
        let layout = TextLayout(text, fonts: fonts, fontSize: 20)
        let ref = ft.penPositions(text, size: 20)
        #expect(layout.glyphs.map(\.glyph) == ids(text))
        #expect(abs(layout.size.width - ref.width) < 1e-6, "\(layout.size.width) vs \(ref.width)")
        for (g, x) in zip(layout.glyphs, ref.xs) { #expect(abs(g.position.x - x) < 1e-6) }
    }

    @Test func lamAlefBecomesTheLigature() {
        let layout = TextLayout("لا", fonts: fonts, fontSize: 24)
        // The isolated lam and alef are not what is drawn: one lam-alef ligature (U+FEFB's glyph).
        let isolated = ids("لا")
        #expect(layout.glyphs.count == 1)
        #expect(layout.glyphs.first.map { !isolated.contains($0.glyph) } == true)
        #expect(layout.glyphs.first?.glyph == ft.glyph("\u{FEFB}"))
        #expect(layout.lines.first?.isRightToLeft == true)
    }

    @Test func marhabaJoinsAndRunsRightToLeft() {
        let layout = TextLayout("مرحبا", fonts: fonts, fontSize: 24)
        // Contextual forms, left to right on screen: alef final, beh medial, hah initial,
        // reh final, meem initial (the Arabic Presentation Forms-B code points of those forms).
        let expected = ids("\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}")
        #expect(layout.glyphs.map(\.glyph) == expected)
        #expect(Set(layout.glyphs.map(\.glyph)).isDisjoint(with: ids("محب")), "joined forms differ from isolated ones")
        let xs = layout.glyphs.map(\.position.x)
        #expect(xs == xs.sorted(), "glyphs listed left to right")
    }

    @Test func mixedLabelIsInBidiOrder() {
        let text = "Seat 12 – مقعد"
        let layout = TextLayout(text, fonts: fonts, fontSize: 24)
        let g = layout.glyphs.map(\.glyph)
        #expect(layout.lines.first?.isRightToLeft == false)
        // "Seat 12 – " stays left, in logical order…
        #expect(Array(g.prefix(10)) == ids("Seat 12 – "))
        // …and the Arabic follows to its right, reversed: dal final, ain medial, qaf medial, meem initial.
        #expect(Array(g.suffix(4)) == ids("\u{FEAA}\u{FECC}\u{FED8}\u{FEE3}"))
        let dashX = layout.glyphs[8].position.x
        #expect(layout.glyphs.suffix(4).allSatisfy { $0.position.x > dashX })
    }

    @Test func digitsInsideRightToLeftTextStayLeftToRight() {
        // Hebrew "row 12": the number reads 1 then 2 left to right, left of the Hebrew word.
        let layout = TextLayout("שורה 12", fonts: fonts, fontSize: 24)
        let g = layout.glyphs
        #expect(layout.lines.first?.isRightToLeft == true)
        #expect(g.count == 7)
        #expect(Array(g.prefix(2).map(\.glyph)) == ids("12"))
        #expect(g.last?.glyph == ft.glyph("ש"), "the first Hebrew letter is rightmost")
    }

    @Test func bidiLevelsFollowTheRules() {
        func levels(_ s: String, _ d: TextDirection? = nil) -> [UInt8] {
            BidiResolver.resolve(Array(s.unicodeScalars), direction: d).levels
        }
        // L, then neutrals between L and R take the paragraph's direction (N2).
        #expect(levels("ab אב") == [0, 0, 0, 1, 1])
        // Neutrals between two R take R (N1); the digits after R are a number at level 2.
        #expect(levels("א 1 ב") == [1, 1, 2, 1, 1])
        // W4: "1.5" stays one number.
        #expect(levels("א 1.5", .rightToLeft) == [1, 1, 2, 2, 2])
        // An Arabic price as Foundation writes it (RLM, "58.00" in Arabic-Indic digits with the
        // Arabic decimal separator, no-break space, €): the number is one run at level 2, so it
        // reads 58.00 left to right after L2, with the euro sign to its left.
        let price = "\u{200F}\u{665}\u{668}\u{66B}\u{660}\u{660}\u{A0}€"
        #expect(levels(price, .rightToLeft) == [1, 2, 2, 2, 2, 2, 1, 1])
        #expect(BidiResolver.visualOrder(levels(price, .rightToLeft)) == [7, 6, 1, 2, 3, 4, 5, 0])
        // L2 reverses the odd run.
        #expect(BidiResolver.visualOrder([0, 0, 1, 1, 1]) == [0, 1, 4, 3, 2])
        #expect(BidiResolver.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
    }

    @Test func cjkComesFromTheFallbackFont() throws {
        let chain = try FontChain.standard()
        guard chain.fonts.count > 1 else {
            print("skipped: no CJK fallback font installed (tried \(FontChain.knownFallbackPaths))")
            return
        }
        #expect(!chain.primary.covers("座"), "DejaVu Sans has no CJK")
        let layout = TextLayout("座位", fonts: chain, fontSize: 32)
        #expect(layout.glyphs.count == 2)
        #expect(layout.glyphs.allSatisfy { $0.fontIndex > 0 && $0.glyph != 0 })
        // Both glyphs leave ink.
        let renderer = TextRenderer(fonts: chain)
        for g in layout.glyphs {
            let one = Surface(width: 100, height: 60)
            let font = chain.fonts[g.fontIndex]
            let path = font.outline(of: g.glyph, size: 32)
            #expect(!path.isEmpty)
            let ctx = DrawingContext(surface: one)
            renderer.drawLabel(String(layout.glyphs.firstIndex(of: g) == 0 ? "座" : "位"), baselineOrigin: Point(x: 10, y: 45),
                               fontSize: 32, color: .black, in: ctx)
            var ink = 0
            for y in 0..<60 { for x in 0..<100 where one.pixel(x: x, y: y).alpha > 128 { ink += 1 } }
            #expect(ink > 50, "glyph \(g.glyph) has \(ink) inked pixels")
        }
    }
}
