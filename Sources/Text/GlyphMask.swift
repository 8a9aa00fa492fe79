/// A glyph's coverage, rendered once by Raster and blended many times.
struct GlyphMask {
    /// The mask's top-left relative to the glyph origin's integer device pixel.
    var left: Int32, top: Int32
    var width: Int32, height: Int32
    /// `width`×`height` coverage bytes, rows packed.
    var pixels: [UInt8]

    static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, pixels: [])
}
