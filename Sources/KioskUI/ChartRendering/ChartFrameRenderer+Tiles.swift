import CCacheLines
import Geometry
import Raster
import Seating

/// One run of tiles drawn into the back buffer: background, field, tribunes with outlines
/// (a band under the fill, or a stroke over it: `ChartSceneOutlines.TribuneShapes`), then the
/// seats from their masks, tile by tile.
extension ChartFrameRenderer {
    /// How many seats ahead of the one blended the tile loop prefetches a mask.
    static let maskLookahead = 4

    func draw(run: TileRun, layout l: ChartSceneLayout, context ctx: DrawingContext) {
        let T = grid.tileSize
        let origin = grid.bufferOrigin(tileX: run.tileX, tileY: run.tileY)
        let bufferRect = PixelRect(x: origin.x, y: origin.y, width: run.count * T, height: T)
        let contentRect = PixelRect(x: run.tileX * T, y: run.tileY * T, width: run.count * T, height: T)
        let ox = origin.x - contentRect.minX, oy = origin.y - contentRect.minY
        grid.buffer.fill(bufferRect, with: PremultipliedPixel(rawValue: backgroundPixel))

        ctx.save()
        ctx.transform = .identity
        ctx.clip(to: Rect(x: Double(bufferRect.minX), y: Double(bufferRect.minY), width: Double(bufferRect.width),
                          height: Double(bufferRect.height)))
        ctx.transform = AffineTransform(translationX: Double(ox), y: Double(oy))
        if !l.fieldBounds.intersection(contentRect).isEmpty, let f = l.fieldFill, let lines = l.fieldLines {
            ctx.fill(f, with: .solid(style.field))
            ctx.fill(lines, with: .solid(style.fieldLines))
        }
        let selected = scene.selectedTribune
        for t in 0..<venue.tribunes.count where !l.tribuneBounds[t].intersection(contentRect).isEmpty {
            guard let f = l.tribuneFill[t], let o = l.tribuneOutline[t] else { continue }
            let first = l.tribuneOutlineFirst[t]
            if first { ctx.fill(o, with: .solid(style.outline)) }
            ctx.fill(f, with: t == selected ? .solid(style.selectedTribune) : tribunePaints[t])
            if !first { ctx.fill(o, with: .solid(style.outline)) }
        }

        // Seats, tile by tile, clipped to the run: a seat across a border between two of its
        // tiles is in both bins and blended once, from the first (unclipped there: the blend's
        // fast paths); one across the run's border is clipped, its other part is another run's.
        let base = grid.buffer.baseAddress, stride = grid.buffer.stride
        // (The cache in a local: read through `self` in the loop, it was retained per seat.)
        let masks = self.masks
        let arena = UnsafePointer(masks.arena)
        var pathSeats: [Int] = []
        let opaque = palette.first.map { $0 >> 24 == 255 } ?? false
        let marked = markedPaints, shape = tileShape
        scene.paint.withUnsafeBufferPointer { paint in
        palette.withUnsafeBufferPointer { palette in
        l.key.withUnsafeBufferPointer { keys in
        l.baseX.withUnsafeBufferPointer { bxs in
        l.baseY.withUnsafeBufferPointer { bys in
        l.binSeats.withUnsafeBufferPointer { binSeats in
            let clip = PixelRectBox(x0: bufferRect.minX, y0: bufferRect.minY, x1: bufferRect.maxX, y1: bufferRect.maxY)
            let margin = l.binMargin
            for k in 0..<run.count {
                guard let b = l.bin(tileX: run.tileX + k, tileY: run.tileY) else { continue }
                let column = run.tileX + k
                let binEnd = Int(l.binStart[b + 1])
                for j in Int(l.binStart[b])..<binEnd {
                    // The mask of the seat `maskLookahead` on is asked for now: the masks are
                    // scattered over the arena, and each seat's first read otherwise waits for
                    // memory.
                    if j &+ ChartFrameRenderer.maskLookahead < binEnd {
                        let ahead = Int(keys[Int(binSeats[j &+ ChartFrameRenderer.maskLookahead])])
                        if ahead >= 0 {
                            let slot = masks.slot(ofKey: ahead)
                            if slot >= 0 { tribune_prefetch_for_read(arena + Int(masks.info(slot: slot).offset)) }
                        }
                    }
                    let s = Int(binSeats[j])
                    // In the previous tile's bin too (its first column is further left): drawn there.
                    if k > 0 && ChartSceneLayout.firstTile(base: Int(bxs[s]), margin: margin) < column { continue }
                    let p = paint[s]
                    if p == ChartScene.Paint.hidden { continue }
                    let key = Int(keys[s])
                    if key < 0 { if !pathSeats.contains(s) { pathSeats.append(s) }; continue }
                    let slot = masks.slot(ofKey: key)
                    if slot < 0 { continue }
                    let info = masks.info(slot: slot)
                    if info.width == 0 { continue }
                    let tile = palette.baseAddress! + Int(p) &* shape.size
                    if opaque && Int(info.width) <= SeatMaskBlender.rowLoadWidth {
                        SeatMaskBlender.blendOpaque(mask: arena + Int(info.offset), width: Int(info.width), height: Int(info.height),
                                                    x: Int(bxs[s]) + Int(info.x0) + ox, y: Int(bys[s]) + Int(info.y0) + oy,
                                                    clip: clip, tile: tile, shape: shape, base: base, stride: stride)
                    } else {
                        SeatMaskBlender.blend(mask: arena + Int(info.offset), width: Int(info.width), height: Int(info.height),
                                              x: Int(bxs[s]) + Int(info.x0) + ox, y: Int(bys[s]) + Int(info.y0) + oy,
                                              clip: clip, tile: tile, shape: shape, base: base, stride: stride)
                    }
                    if marked >> UInt32(p) & 1 != 0 {
                        blendGlyph(paint: p, key: key, x: Int(bxs[s]) + ox, y: Int(bys[s]) + oy, angle: l.deviceAngle, clip: clip,
                                   base: base, stride: stride)
                    }
                }
            }
        }}}}}}
        // Seats whose size differs from the masks': direct rasterization (rare).
        if !pathSeats.isEmpty {
            ctx.transform = l.transform.concatenating(AffineTransform(translationX: Double(ox), y: Double(oy)))
            for s in pathSeats {
                guard let status = ChartScene.Paint.status(scene.paint[s]) else { continue }
                ctx.fill(venue.seatPath(s), with: map.look(status, highlight: highlight, background: style.background).paint(in: ctx, origin: (paletteOrigin.x + ox, paletteOrigin.y + oy),
                                                                          opacity: scene.seatOpacity))
            }
        }
        ctx.restore()
    }
}
