import CFontStack
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// A TrueType/OpenType face loaded through FreeType, with a HarfBuzz font for shaping.
///
/// Units: metrics and advances without a size are in font units (`unitsPerEm` per em);
/// sized queries take a pixel size (the em in device pixels) and return pixels. Outlines are
/// unhinted (`FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP`), with y pointing down and the origin
/// at the pen position on the baseline. Not thread-safe: use one `Font` per thread.
public final class Font {
    /// The file the face was loaded from.
    public let path: String
    /// The face within a collection (`.ttc`), 0 for plain files.
    public let faceIndex: Int
    /// Font units per em.
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the tallest glyphs, font units (positive).
    public let ascender: Int
    /// Distance from the baseline down to the lowest descent, font units (positive).
    public let descender: Int
    /// Extra space between lines beyond ascender + descender, font units (≥ 0).
    public let lineGap: Int
    /// Number of glyphs in the face.
    public let glyphCount: Int
    /// The face's family name, when it has one.
    public let familyName: String

    /// A process-unique number for cache keys.
    let id: UInt32
    let library: FreeTypeLibrary
    let face: FT_Face
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    var unitOutlines: [UInt32: Path] = [:]

    nonisolated(unsafe) static var nextID: UInt32 = 1

    /// Loads face `faceIndex` of the font file at `path`.
    /// - Throws: `FontError` naming the file when it is missing, unreadable, not a font, or has
    ///   no scalable outlines.
    public init(path: String, faceIndex: Int = 0) throws(FontError) {
        self.path = path
        self.faceIndex = faceIndex
        guard access(path, R_OK) == 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw FontError(path: path, code: 0, reason: "cannot read the font file: \(reason)")
        }
        library = try FreeTypeLibrary(path: path)
        var f: FT_Face?
        let e = FT_New_Face(library.handle, path, faceIndex, &f)
        guard e == 0, let f else { throw FontError(path: path, freeTypeError: e, doing: "cannot load the face") }
        guard f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, f.pointee.units_per_EM > 0 else {
            FT_Done_Face(f)
            throw FontError(path: path, code: 0, reason: "the face has no scalable outlines")
        }
        face = f
        unitsPerEm = Int(f.pointee.units_per_EM)
        ascender = Int(f.pointee.ascender)
        descender = -Int(f.pointee.descender)
        lineGap = max(0, Int(f.pointee.height) - ascender - descender)
        glyphCount = Int(f.pointee.num_glyphs)
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? ""
        // HarfBuzz reads the tables through FreeType's face and shapes in font units.
        hbFace = hb_ft_face_create_referenced(f)
        hbFont = hb_font_create(hbFace)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        id = Font.nextID
        Font.nextID &+= 1
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(face)
    }

    /// The glyph for `scalar`, or 0 (`.notdef`) when the face lacks it.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// The unhinted horizontal advance of `glyph`, font units.
    public func advance(of glyph: UInt32) -> Int {
        var a: FT_Fixed = 0
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &a) == 0 else { return 0 }
        return Int(a)
    }

    /// The unhinted horizontal advance of `glyph` at `size` px per em, pixels.
    public func advance(of glyph: UInt32, size: Double) -> Double {
        Double(advance(of: glyph)) * size / Double(unitsPerEm)
    }

    /// Vertical metrics at `size` px per em.
    public func metrics(size: Double) -> FontMetrics {
        let s = size / Double(unitsPerEm)
        return FontMetrics(ascent: Double(ascender) * s, descent: Double(descender) * s, lineGap: Double(lineGap) * s)
    }

    /// The outline of `glyph` at `size` px per em: y down, origin at the pen position on the
    /// baseline, quadratic (TrueType) or cubic (CFF) segments as in the font. Empty for
    /// blank or unknown glyphs.
    public func outline(of glyph: UInt32, size: Double) -> Path {
        let s = size / Double(unitsPerEm)
        return unitOutline(of: glyph).applying(AffineTransform(a: s, b: 0, c: 0, d: s, tx: 0, ty: 0))
    }

    /// The outline in font units (y down), decomposed once and kept.
    public func unitOutline(of glyph: UInt32) -> Path {
        if let p = unitOutlines[glyph] { return p }
        let p = decompose(glyph)
        unitOutlines[glyph] = p
        return p
    }

    private func decompose(_ glyph: UInt32) -> Path {
        let flags = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
        guard FT_Load_Glyph(face, glyph, FT_Int32(flags)) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        let sink = OutlineSink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
                if s.open { s.path.closeSubpath() }
                s.path.move(to: OutlineSink.point(to!.pointee)); s.open = true
                return 0
            },
            line_to: { to, user in
                Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue().path.addLine(to: OutlineSink.point(to!.pointee))
                return 0
            },
            conic_to: { c, to, user in
                Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue().path
                    .addQuadCurve(to: OutlineSink.point(to!.pointee), control: OutlineSink.point(c!.pointee))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue().path
                    .addCurve(to: OutlineSink.point(to!.pointee), control1: OutlineSink.point(c1!.pointee),
                              control2: OutlineSink.point(c2!.pointee))
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let e = withUnsafeMutablePointer(to: &slot.pointee.outline) { FT_Outline_Decompose($0, &funcs, user) }
        withExtendedLifetime(sink) {}
        guard e == 0 else { return Path() }
        if sink.open { sink.path.closeSubpath() }
        return sink.path
    }
}

/// Receives FreeType's outline callbacks.
private final class OutlineSink {
    var path = Path()
    var open = false
    /// FreeType's y points up; ours points down.
    static func point(_ v: FT_Vector) -> Point { Point(x: Double(v.x), y: -Double(v.y)) }
}
