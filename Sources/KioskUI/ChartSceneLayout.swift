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
    static let tileSize = 64

    let transform: AffineTransform
    /// √|det| of the transform: device px per chart unit.
    let deviceScale: Double
    /// The transform's rotation, radians (clockwise on screen).
    let deviceAngle: Double
    /// The content tiles that have bins: columns `tileX0 ..< tileX0 + columns`, same for rows.
    let tileX0: Int, tileY0: Int, columns: Int, rows: Int

    /// Per seat: base pixel and mask key (−1: drawn by path, its size differs from the masks').
    private(set) var baseX: [Int32], baseY: [Int32], key: [Int32]
    /// `binSeats[binStart[b] ..< binStart[b + 1]]` are the seats touching tile b (index order).
    private(set) var binStart: [Int32], binSeats: [Int32]

    /// Field and tribunes in content pixels (flattened), nil until built.
    private(set) var fieldFill: Path?, fieldLines: Path?
    let fieldBounds: PixelRect
    private(set) var tribuneFill: [Path?], tribuneOutline: [Path?]
    let tribuneBounds: [PixelRect]

    init(scene: ChartScene, transform m: AffineTransform, screen: PixelRect, masks: SeatMaskCache,
         style: ChartRenderer) {
        transform = m
        let scale = Swift.max(abs(m.a * m.d - m.b * m.c).squareRoot(), 1e-12)
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

        // The binned region: the venue's device bounds, within four screens of the screen.
        let venueBounds = deviceBounds(Rect(origin: .zero, size: venue.size), pad: Double(masks.margin + 2))
        let reach = PixelRect(x: screen.minX - 4 * screen.width, y: screen.minY - 4 * screen.height,
                              width: 9 * screen.width, height: 9 * screen.height)
        let region = venueBounds.intersection(reach).union(screen)
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        tileX0 = floorDiv(region.minX, T); tileY0 = floorDiv(region.minY, T)
        columns = floorDiv(region.maxX - 1, T) - tileX0 + 1
        rows = floorDiv(region.maxY - 1, T) - tileY0 + 1

        // Seats: base pixel, phase and rotation step → key; then counting sort into bins.
        let n = scene.seatCount
        var bx = [Int32](repeating: 0, count: n), by = [Int32](repeating: 0, count: n)
        var keys = [Int32](repeating: -1, count: n)
        let phases = SeatMaskCache.phases
        let fPhases = Double(phases)
        let deviceSeat = (scene.side.first ?? 0) * scale
        masks.configure(deviceSize: deviceSeat)
        let margin = masks.margin
        let cols = columns, rws = rows, tx0 = tileX0, ty0 = tileY0
        var counts = [Int32](repeating: 0, count: cols * rws + 1)
        let a = m.a, b = m.b, c = m.c, d = m.d, tx = m.tx, ty = m.ty
        let angle = atan2(m.b, m.a)
        let seatSide = scene.side.first ?? 0
        // Seats far outside the binned region are skipped (they cannot be on screen before the
        // next layout).
        let limitX0 = Double(tx0 * T - margin - 2), limitX1 = Double((tx0 + cols) * T + margin + 2)
        let limitY0 = Double(ty0 * T - margin - 2), limitY1 = Double((ty0 + rws) * T + margin + 2)
        scene.centerX.withUnsafeBufferPointer { cxs in
        scene.centerY.withUnsafeBufferPointer { cys in
        scene.rotation.withUnsafeBufferPointer { rots in
        scene.side.withUnsafeBufferPointer { sides in
            for i in 0..<n {
                let X = a * cxs[i] + c * cys[i] + tx, Y = b * cxs[i] + d * cys[i] + ty
                guard X > limitX0, X < limitX1, Y > limitY0, Y < limitY1 else { keys[i] = -2; continue }
                var ix = Int(X.rounded(.down)), iy = Int(Y.rounded(.down))
                var kx = Int((X - Double(ix)) * fPhases + 0.5), ky = Int((Y - Double(iy)) * fPhases + 0.5)
                if kx == phases { kx = 0; ix += 1 }
                if ky == phases { ky = 0; iy += 1 }
                bx[i] = Int32(ix); by[i] = Int32(iy)
                if sides[i] == seatSide {
                    let q = masks.rotationStep(rots[i] + angle)
                    keys[i] = Int32((q * phases + ky) * phases + kx)
                }
                let cx0 = floorDiv(ix - margin, T) - tx0, cx1 = floorDiv(ix + margin + 1, T) - tx0
                let cy0 = floorDiv(iy - margin, T) - ty0, cy1 = floorDiv(iy + margin + 1, T) - ty0
                var yy = Swift.max(cy0, 0)
                while yy <= Swift.min(cy1, rws - 1) {
                    var xx = Swift.max(cx0, 0)
                    while xx <= Swift.min(cx1, cols - 1) { counts[yy * cols + xx + 1] &+= 1; xx += 1 }
                    yy += 1
                }
            }
        }}}}
        for i in 1..<counts.count { counts[i] &+= counts[i - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for i in 0..<n where keys[i] != -2 {
            let ix = Int(bx[i]), iy = Int(by[i])
            let cx0 = floorDiv(ix - margin, T) - tx0, cx1 = floorDiv(ix + margin + 1, T) - tx0
            let cy0 = floorDiv(iy - margin, T) - ty0, cy1 = floorDiv(iy + margin + 1, T) - ty0
            var yy = Swift.max(cy0, 0)
            while yy <= Swift.min(cy1, rws - 1) {
                var xx = Swift.max(cx0, 0)
                while xx <= Swift.min(cx1, cols - 1) {
                    let k = yy * cols + xx
                    items[Int(fill[k])] = Int32(i); fill[k] &+= 1
                    xx += 1
                }
                yy += 1
            }
        }
        baseX = bx; baseY = by; key = keys
        binStart = counts; binSeats = items
    }

    /// The bin of content tile (tx, ty), or nil outside the binned region.
    @inline(__always) func bin(tileX tx: Int, tileY ty: Int) -> Int? {
        let x = tx - tileX0, y = ty - tileY0
        guard x >= 0, y >= 0, x < columns, y < rows else { return nil }
        return y * columns + x
    }

    /// True when the content rect lies inside the binned region (else a new layout is needed).
    func covers(_ r: PixelRect) -> Bool {
        let T = ChartSceneLayout.tileSize
        return r.minX >= tileX0 * T && r.minY >= tileY0 * T && r.maxX <= (tileX0 + columns) * T
            && r.maxY <= (tileY0 + rows) * T
    }

    /// Builds the field's device paths (if not yet).
    func ensureField(_ venue: Venue, outlines: ChartSceneOutlines) {
        guard fieldFill == nil else { return }
        var p = Path(); p.addRect(venue.field)
        fieldFill = p.applying(transform).flattened(tolerance: 0.1)
        fieldLines = outlines.fieldLines(venue).applying(transform).flattened(tolerance: 0.1)
    }

    /// Builds tribune `t`'s device paths (if not yet).
    func ensureTribune(_ t: Int, _ venue: Venue, outlines: ChartSceneOutlines) {
        guard tribuneFill[t] == nil else { return }
        tribuneFill[t] = venue.tribunes[t].path.applying(transform).flattened(tolerance: 0.1)
        tribuneOutline[t] = outlines.tribuneOutline(t, venue).applying(transform).flattened(tolerance: 0.1)
    }
}
