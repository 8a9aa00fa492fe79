#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster
import Seating

/// The chart scene placed on the device for one chart → content transform: every seat's base
/// pixel and mask key, seats binned by content tile, and the field and tribunes as flattened
/// device-space paths (built lazily, when a tile first needs them).
///
/// Content pixels are screen pixels at the time the layout was made; a pan by whole pixels
/// only moves the screen over the content (`screen = content + pan`), so the layout and the
/// tiles drawn with it stay valid.
final class ChartSceneLayout {
    /// Tile side, px (the code divides by it with `>> 6`).
    static let tileSize = 64

    let transform: AffineTransform
    /// √|det| of the transform: device px per chart unit.
    let deviceScale: Double
    /// The transform's rotation, radians (clockwise on screen).
    let deviceAngle: Double
    /// The content tiles that have bins: columns `tileX0 ..< tileX0 + columns`, same for rows
    /// (the tiles of `reach` that seats can touch; tiles outside have no seats).
    let tileX0: Int, tileY0: Int, columns: Int, rows: Int
    /// The content rect (px, whole tiles) this layout serves: pans that keep the screen inside
    /// it reuse it.
    let reach: PixelRect
    /// Pixels a seat's mask may reach beyond its base pixel (the masks' margin): a seat is in
    /// the bins of the tiles from `firstTile(base: baseX, margin: binMargin)` to `lastTile`.
    let binMargin: Int

    /// The first content tile (column or row, 64 px tiles) a seat's mask can touch, from its base
    /// pixel `p` (content px): the seat is binned from there, and a seat in several tiles of one
    /// run is drawn from this one. (A shift: floors negative values too.)
    @inline(__always) static func firstTile(base p: Int, margin: Int) -> Int { (p &- margin) >> 6 }
    /// The last content tile a seat's mask can touch, from its base pixel `p`.
    @inline(__always) static func lastTile(base p: Int, margin: Int) -> Int { (p &+ margin &+ 1) >> 6 }

    /// Per seat: base pixel and mask key (−1: drawn by path, its size differs from the masks').
    private(set) var baseX: [Int32], baseY: [Int32], key: [Int32]
    /// `binSeats[binStart[b] ..< binStart[b + 1]]` are the seats touching tile b (index order).
    private(set) var binStart: [Int32], binSeats: [Int32]

    /// Field and tribunes in content pixels (flattened), nil until built.
    private(set) var fieldFill: Path?, fieldLines: Path?
    let fieldBounds: PixelRect
    private(set) var tribuneFill: [Path?], tribuneOutline: [Path?]
    /// Per tribune: its outline is drawn before its fill (a band), not after it (a stroke).
    private(set) var tribuneOutlineFirst: [Bool]
    let tribuneBounds: [PixelRect]

    /// Device px per chart unit of `m`.
    static func deviceScale(_ m: AffineTransform) -> Double { Swift.max(abs(m.a * m.d - m.b * m.c).squareRoot(), 1e-12) }

    /// The side of the scene's seats in device px through `m` (the seat masks' size).
    static func deviceSeat(_ scene: ChartScene, transform m: AffineTransform) -> Double {
        (scene.side.first ?? 0) * deviceScale(m)
    }

    /// - Parameter previous: a layout that is no longer needed; its arrays are reused.
    init(scene: ChartScene, transform m: AffineTransform, screen: PixelRect, masks: SeatMaskCache,
         style: ChartRenderer, workers: RowBandWorkers, recycling previous: ChartSceneLayout?) {
        transform = m
        let scale = Self.deviceScale(m)
        deviceScale = scale
        deviceAngle = atan2(m.b, m.a)
        let venue = scene.venue
        let T = ChartSceneLayout.tileSize

        // Device bounds of chart rects, padded for outlines.
        func deviceBounds(_ r: Rect, pad: Double) -> PixelRect {
            let d = r.applying(m)
            guard d.minX.isFinite, d.maxX.isFinite, d.minY.isFinite, d.maxY.isFinite else {
                return PixelRect(x: 0, y: 0, width: 0, height: 0)
            }
            let x0 = Int((d.minX - pad).rounded(.down)), y0 = Int((d.minY - pad).rounded(.down))
            let x1 = Int((d.maxX + pad).rounded(.up)) + 1, y1 = Int((d.maxY + pad).rounded(.up)) + 1
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let outlinePad = Swift.max(style.outlineWidth, style.fieldLineWidth) + 2
        fieldBounds = deviceBounds(venue.field, pad: outlinePad)
        tribuneBounds = venue.tribunes.map { deviceBounds($0.bounds, pad: outlinePad) }
        tribuneFill = Array(repeating: nil, count: venue.tribunes.count)
        tribuneOutline = Array(repeating: nil, count: venue.tribunes.count)
        tribuneOutlineFirst = Array(repeating: false, count: venue.tribunes.count)

        let deviceSeat = Self.deviceSeat(scene, transform: m)
        masks.configure(deviceSize: deviceSeat)
        let margin = masks.margin
        binMargin = margin

        // Reach: four screens around the screen, out to whole tiles. A pan stays inside it for
        // a while.
        let rx0 = (screen.minX - 4 * screen.width) >> 6, ry0 = (screen.minY - 4 * screen.height) >> 6
        let rx1 = (screen.minX + 5 * screen.width - 1) >> 6 + 1, ry1 = (screen.minY + 5 * screen.height - 1) >> 6 + 1
        reach = PixelRect(x: rx0 * T, y: ry0 * T, width: (rx1 - rx0) * T, height: (ry1 - ry0) * T)
        // Bins only where seats can be within reach (the seats' extent on the device, padded
        // for their masks): a venue smaller than reach — every one at home — sorts into as
        // many bins as it covers tiles, not 81 screens' worth.
        var region = reach
        if let e = scene.seatExtent {
            region = region.intersection(deviceBounds(e, pad: Double(margin + 2)))
        }
        if region.isEmpty { region = PixelRect(x: reach.minX, y: reach.minY, width: 1, height: 1) }
        tileX0 = region.minX >> 6; tileY0 = region.minY >> 6
        columns = ((region.maxX - 1) >> 6) - tileX0 + 1
        rows = ((region.maxY - 1) >> 6) - tileY0 + 1

        // Seats: base pixel, phase and rotation step → key, and the tiles the mask can touch
        // (in parallel, contiguous ranges); each range counts its seats per bin (`countBins`);
        // then they are placed (`placeInBins`).
        let n = scene.seatCount
        var bx = previous?.baseX ?? [], by = previous?.baseY ?? [], keys = previous?.key ?? []
        var firstTile = previous?.firstTile ?? [], span = previous?.span ?? []
        var counts = previous?.binStart ?? [], items = previous?.binSeats ?? []
        var cursor = previous?.cursor ?? []
        previous?.releaseStorage()
        if bx.count != n {
            bx = [Int32](repeating: 0, count: n); by = bx; keys = bx; firstTile = bx
            span = [UInt8](repeating: 0, count: n)
        }
        let phases = SeatMaskCache.phases
        let fPhases = Double(phases)
        let cols = columns, rws = rows
        let steps = masks.rotationSteps
        let tx0 = tileX0, ty0 = tileY0
        let originX = tx0 * T, originY = ty0 * T
        let a = m.a, b = m.b, c = m.c, d = m.d, tx = m.tx, ty = m.ty
        let angle = atan2(m.b, m.a)
        let seatSide = scene.side.first ?? 0
        // Seats outside the binned region are skipped (they cannot reach the screen before the
        // next layout).
        let limitX0 = Double(originX - margin - 2), limitX1 = Double(originX + cols * T + margin + 2)
        let limitY0 = Double(originY - margin - 2), limitY1 = Double(originY + rws * T + margin + 2)
        let chunks = workers.count
        // Positions round to the nearest 1/8 px with FastRounding (|v| < 2³¹ here: the limits
        // above bound X and Y to a few screens).
        let phaseShift = SeatMaskCache.phaseBits
        let binCount = cols * rws
        Self.binCursors(&cursor, ranges: chunks, binCount: binCount)
        cursor.withUnsafeMutableBufferPointer { cur in
        bx.withUnsafeMutableBufferPointer { bxs in
        by.withUnsafeMutableBufferPointer { bys in
        keys.withUnsafeMutableBufferPointer { ks in
        firstTile.withUnsafeMutableBufferPointer { fts in
        span.withUnsafeMutableBufferPointer { sps in
        scene.centerX.withUnsafeBufferPointer { cxs in
        scene.centerY.withUnsafeBufferPointer { cys in
        scene.rotation.withUnsafeBufferPointer { rots in
        scene.side.withUnsafeBufferPointer { sides in
            workers.run(count: chunks, inlineBelow: 2) { _, chunk in
                let seats = Self.seatRange(chunk, of: n, ranges: chunks)
                for i in seats {
                    let X = a * cxs[i] + c * cys[i] + tx, Y = b * cxs[i] + d * cys[i] + ty
                    guard X > limitX0, X < limitX1, Y > limitY0, Y < limitY1 else { ks[i] = -2; continue }
                    // Ties go up (as ⌊v + ½⌋): the sum rounds them to even.
                    let vx = X * fPhases, vy = Y * fPhases
                    var qx = Int(FastRounding.int32(vx))
                    var qy = Int(FastRounding.int32(vy))
                    if Double(qx) - vx == -0.5 { qx &+= 1 }
                    if Double(qy) - vy == -0.5 { qy &+= 1 }
                    let ix = qx >> phaseShift, iy = qy >> phaseShift
                    let kx = qx & (phases - 1), ky = qy & (phases - 1)
                    bxs[i] = Int32(truncatingIfNeeded: ix); bys[i] = Int32(truncatingIfNeeded: iy)
                    if sides[i] == seatSide {
                        let q = SeatMaskCache.rotationStep(rots[i] + angle, steps: steps)
                        ks[i] = Int32(truncatingIfNeeded: (q &* phases &+ ky) &* phases &+ kx)
                    } else {
                        ks[i] = -1
                    }
                    // Tiles within the region (bin columns and rows count from tileX0, tileY0).
                    let cx0 = Swift.max(Self.firstTile(base: ix, margin: margin) &- tx0, 0)
                    let cx1 = Swift.min(Self.lastTile(base: ix, margin: margin) &- tx0, cols &- 1)
                    let cy0 = Swift.max(Self.firstTile(base: iy, margin: margin) &- ty0, 0)
                    let cy1 = Swift.min(Self.lastTile(base: iy, margin: margin) &- ty0, rws &- 1)
                    if cx0 > cx1 || cy0 > cy1 { ks[i] = -2; continue }
                    fts[i] = Int32(truncatingIfNeeded: cy0 &* cols &+ cx0)
                    sps[i] = UInt8(truncatingIfNeeded: Swift.min(cx1 &- cx0, 15) | Swift.min(cy1 &- cy0, 15) << 4)
                }
                // The range's bin counts while its tiles are in cache (`placeInBins` places them).
                Self.countBins(seats, keys: UnsafeBufferPointer(ks), firstTile: UnsafeBufferPointer(fts), span: UnsafeBufferPointer(sps),
                               columns: cols, binCount: binCount, into: cur.baseAddress! + chunk &* binCount)
            }
        }}}}}}}}}}
        Self.placeInBins(seats: n, keys: keys, firstTile: firstTile, span: span, columns: cols, binCount: binCount,
                         workers: workers, binStart: &counts, cursor: &cursor, binSeats: &items)
        self.cursor = cursor
        baseX = bx; baseY = by; key = keys
        self.firstTile = firstTile; self.span = span
        binStart = counts; binSeats = items
    }

    /// Per seat: the first bin its mask touches and the extra columns | rows << 4.
    private(set) var firstTile: [Int32], span: [UInt8]
    /// Scratch for the counting sort (kept for the next layout).
    private var cursor: [Int32] = []

    /// Hands the big arrays to the next layout (this one is done).
    private func releaseStorage() {
        baseX = []; baseY = []; key = []; firstTile = []; span = []; binStart = []; binSeats = []; cursor = []
    }

    /// The bin of content tile (tx, ty), or nil outside the binned region.
    @inline(__always) func bin(tileX tx: Int, tileY ty: Int) -> Int? {
        let x = tx - tileX0, y = ty - tileY0
        guard x >= 0, y >= 0, x < columns, y < rows else { return nil }
        return y * columns + x
    }

    /// True when the content rect lies inside `reach` (else a new layout is needed).
    func covers(_ r: PixelRect) -> Bool {
        r.minX >= reach.minX && r.minY >= reach.minY && r.maxX <= reach.maxX && r.maxY <= reach.maxY
    }

    /// Builds the field's device paths (if not yet).
    func ensureField(_ venue: Venue, outlines: ChartSceneOutlines) {
        guard fieldFill == nil else { return }
        var p = Path(); p.addRect(venue.field)
        fieldFill = p.applying(transform).flattened(tolerance: 0.1)
        fieldLines = outlines.fieldLines(venue).applying(transform).flattened(tolerance: 0.1)
    }

    /// Builds the device paths of the tribunes in `list` that have none yet, on the workers.
    func ensureTribunes(_ list: [Int], _ venue: Venue, outlines: ChartSceneOutlines, workers: RowBandWorkers) {
        let missing = list.filter { tribuneFill[$0] == nil }
        guard !missing.isEmpty else { return }
        outlines.prepare(missing, venue, workers: workers)
        let m = transform
        tribuneFill.withUnsafeMutableBufferPointer { fills in
        tribuneOutline.withUnsafeMutableBufferPointer { lines in
        tribuneOutlineFirst.withUnsafeMutableBufferPointer { first in
            workers.run(count: missing.count) { _, i in
                let t = missing[i]
                let shapes = outlines.tribuneShapes(t, venue)
                let tolerance = shapes.flatteningTolerance
                fills[t] = shapes.fill.applying(m).flattened(tolerance: tolerance)
                lines[t] = shapes.outline.applying(m).flattened(tolerance: tolerance)
                first[t] = shapes.outlineFirst
            }
        }}}
    }

    /// Builds tribune `t`'s device paths (if not yet).
    func ensureTribune(_ t: Int, _ venue: Venue, outlines: ChartSceneOutlines) {
        guard tribuneFill[t] == nil else { return }
        let shapes = outlines.tribuneShapes(t, venue)
        tribuneFill[t] = shapes.fill.applying(transform).flattened(tolerance: shapes.flatteningTolerance)
        tribuneOutline[t] = shapes.outline.applying(transform).flattened(tolerance: shapes.flatteningTolerance)
        tribuneOutlineFirst[t] = shapes.outlineFirst
    }
}
