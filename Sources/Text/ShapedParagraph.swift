import CFontStack

/// A paragraph (no line breaks) split into bidi/font runs and shaped by HarfBuzz, independent
/// of size: everything is in font units of each run's font.
struct ShapedParagraph {
    var scalars: [Unicode.Scalar]
    var paragraphLevel: UInt8
    var runs: [ShapedRun]

    init(_ scalars: [Unicode.Scalar], fonts: FontChain, direction: TextDirection?) {
        self.scalars = scalars
        let (para, levels) = BidiResolver.resolve(scalars, direction: direction)
        paragraphLevel = para
        runs = []
        guard !scalars.isEmpty else { return }
        // Font per scalar: the first font covering it; marks, joiners and neutrals stay with the
        // font before them when it covers them, so clusters and punctuation are not split off.
        var fontOf = [Int](repeating: 0, count: scalars.count)
        for i in scalars.indices {
            let s = scalars[i]
            let kind = BidiResolver.kind(s)
            let sticky = kind == .mark || kind == .neutral || kind == .en || kind == .cs || kind == .et
            if i > 0, sticky, kind == .mark || fonts.fonts[fontOf[i - 1]].covers(s) {
                fontOf[i] = fontOf[i - 1]
            } else {
                fontOf[i] = fonts.index(covering: s) ?? 0
            }
        }
        var codes = scalars.map(\.value)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count && levels[end] == levels[start] && fontOf[end] == fontOf[start] { end += 1 }
            let font = fonts.fonts[fontOf[start]]
            hb_buffer_clear_contents(buffer)
            codes.withUnsafeMutableBufferPointer { p in
                // The whole paragraph is context, so Arabic joins across run edges.
                hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(start), Int32(end - start))
            }
            hb_buffer_set_direction(buffer, levels[start] & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(Int(count))
            if let infos, let positions {
                for k in 0..<Int(count) {
                    glyphs.append(ShapedGlyph(glyph: infos[k].codepoint, cluster: Int32(infos[k].cluster),
                                              xAdvance: positions[k].x_advance, xOffset: positions[k].x_offset,
                                              yOffset: positions[k].y_offset))
                }
            }
            runs.append(ShapedRun(range: start..<end, level: levels[start], fontIndex: fontOf[start], glyphs: glyphs))
            start = end
        }
    }
}
