import Foundation
import Geometry
import Testing
@testable import Text

/// Line breaking, alignment, truncation and measuring, against widths summed from FreeType's
/// advances and kerning in the test.
@Suite struct TextLayoutTests {
    let fonts: FontChain
    let ft = FreeTypeReference()
    let size = 20.0

    init() throws { fonts = FontChain(primary: try Font(path: FreeTypeReference.dejaVuPath)) }

    func width(_ s: String) -> Double { ft.penPositions(s, size: size).width }
    func ids(_ s: String) -> [UInt32] { s.unicodeScalars.map(ft.glyph) }
    func glyphs(of line: TextLayout.Line, in layout: TextLayout) -> [UInt32] { layout.glyphs[line.glyphRange].map(\.glyph) }

    @Test func wrapsAtSpacesWithinTheWidth() {
        let text = "Buy Tickets for the game"
        let w = width("Buy Tickets for") + 1
        let layout = TextLayout(text, fonts: fonts, fontSize: size, options: .init(width: w))
        #expect(layout.lines.count == 2)
        #expect(glyphs(of: layout.lines[0], in: layout) == ids("Buy Tickets for"))
        #expect(glyphs(of: layout.lines[1], in: layout) == ids("the game"))
        #expect(abs(layout.lines[0].width - width("Buy Tickets for")) < 1e-6)
        #expect(abs(layout.lines[1].width - width("the game")) < 1e-6)
        #expect(!layout.isTruncated)
        // One pixel narrower than "Buy Tickets for", "for" moves down.
        let narrower = TextLayout(text, fonts: fonts, fontSize: size, options: .init(width: w - 2))
        #expect(narrower.lines.count == 2)
        #expect(glyphs(of: narrower.lines[0], in: narrower) == ids("Buy Tickets"))
        #expect(glyphs(of: narrower.lines[1], in: narrower) == ids("for the game"))
    }

    @Test func breaksAfterHyphens() {
        let w = width("North-East") - 1
        let layout = TextLayout("North-East", fonts: fonts, fontSize: size, options: .init(width: w))
        #expect(layout.lines.count == 2)
        #expect(glyphs(of: layout.lines[0], in: layout) == ids("North-"))
        #expect(glyphs(of: layout.lines[1], in: layout) == ids("East"))
    }

    @Test func wordsLongerThanTheWidthBreakBetweenCharacters() {
        let w = width("Tic") + 0.5
        let layout = TextLayout("Tickets", fonts: fonts, fontSize: size, options: .init(width: w))
        // Greedy by hand: each line takes characters while they fit ("ket" is wider than "Tic").
        var expected: [String] = [], line = ""
        for c in "Tickets" {
            if !line.isEmpty && width(line + String(c)) > w { expected.append(line); line = "" }
            line.append(c)
        }
        expected.append(line)
        #expect(expected == ["Tic", "ke", "ts"])
        #expect(layout.lines.map { glyphs(of: $0, in: layout) } == expected.map(ids))
    }

    @Test func sizeIsWidestLineByLineHeights() {
        let text = "Section 12\nRow 7\nSeat 3"
        let layout = TextLayout(text, fonts: fonts, fontSize: size)
        let lh = ft.lineHeight(size: size)
        #expect(layout.lines.count == 3)
        #expect(abs(layout.size.width - width("Section 12")) < 1e-6)
        #expect(abs(layout.size.height - 3 * lh) < 1e-9)
        #expect(abs(layout.firstBaseline - ft.ascent(size: size)) < 1e-9, "DejaVu's height is ascender + descender")
        #expect(abs(layout.lines[2].baseline - (ft.ascent(size: size) + 2 * lh)) < 1e-9)
        // An explicit line height spreads the baselines; half the extra goes above the first.
        let spaced = TextLayout(text, fonts: fonts, fontSize: size, options: .init(lineHeight: 40))
        #expect(spaced.size.height == 120)
        #expect(abs(spaced.lines[1].baseline - spaced.lines[0].baseline - 40) < 1e-9)
        #expect(abs(spaced.firstBaseline - (ft.ascent(size: size) + (40 - lh) / 2)) < 1e-9)
        #expect(TextLayout("", fonts: fonts, fontSize: size).size == Size(width: 0, height: 0))
    }

    @Test func alignmentOffsetsLines() {
        let w = width("Buy Tickets")
        func x(_ a: TextAlignment, _ text: String = "Buy Tickets") -> Double {
            TextLayout(text, fonts: fonts, fontSize: size, options: .init(width: 300, alignment: a)).lines[0].x
        }
        #expect(x(.leading) == 0)
        #expect(abs(x(.center) - (300 - w) / 2) < 1e-9)
        #expect(abs(x(.trailing) - (300 - w)) < 1e-9)
        // Right-to-left paragraphs lead from the right.
        let arabic = TextLayout("مرحبا", fonts: fonts, fontSize: size, options: .init(width: 300, alignment: .leading))
        #expect(abs(arabic.lines[0].x + arabic.lines[0].width - 300) < 1e-9)
        #expect(x(.trailing, "مرحبا") == 0)
        // Glyph positions include the offset.
        let centred = TextLayout("Buy Tickets", fonts: fonts, fontSize: size, options: .init(width: 300, alignment: .center))
        #expect(abs(centred.glyphs[0].position.x - (300 - w) / 2) < 1e-9)
    }

    @Test func truncatesWithAnEllipsis() {
        let ellipsis = ft.advance("\u{2026}", size: size)
        let w = width("Section 12 Row") + ellipsis + 0.5
        let layout = TextLayout("Section 12 Row 7 Seat 3", fonts: fonts, fontSize: size,
                                options: .init(width: w, wraps: false))
        #expect(layout.isTruncated)
        #expect(layout.lines.count == 1)
        #expect(layout.glyphs.map(\.glyph) == ids("Section 12 Row\u{2026}"))
        #expect(abs(layout.size.width - (width("Section 12 Row") + ellipsis)) < 1e-6)
        #expect(layout.size.width <= w)
        // Text that fits is left alone.
        let fits = TextLayout("Section 12", fonts: fonts, fontSize: size, options: .init(width: w, wraps: false))
        #expect(!fits.isTruncated && fits.glyphs.map(\.glyph) == ids("Section 12"))
    }

    @Test func lineLimitEndsTheLastLineWithAnEllipsis() {
        let text = "You've bought 3 tickets. Enjoy your time at the game!"
        let w = width("You've bought 3") + 1
        let all = TextLayout(text, fonts: fonts, fontSize: size, options: .init(width: w))
        #expect(all.lines.count >= 3)
        let two = TextLayout(text, fonts: fonts, fontSize: size, options: .init(width: w, maxLines: 2))
        #expect(two.lines.count == 2)
        #expect(two.isTruncated)
        #expect(glyphs(of: two.lines[0], in: two) == glyphs(of: all.lines[0], in: all))
        let last = glyphs(of: two.lines[1], in: two)
        #expect(last.last == ft.glyph("\u{2026}"))
        #expect(two.lines[1].width <= w)
        #expect(abs(two.size.height - 2 * ft.lineHeight(size: size)) < 1e-9)
    }

    @Test func cjkBreaksBetweenIdeographs() throws {
        let chain = try FontChain.standard()
        guard chain.fonts.count > 1 else {
            print("skipped: no CJK fallback font installed (tried \(FontChain.knownFallbackPaths))")
            return
        }
        let cjk = FreeTypeReference(path: chain.fonts[1].path)
        let em = cjk.advance("座", size: size)
        let layout = TextLayout("座位座位座位。", fonts: chain, fontSize: size, options: .init(width: 2.5 * em))
        // Two ideographs per line; the full stop never starts a line, so it pulls one with it.
        #expect(layout.lines.map(\.glyphRange.count) == [2, 2, 1, 2])
    }
}
