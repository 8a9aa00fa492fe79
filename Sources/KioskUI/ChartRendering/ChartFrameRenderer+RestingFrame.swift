import Geometry
import Raster

/// Where an exact frame at rest is cut in two (`spreadsRestingFrames`).
extension ChartFrameRenderer {
    /// A seat's drawing (mask lookup, clip, blend, and its share of the masks made for the new
    /// seat size) in pixels of a tile's background fill and copy.
    static let seatWeight = 256

    /// How many of `tiles` (row by row, as `render` lists them) make about half the frame's
    /// drawing, cut at the end of a tile row; at least one tile and never all of them. A tile
    /// weighs its pixels plus `seatWeight` for each seat binned in it.
    func firstHalf(of tiles: [(Int, Int)]) -> Int {
        guard tiles.count > 1, let l = layout else { return tiles.count / 2 }
        let area = grid.tileSize * grid.tileSize
        let weights = tiles.map { tile -> Int in
            guard let b = l.bin(tileX: tile.0, tileY: tile.1) else { return area }
            return area + Self.seatWeight * Int(l.binStart[b + 1] - l.binStart[b])
        }
        let total = weights.reduce(0, +)
        var sum = 0, cut = tiles.count - 1
        for (i, w) in weights.enumerated() {
            sum += w
            if 2 * sum >= total { cut = i + 1; break }
        }
        while cut < tiles.count && tiles[cut].1 == tiles[cut - 1].1 { cut += 1 }   // the row's end
        return Swift.min(Swift.max(cut, 1), tiles.count - 1)
    }

    /// The most a point of the screen may move between the view the screen shows and the view
    /// at rest for the frame at rest to be spread (px): the fingers' lift can move the view by
    /// a few thousandths of a pixel after the last frame in motion. A quarter of what the
    /// nearest-pixel resampling of that frame already shifts a pixel by.
    static let restingDrift = 0.125

    /// Whether the view at rest (`view`) puts no point of `screen` further than `restingDrift`
    /// from where the shown view (`shown`) puts it (both chart → screen). The drift is affine
    /// in the point, so the screen's corners bound it.
    static func showsTheSamePicture(_ shown: AffineTransform, _ view: AffineTransform, on screen: PixelRect) -> Bool {
        let drift = shown.inverted().concatenating(view)   // screen as shown → chart → screen at rest
        let corners = [(screen.minX, screen.minY), (screen.maxX, screen.minY), (screen.minX, screen.maxY), (screen.maxX, screen.maxY)]
        return corners.allSatisfy { x, y in
            let p = Point(x: Double(x), y: Double(y)), q = p.applying(drift)
            return abs(q.x - p.x) <= restingDrift && abs(q.y - p.y) <= restingDrift
        }
    }
}
