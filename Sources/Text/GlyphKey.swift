/// What identifies a cached glyph mask: the font and glyph, the em-to-device linear map in
/// 1/64 px (size and the transform's scale, rotation and skew together, so a 16 px label
/// zoomed 2× shares masks with a 32 px one), and the origin's sub-pixel phase in quarter
/// pixels (x in the low 2 bits, y in the next 2).
struct GlyphKey: Hashable {
    var font: UInt32
    var glyph: UInt32
    var a: Int32, b: Int32, c: Int32, d: Int32
    var phase: UInt8
}
