import CFontStack
import Foundation

/// FreeType used directly by the tests, independent of `Text`: cmap lookups, unhinted advances
/// and FreeType's own rasterizer as the reference for glyph coverage.
final class FreeTypeReference {
    let library: FT_Library
    let face: FT_Face

    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    init(path: String = FreeTypeReference.dejaVuPath, faceIndex: Int = 0) {
        var lib: FT_Library?
        precondition(FT_Init_FreeType(&lib) == 0)
        library = lib!
        var f: FT_Face?
        precondition(FT_New_Face(library, path, faceIndex, &f) == 0, "cannot open \(path)")
        face = f!
    }

    deinit { FT_Done_Face(face); FT_Done_FreeType(library) }

    var unitsPerEm: Double { Double(face.pointee.units_per_EM) }

    func glyph(_ s: Unicode.Scalar) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(s.value))) }

    /// Unhinted advance in px at `size` px per em.
    func advance(_ s: Unicode.Scalar, size: Double) -> Double {
        var a: FT_Fixed = 0
        FT_Get_Advance(face, glyph(s), FT_Int32(FT_LOAD_NO_SCALE), &a)
        return Double(a) * size / unitsPerEm
    }

    /// The summed advances of `text`, px (no kerning).
    func width(_ text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance($1, size: size) }
    }

    /// The font's 'kern' table adjustment between `a` and `b`, px.
    func kerning(_ a: Unicode.Scalar, _ b: Unicode.Scalar, size: Double) -> Double {
        var v = FT_Vector()
        FT_Get_Kerning(face, glyph(a), glyph(b), FT_UInt(FT_KERNING_UNSCALED.rawValue), &v)
        return Double(v.x) * size / unitsPerEm
    }

    /// Pen x of each scalar of `text` (advances plus 'kern' pairs) and the total width, px.
    func penPositions(_ text: String, size: Double) -> (xs: [Double], width: Double) {
        let s = Array(text.unicodeScalars)
        var xs: [Double] = [], x = 0.0
        for i in s.indices {
            if i > 0 { x += kerning(s[i - 1], s[i], size: size) }
            xs.append(x)
            x += advance(s[i], size: size)
        }
        return (xs, x)
    }

    /// Ascender + descender + gap (FreeType's `height`) at `size`, px.
    func lineHeight(size: Double) -> Double { Double(face.pointee.height) * size / unitsPerEm }
    func ascent(size: Double) -> Double { Double(face.pointee.ascender) * size / unitsPerEm }

    /// FreeType's coverage of `glyph` at integer `size` px with the origin moved right by
    /// `phase` px: (left, top, width, height, bytes) with top-left in y-down device pixels
    /// relative to the origin's pixel.
    func render(glyph: UInt32, size: Int, phase: Double) -> (left: Int, top: Int, width: Int, height: Int, bytes: [UInt8]) {
        precondition(FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0)
        precondition(FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0)
        let slot = face.pointee.glyph!
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((phase * 64).rounded()), 0)
        precondition(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0)
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { bytes[y * w + x] = bm.buffer[y * pitch + x] } }
        return (Int(slot.pointee.bitmap_left), -Int(slot.pointee.bitmap_top), w, h, bytes)
    }
}
