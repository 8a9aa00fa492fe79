import Geometry
import Raster

extension ChartFrameRenderer {
    /// The seats' pattern tiles and the tribunes' paints, for the layout's pattern anchor and
    /// seat size, the seats' opacity and the highlight.
    func updatePalette() {
        let opacity = scene.seatOpacity
        guard opacity != paletteOpacity || palette.isEmpty else { return }
        paletteOpacity = opacity
        tribunePaints = style.tribunePaints(venue, map: map,
                                            deviceToUser: AffineTransform(translationX: Double(paletteOrigin.x), y: Double(paletteOrigin.y)),
                                            deviceSeat: tribuneSeat, highlight: highlight)
        palette = []
        palette.reserveCapacity(ChartScene.Paint.count * tileShape.size)
        for p in 0..<ChartScene.Paint.count {
            let look = ChartScene.Paint.status(UInt8(p)).map { map.look($0, highlight: highlight, background: style.background) }
            let fill = look?.fill.withOpacity(opacity).premultiplied.rawValue ?? 0
            let ink = look?.ink.withOpacity(opacity).premultiplied.rawValue ?? 0
            SeatMaskBlender.appendTile(look?.pattern ?? .solid, fill: fill, ink: ink, origin: paletteOrigin, shape: tileShape, to: &palette)
        }
        updateGlyphTiles()
    }

    /// The statuses' marks for the seat size drawn (`tribuneSeat` on screen, reduced by
    /// `paletteReduction`), which paints carry one, and
    /// their colours' tiles (one per status paint), at the seats' opacity and the highlight.
    private func updateGlyphTiles() {
        glyphTiles = []
        var wanted: Set<SeatLook.Glyph> = []
        for p in 0..<glyphOfPaint.count {
            let look = ChartScene.Paint.status(UInt8(p)).map { map.look($0, highlight: highlight, background: style.background) }
            let glyph = look?.glyph ?? .none
            glyphOfPaint[p] = glyph
            if glyph != .none { wanted.insert(glyph) }
            let pixel = (look?.glyphColor ?? .clear).withOpacity(paletteOpacity).premultiplied.rawValue
            SeatMaskBlender.appendTile(.solid, fill: pixel, ink: pixel, shape: tileShape, to: &glyphTiles)
        }
        glyphs.configure(deviceSize: tribuneSeat / Double(paletteReduction), glyphs: wanted)
        markedPaints = 0
        for p in 0..<glyphOfPaint.count where glyphs.mask(glyphOfPaint[p]) != nil { markedPaints |= 1 << UInt32(p) }
    }

    /// Blends the mark of the seat of paint `p` (a status with one: `markedPaints`) whose base
    /// pixel is (`x`, `y`) in the buffer, mask key `key` (its phase and rotation step) and the
    /// view's device rotation `angle`, limited to `clip`. Rare (the visitor's, held, sold and
    /// blocked seats, zoomed in), so not inlined.
    @inline(never)
    func blendGlyph(paint p: UInt8, key: Int, x: Int, y: Int, angle: Double, clip: PixelRectBox,
                    base: UnsafeMutableRawPointer, stride: Int) {
        guard let mask = glyphs.mask(glyphOfPaint[Int(p)]) else { return }
        let phases = SeatMaskCache.phases, perRotation = phases * phases
        let kx = key % phases, ky = (key % perRotation) / phases, q = key / perRotation
        let seatAngle = Double(q) * 2 * Double.pi / Double(masks.rotationSteps)
        let o = glyphs.placement(mask, centerX: Double(x) + Double(kx) / Double(phases),
                                 centerY: Double(y) + Double(ky) / Double(phases), angle: masks.rotationSteps == 1 ? angle : seatAngle)
        mask.coverage.withUnsafeBufferPointer { m in
        glyphTiles.withUnsafeBufferPointer { tiles in
            SeatMaskBlender.blend(mask: m.baseAddress! + o.offset, width: mask.side, height: mask.side, x: o.x, y: o.y, clip: clip,
                                  tile: tiles.baseAddress! + Int(p) * tileShape.size, shape: tileShape, base: base, stride: stride)
        }}
    }
}
