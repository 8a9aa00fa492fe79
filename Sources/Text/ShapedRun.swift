/// One glyph from HarfBuzz, in font units (y up, as HarfBuzz gives them).
struct ShapedGlyph {
    var glyph: UInt32
    /// The scalar index (in the paragraph) of the cluster the glyph belongs to.
    var cluster: Int32
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// A maximal stretch of a paragraph with one bidi level and one font, shaped; glyphs in
/// visual order (HarfBuzz reverses right-to-left runs).
struct ShapedRun {
    var range: Range<Int>
    var level: UInt8
    var fontIndex: Int
    var glyphs: [ShapedGlyph]
}
