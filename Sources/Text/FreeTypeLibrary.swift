import CFontStack

/// The one owner of an `FT_Library`; released in `deinit` after every face that uses it
/// (each `Font` keeps its library alive).
final class FreeTypeLibrary {
    let handle: FT_Library

    init(path: String) throws(FontError) {
        var lib: FT_Library?
        let e = FT_Init_FreeType(&lib)
        guard e == 0, let lib else { throw FontError(path: path, freeTypeError: e, doing: "cannot initialise FreeType") }
        handle = lib
    }

    deinit { FT_Done_FreeType(handle) }
}
