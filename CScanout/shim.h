// Copies into scanout memory with non-temporal (streaming) stores. Dumb buffers are mapped
// write-combined on real hardware: stores should fill whole lines and never read the
// destination. On ordinary memory the same stores skip the read-for-ownership of every line,
// a third of the traffic of a cached copy. Header-only: SSE2 is part of x86-64; elsewhere the
// functions fall back to plain loops. Pixels are 32-bit; `pitch`es are in bytes.
#ifndef TRIBUNE_CSCANOUT_H
#define TRIBUNE_CSCANOUT_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/// `count` pixels from `src` to `dst` (any 4-byte alignment). Only whole 64-byte lines are
/// streamed; a row's partial first and last lines take ordinary stores (a partly written
/// streaming line costs a slow partial write-combining flush).
static inline void tribune_stream_row(uint32_t *dst, const uint32_t *src, size_t count) {
#if defined(__x86_64__)
    size_t head = ((64 - ((uintptr_t)dst & 63)) & 63) / 4;
    if (head > count || ((uintptr_t)dst & 3) != 0) head = count;
    memcpy(dst, src, head * 4);
    // The partial last line first, with ordinary stores, then the whole lines streamed.
    size_t body = head + (count - head) / 16 * 16;
    size_t k = body;
    for (; k + 4 <= count; k += 4) _mm_storeu_si128((__m128i *)(dst + k), _mm_loadu_si128((const __m128i *)(src + k)));
    for (; k + 2 <= count; k += 2) _mm_storel_epi64((__m128i *)(dst + k), _mm_loadl_epi64((const __m128i *)(src + k)));
    if (k < count) dst[k] = src[k];
    for (size_t i = head; i < body; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(src + i + 4));
        __m128i c = _mm_loadu_si128((const __m128i *)(src + i + 8));
        __m128i d = _mm_loadu_si128((const __m128i *)(src + i + 12));
        _mm_stream_si128((__m128i *)(dst + i), a);
        _mm_stream_si128((__m128i *)(dst + i + 4), b);
        _mm_stream_si128((__m128i *)(dst + i + 8), c);
        _mm_stream_si128((__m128i *)(dst + i + 12), d);
    }
#else
    memcpy(dst, src, count * 4);
#endif
}

/// `count` pixels from `src` to `dst` in reverse order: dst[i] = src[count - 1 - i] (180°).
static inline void tribune_stream_row_reversed(uint32_t *dst, const uint32_t *src, size_t count) {
    size_t i = 0;
#if defined(__x86_64__)
    size_t head = ((64 - ((uintptr_t)dst & 63)) & 63) / 4;
    if (head > count || ((uintptr_t)dst & 3) != 0) head = count;
    for (; i < head; i++) dst[i] = src[count - 1 - i];
    for (; i + 16 <= count; i += 16) {
        for (size_t k = 0; k < 16; k += 4) {
            __m128i v = _mm_loadu_si128((const __m128i *)(src + count - 4 - i - k));
            _mm_stream_si128((__m128i *)(dst + i + k), _mm_shuffle_epi32(v, 0x1B));
        }
    }
#endif
    for (; i < count; i++) dst[i] = src[count - 1 - i];
}

/// Transposes a `rows`×`cols` block for a quarter turn: destination row r, column c ←
/// `src[c·sstep + r·cstep]`, with `cstep` = +1 or −1 (a source row walked forwards or
/// backwards) and `sstep` the source's signed row step in pixels; destination rows are `dpitch`
/// bytes apart. A 90° clockwise turn is sstep = −stride, cstep = +1 from the last source row;
/// 270° is sstep = +stride, cstep = −1. 4×4 blocks are transposed in registers and streamed.
static inline void tribune_transpose_block(uint32_t *dst, size_t dpitch, const uint32_t *src,
                                           ptrdiff_t sstep, ptrdiff_t cstep,
                                           size_t rows, size_t cols) {
    size_t r = 0;
#if defined(__x86_64__)
    int aligned = (dpitch & 15) == 0 && ((uintptr_t)dst & 3) == 0;
    for (; aligned && r + 4 <= rows; r += 4) {
        uint32_t *o[4];
        for (int j = 0; j < 4; j++) o[j] = (uint32_t *)((char *)dst + (r + j) * dpitch);
        const uint32_t *s = src + (ptrdiff_t)r * cstep;
        size_t c = 0;
        for (; c < cols && ((uintptr_t)(o[0] + c) & 15) != 0; c++)
            for (int j = 0; j < 4; j++) o[j][c] = s[(ptrdiff_t)c * sstep + j * cstep];
        for (; c + 4 <= cols; c += 4) {
            __m128i v[4];
            for (int k = 0; k < 4; k++) {
                const uint32_t *p = s + (ptrdiff_t)(c + k) * sstep;
                v[k] = cstep > 0 ? _mm_loadu_si128((const __m128i *)p)
                                 : _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(p - 3)), 0x1B);
            }
            // v[k] holds destination column c+k for rows r..r+3: transpose to rows.
            __m128i a = _mm_unpacklo_epi32(v[0], v[1]), b = _mm_unpackhi_epi32(v[0], v[1]);
            __m128i e = _mm_unpacklo_epi32(v[2], v[3]), f = _mm_unpackhi_epi32(v[2], v[3]);
            _mm_stream_si128((__m128i *)(o[0] + c), _mm_unpacklo_epi64(a, e));
            _mm_stream_si128((__m128i *)(o[1] + c), _mm_unpackhi_epi64(a, e));
            _mm_stream_si128((__m128i *)(o[2] + c), _mm_unpacklo_epi64(b, f));
            _mm_stream_si128((__m128i *)(o[3] + c), _mm_unpackhi_epi64(b, f));
        }
        for (; c < cols; c++)
            for (int j = 0; j < 4; j++) o[j][c] = s[(ptrdiff_t)c * sstep + j * cstep];
    }
#endif
    for (; r < rows; r++) {
        uint32_t *o = (uint32_t *)((char *)dst + r * dpitch);
        const uint32_t *s = src + (ptrdiff_t)r * cstep;
        for (size_t c = 0; c < cols; c++) o[c] = s[(ptrdiff_t)c * sstep];
    }
}

/// Orders the streaming stores before the page flip that shows them.
static inline void tribune_stream_fence(void) {
#if defined(__x86_64__)
    _mm_sfence();
#endif
}
#endif
