import Testing
@testable import Text

/// The layout cache is bounded by bytes: a daemon laying out new strings for months (order codes,
/// seat lines, totals) keeps at most `layoutCacheBytes` of layouts, however long or many they are.
@Suite struct TextRendererLayoutCacheTests {
    let fonts: FontChain

    init() throws { fonts = FontChain(primary: try Font(path: FreeTypeReference.dejaVuPath)) }

    /// A receipt-like line for visitor `n`, `words` words long (every one different from the last).
    func line(_ n: Int, words: Int) -> String {
        (0..<words).map { "Row\(n % 97)·Seat\((n * 7 + $0) % 1000)" }.joined(separator: " ") + " #\(n)"
    }

    @Test func bytesStayUnderTheBoundPastFilling() {
        let bound = 64 << 10
        let renderer = TextRenderer(fonts: fonts, layoutCacheBytes: bound)
        #expect(renderer.layoutCacheBytes == bound)
        var most = 0
        // Short and long strings, 40 times more than the bound holds at the smallest entry's cost.
        for n in 0..<(40 * bound / TextLayout.cacheEntryOverhead / 4) {
            _ = renderer.layout(line(n, words: 1 + n % 12), fontSize: 24)
            #expect(renderer.cachedLayoutBytes <= bound)
            most = max(most, renderer.cachedLayouts)
        }
        // Full: evicting made room, and the last entries' bytes nearly fill it (within one
        // longest entry: 12 words of ~14 glyphs at 32 bytes, twice for the array's growth).
        #expect(renderer.cachedLayoutBytes > bound - 2 * 12 * 14 * 32 - 2 * TextLayout.cacheEntryOverhead)
        #expect(most < bound / TextLayout.cacheEntryOverhead)
    }

    @Test func aLayoutCostsItsGlyphsLinesAndKey() {
        let renderer = TextRenderer(fonts: fonts, layoutCacheBytes: 1 << 20)
        let short = "Seat 8"
        let long = "Ring 1 · North 1, Row 5 · Seat 8, Row 5 · Seat 9"
        let a = renderer.layout(short, fontSize: 24)
        let afterShort = renderer.cachedLayoutBytes
        // One line, one glyph per scalar (DejaVu has them all; no ligatures in these), key inline.
        #expect(a.glyphs.count == short.unicodeScalars.count && a.lines.count == 1)
        #expect(afterShort >= short.unicodeScalars.count * 32 + 48 + TextLayout.cacheEntryOverhead)
        let b = renderer.layout(long, fontSize: 24)
        let longBytes = renderer.cachedLayoutBytes - afterShort
        #expect(b.glyphs.count == long.unicodeScalars.count)
        #expect(longBytes >= long.unicodeScalars.count * 32 + 48 + long.utf8.count + TextLayout.cacheEntryOverhead)
        // A hit adds nothing.
        _ = renderer.layout(long, fontSize: 24)
        _ = renderer.layout(short, fontSize: 24)
        #expect(renderer.cachedLayoutBytes == afterShort + longBytes && renderer.cachedLayouts == 2)
    }

    @Test func theLeastRecentlyUsedGoFirst() {
        let renderer = TextRenderer(fonts: fonts, layoutCacheBytes: 16 << 10)
        _ = renderer.layout("Confirm", fontSize: 30)
        for n in 0..<2_000 {
            _ = renderer.layout(line(n, words: 2), fontSize: 24)
            _ = renderer.layout("Confirm", fontSize: 30)    // drawn every frame: kept
        }
        #expect(renderer.isLayoutCached("Confirm", fontSize: 30))
        #expect(renderer.isLayoutCached(line(1_999, words: 2), fontSize: 24))
        #expect(!renderer.isLayoutCached(line(0, words: 2), fontSize: 24))
    }
}
