import Geometry

/// Text shaped and broken into lines, ready to draw or measure.
///
/// Coordinates: pixels (at `fontSize` px per em, before any drawing transform), origin at the
/// top-left of the layout box, y down. Each glyph's `position` is its pen position on its line's
/// baseline. Lines are broken in logical order, then each line is put in visual order
/// (`BidiResolver`), so right-to-left runs read right to left and digits inside them left to
/// right. Hard breaks: "\n" (and "\r\n") start a new paragraph.
public struct TextLayout {
    /// How to break, place and cut lines.
    public struct Options: Hashable, Sendable {
        /// The box width in px for wrapping, alignment and truncation; nil for unbounded.
        public var width: Double?
        /// Whether lines wrap at `width` (at spaces, after hyphens, between CJK ideographs);
        /// when false each paragraph is one line, cut with an ellipsis if it is too wide.
        public var wraps: Bool
        /// At most this many lines; the last one ends with "…" when text was left out.
        public var maxLines: Int?
        /// Whether text cut by `width` or `maxLines` ends with an ellipsis ("…").
        public var truncatesWithEllipsis: Bool
        /// Placement of each line within the box (width, or the widest line when unbounded).
        public var alignment: TextAlignment
        /// Distance between baselines in px; nil for the primary font's natural line height.
        public var lineHeight: Double?
        /// The paragraph direction; nil to take it from the first strong character.
        public var direction: TextDirection?

        public init(width: Double? = nil, wraps: Bool = true, maxLines: Int? = nil,
                    truncatesWithEllipsis: Bool = true, alignment: TextAlignment = .leading,
                    lineHeight: Double? = nil, direction: TextDirection? = nil) {
            self.width = width; self.wraps = wraps; self.maxLines = maxLines
            self.truncatesWithEllipsis = truncatesWithEllipsis; self.alignment = alignment
            self.lineHeight = lineHeight; self.direction = direction
        }
    }

    /// One positioned glyph.
    public struct Glyph: Hashable, Sendable {
        /// Index into `fonts.fonts`.
        public var fontIndex: Int
        /// The glyph id in that font.
        public var glyph: UInt32
        /// The pen position on the baseline, px in layout coordinates.
        public var position: Point
    }

    /// One line of the layout.
    public struct Line: Hashable, Sendable {
        /// The line's glyphs in `glyphs`, left to right.
        public var glyphRange: Range<Int>
        /// The baseline's y, px.
        public var baseline: Double
        /// The x of the line's left edge after alignment, px.
        public var x: Double
        /// The advance width of the line's visible glyphs (trailing spaces excluded), px.
        public var width: Double
        /// Whether the paragraph of this line runs right to left.
        public var isRightToLeft: Bool
    }

    /// The fonts the glyphs come from.
    public let fonts: FontChain
    /// The em size in px.
    public let fontSize: Double
    /// All glyphs, line by line, each line left to right.
    public private(set) var glyphs: [Glyph] = []
    /// The lines, top to bottom.
    public private(set) var lines: [Line] = []
    /// The measured size in px: the widest line's width by the lines' total height.
    public private(set) var size = Size(width: 0, height: 0)
    /// The first line's baseline y, px (where a label's baseline sits below the box top).
    public let firstBaseline: Double
    /// The distance between baselines, px.
    public let lineHeight: Double
    /// Whether any text was left out (and replaced by an ellipsis when enabled).
    public private(set) var isTruncated = false

    /// Lays out `string` with `fonts` at `fontSize` px per em. A size that is not positive and
    /// finite gives an empty layout.
    public init(_ string: String, fonts: FontChain, fontSize: Double, options: Options = Options()) {
        self.fonts = fonts
        let size = fontSize.isFinite && fontSize > 0 ? fontSize : 0
        self.fontSize = size
        let m = fonts.primary.metrics(size: size)
        let natural = m.lineHeight
        let lh = options.lineHeight.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? natural
        lineHeight = lh
        // Half-leading above and below, as CSS does.
        firstBaseline = (lh - m.ascent - m.descent) / 2 + m.ascent
        guard size > 0, !string.isEmpty else { return }
        let width = options.width.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let maxLines = options.maxLines.map { max(1, $0) } ?? Int.max

        var builder = LineBuilder(fonts: fonts, fontSize: size, options: options, width: width)
        let paragraphs = string.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (pi, p) in paragraphs.enumerated() {
            var scalars = Array(p)
            if scalars.last == "\r" { scalars.removeLast() }
            let more = builder.add(paragraph: scalars, lineBudget: maxLines - builder.lines.count,
                                   textFollows: pi + 1 < paragraphs.count)
            if !more { break }
        }
        glyphs = builder.glyphs
        isTruncated = builder.truncated
        let boxWidth = width ?? builder.lines.map(\.width).max() ?? 0
        var maxWidth = 0.0
        lines.reserveCapacity(builder.lines.count)
        for (k, var line) in builder.lines.enumerated() {
            let free = boxWidth - line.width
            switch (options.alignment, line.isRightToLeft) {
            case (.leading, false), (.trailing, true): line.x = 0
            case (.center, _): line.x = free / 2
            case (.trailing, false), (.leading, true): line.x = free
            }
            line.baseline = firstBaseline + Double(k) * lh
            for g in line.glyphRange {
                glyphs[g].position.x += line.x
                glyphs[g].position.y = line.baseline + glyphs[g].position.y
            }
            maxWidth = max(maxWidth, line.width)
            lines.append(line)
        }
        self.size = Size(width: maxWidth, height: Double(lines.count) * lh)
    }
}
