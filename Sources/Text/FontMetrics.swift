/// A font's vertical metrics at one pixel size, all in pixels and non-negative.
public struct FontMetrics: Hashable, Sendable {
    /// Baseline to the top of the tallest glyphs.
    public var ascent: Double
    /// Baseline to the bottom of the lowest descent.
    public var descent: Double
    /// Extra space the font asks for between lines.
    public var lineGap: Double
    /// The font's natural distance between baselines: ascent + descent + line gap.
    public var lineHeight: Double { ascent + descent + lineGap }

    public init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent; self.descent = descent; self.lineGap = lineGap
    }
}
