// The font stack: FreeType (faces, outlines, reference rasterizer) and HarfBuzz (shaping).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H
#include <hb.h>
#include <hb-ft.h>

// FreeType's error strings (FT_Error_String needs a build option Debian leaves off), from its
// documented FT_ERRORDEF table.
static inline const char *tribune_ft_error_string(int code) {
#undef FTERRORS_H_
#undef FT_ERR_PROTOS_DEFINED
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_START_LIST switch (code) {
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return "unknown FreeType error";
}
