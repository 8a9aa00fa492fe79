import Raster

/// The chart's back buffer: ordinary cached memory divided into square tiles, addressed as a
/// ring so a pan never moves pixels. Content tile (tx, ty) — content pixels
/// [tx·T, tx·T + T) × [ty·T, ty·T + T) — lives in buffer tile (tx mod columns, ty mod rows),
/// and the buffer is one tile wider and taller than the screen rounded up, so every content
/// tile the screen can show at once has its own buffer tile; both counts are powers of two, so
/// content → buffer is a mask, not a division (the resampler does it per pixel). Each buffer
/// tile remembers which content tile it holds; anything else is stale.
final class TileGrid {
    let tileSize: Int
    /// Buffer tiles across and down.
    let columns: Int, rows: Int
    let buffer: Surface
    private var holds: [Int]
    private static let nothing = Int.min

    init(screenWidth: Int, screenHeight: Int, tileSize: Int = ChartSceneLayout.tileSize) {
        self.tileSize = tileSize
        func powerOfTwo(atLeast n: Int) -> Int { var p = 1; while p < n { p <<= 1 }; return p }
        columns = powerOfTwo(atLeast: (Swift.max(screenWidth, 1) + tileSize - 1) / tileSize + 1)
        rows = powerOfTwo(atLeast: (Swift.max(screenHeight, 1) + tileSize - 1) / tileSize + 1)
        buffer = Surface(width: columns * tileSize, height: rows * tileSize)
        holds = Array(repeating: TileGrid.nothing, count: columns * rows)
    }

    /// a mod m for a power of two m (also for negative a).
    @inline(__always) static func mod(_ a: Int, _ m: Int) -> Int { a & (m &- 1) }

    @inline(__always) private func pack(_ tx: Int, _ ty: Int) -> Int { (tx << 32) ^ (ty & 0xFFFF_FFFF) }
    @inline(__always) private func slot(_ tx: Int, _ ty: Int) -> Int {
        TileGrid.mod(ty, rows) * columns + TileGrid.mod(tx, columns)
    }

    func isValid(tileX tx: Int, tileY ty: Int) -> Bool { holds[slot(tx, ty)] == pack(tx, ty) }
    func markValid(tileX tx: Int, tileY ty: Int) { holds[slot(tx, ty)] = pack(tx, ty) }
    func invalidate(tileX tx: Int, tileY ty: Int) {
        if holds[slot(tx, ty)] == pack(tx, ty) { holds[slot(tx, ty)] = TileGrid.nothing }
    }
    func invalidateAll() { for i in holds.indices { holds[i] = TileGrid.nothing } }

    /// Buffer pixel of content tile (tx, ty)'s top-left corner.
    @inline(__always) func bufferOrigin(tileX tx: Int, tileY ty: Int) -> (x: Int, y: Int) {
        (TileGrid.mod(tx, columns) * tileSize, TileGrid.mod(ty, rows) * tileSize)
    }

    /// The content tiles touching content rect `r`: (tx0, ty0, tx1, ty1), inclusive.
    func tiles(touching r: PixelRect) -> (Int, Int, Int, Int)? {
        guard !r.isEmpty else { return nil }
        let T = tileSize
        func floorDiv(_ a: Int) -> Int { a >= 0 ? a / T : -((-a + T - 1) / T) }
        return (floorDiv(r.minX), floorDiv(r.minY), floorDiv(r.maxX - 1), floorDiv(r.maxY - 1))
    }

    /// Copies content rect `r` (whose tiles must be valid) to `surface` at `r` moved by `pan`
    /// (screen = content + pan); parts outside the surface are skipped.
    func copy(content r: PixelRect, pan: (x: Int, y: Int), into surface: Surface) {
        let screen = PixelRect(x: r.minX + pan.x, y: r.minY + pan.y, width: r.width, height: r.height)
            .intersection(surface.bounds)
        guard !screen.isEmpty else { return }
        let cx0 = screen.minX - pan.x, cy0 = screen.minY - pan.y
        let bufferWidth = columns * tileSize, bufferHeight = rows * tileSize
        for j in 0..<screen.height {
            let by = TileGrid.mod(cy0 + j, bufferHeight)
            let src = buffer.row(by)
            let dst = surface.row(screen.minY + j) + screen.minX
            var x = 0
            while x < screen.width {
                let bx = TileGrid.mod(cx0 + x, bufferWidth)
                let n = Swift.min(screen.width - x, bufferWidth - bx)
                (dst + x).update(from: src + bx, count: n)
                x += n
            }
        }
    }
}
