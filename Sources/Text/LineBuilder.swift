import Geometry

/// Breaks shaped paragraphs into lines for `TextLayout`: greedy, in logical order, then each
/// line's runs in visual order. Glyph positions come out relative to the line (x from its
/// left edge, y from its baseline); `TextLayout` aligns them.
struct LineBuilder {
    let fonts: FontChain
    let fontSize: Double
    let options: TextLayout.Options
    let width: Double?
    var glyphs: [TextLayout.Glyph] = []
    var lines: [TextLayout.Line] = []
    var truncated = false
    /// The ellipsis glyph, its font and its advance in px.
    let ellipsis: (font: Int, glyph: UInt32, advance: Double)?

    init(fonts: FontChain, fontSize: Double, options: TextLayout.Options, width: Double?) {
        self.fonts = fonts; self.fontSize = fontSize; self.options = options; self.width = width
        let e: Unicode.Scalar = "\u{2026}"
        if options.truncatesWithEllipsis, let fi = fonts.index(covering: e) {
            let f = fonts.fonts[fi]
            let g = f.glyphIndex(for: e)
            ellipsis = (fi, g, f.advance(of: g, size: fontSize))
        } else if options.truncatesWithEllipsis {
            // "..." would also do, but one glyph keeps this simple: use the primary's period ×3.
            let f = fonts.primary
            let g = f.glyphIndex(for: ".")
            ellipsis = g == 0 ? nil : (0, g, f.advance(of: g, size: fontSize))
        } else {
            ellipsis = nil
        }
    }

    /// Adds one paragraph's lines, at most `lineBudget`; returns false when the budget ran out
    /// (so later paragraphs are dropped).
    mutating func add(paragraph scalars: [Unicode.Scalar], lineBudget: Int, textFollows: Bool) -> Bool {
        guard lineBudget > 0 else { truncated = true; return false }
        let shaped = ShapedParagraph(scalars, fonts: fonts, direction: options.direction)
        let n = scalars.count
        // Per-scalar advances (a cluster's glyphs count on its first scalar), as prefix sums.
        var prefix = [Double](repeating: 0, count: n + 1)
        var adv = [Double](repeating: 0, count: n)
        for run in shaped.runs {
            let s = fontSize / Double(fonts.fonts[run.fontIndex].unitsPerEm)
            for g in run.glyphs where Int(g.cluster) < n { adv[Int(g.cluster)] += Double(g.xAdvance) * s }
        }
        for i in 0..<n { prefix[i + 1] = prefix[i] + adv[i] }

        var ranges: [Range<Int>] = []
        var start = 0
        if n == 0 { ranges.append(0..<0) }
        while start < n {
            var end = n
            if options.wraps, let w = width {
                var lastBreak = -1
                var i = start
                while i < n {
                    if !Self.isSpace(scalars[i]) && prefix[i + 1] - prefix[start] > w && i > start {
                        if lastBreak >= start {
                            end = lastBreak + 1
                        } else {
                            end = i
                            while end > start + 1 && BidiResolver.isMark(scalars[end]) { end -= 1 }
                        }
                        break
                    }
                    if Self.breaks(after: i, in: scalars) { lastBreak = i }
                    i += 1
                }
            }
            ranges.append(start..<end)
            start = end
        }

        let rtl = shaped.paragraphLevel == 1
        for (k, r) in ranges.enumerated() {
            let last = k == ranges.count - 1
            let cutByBudget = k == lineBudget - 1 && (!last || textFollows)
            var end = trimmedEnd(r, scalars)
            var addEllipsis = false
            let tooWide = width.map { prefix[end] - prefix[r.lowerBound] > $0 + 1e-9 } ?? false
            if cutByBudget || tooWide {
                truncated = true
                if let e = ellipsis {
                    addEllipsis = true
                    let limit = (width ?? .infinity) - e.advance
                    while end > r.lowerBound && prefix[end] - prefix[r.lowerBound] > limit + 1e-9 {
                        end -= 1
                        while end > r.lowerBound && BidiResolver.isMark(scalars[end]) { end -= 1 }
                    }
                    end = trimmedEnd(r.lowerBound..<end, scalars)
                }
            }
            emit(shaped, range: r.lowerBound..<end, ellipsis: addEllipsis, rtl: rtl)
            if cutByBudget { return false }
        }
        return true
    }

    /// Appends the glyphs of `range` in visual order (plus an ellipsis at the logical end).
    private mutating func emit(_ shaped: ShapedParagraph, range: Range<Int>, ellipsis addEllipsis: Bool, rtl: Bool) {
        var items: [Int] = []          // run indices; -1 for the ellipsis
        var levels: [UInt8] = []
        for (i, run) in shaped.runs.enumerated() where run.range.overlaps(range) {
            items.append(i); levels.append(run.level)
        }
        if addEllipsis { items.append(-1); levels.append(shaped.paragraphLevel) }
        let first = glyphs.count
        var x = 0.0
        for v in BidiResolver.visualOrder(levels) {
            let item = items[v]
            if item < 0, let e = ellipsis {
                glyphs.append(TextLayout.Glyph(fontIndex: e.font, glyph: e.glyph, position: Point(x: x, y: 0)))
                x += e.advance
                continue
            }
            let run = shaped.runs[item]
            let s = fontSize / Double(fonts.fonts[run.fontIndex].unitsPerEm)
            for g in run.glyphs where range.contains(Int(g.cluster)) {
                glyphs.append(TextLayout.Glyph(fontIndex: run.fontIndex, glyph: g.glyph,
                                               position: Point(x: x + Double(g.xOffset) * s, y: -Double(g.yOffset) * s)))
                x += Double(g.xAdvance) * s
            }
        }
        lines.append(TextLayout.Line(glyphRange: first..<glyphs.count, baseline: 0, x: 0, width: x, isRightToLeft: rtl))
    }

    private func trimmedEnd(_ r: Range<Int>, _ scalars: [Unicode.Scalar]) -> Int {
        var e = r.upperBound
        while e > r.lowerBound && Self.isSpace(scalars[e - 1]) { e -= 1 }
        return e
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\u{3000}" || (s.properties.generalCategory == .spaceSeparator && s != "\u{A0}")
    }

    /// Whether a line may end after scalar `i`: after spaces, after hyphens, and next to CJK
    /// ideographs (not before closing punctuation, not before a combining mark).
    static func breaks(after i: Int, in s: [Unicode.Scalar]) -> Bool {
        guard i + 1 < s.count else { return true }
        let next = s[i + 1]
        if BidiResolver.isMark(next) || isSpace(next) { return false }
        let c = s[i]
        if isSpace(c) || c == "-" || c == "\u{2010}" { return true }
        if isIdeographic(c) || isIdeographic(next) {
            switch next.properties.generalCategory {
            case .closePunctuation, .otherPunctuation, .finalPunctuation: return false
            default: return true
            }
        }
        return false
    }

    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        s.properties.isIdeographic || (0x3040...0x30FF).contains(s.value) || (0xAC00...0xD7A3).contains(s.value)
    }
}
