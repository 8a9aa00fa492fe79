import Geometry
import Raster

/// The chrome's opaque bands — the header and the bottom bar, and the low-reach covers above
/// and below the chrome's area — as drawn for one snapshot: a chart frame under unchanged
/// chrome copies them back instead of drawing the chrome there again, and copies no chart
/// under them. At 4K the bar alone (its fill, the legend's swatches and text) cost about 1 ms
/// a frame.
///
/// Sound because the bands are filled opaque before anything else is drawn in them
/// (`HeaderView`, `BottomBarView`, `coverOutsideChromeArea`), and everything drawn over them is
/// a function of the `SessionSnapshot` (the views draw from it alone); a change of layout,
/// palette or strings invalidates the frame cache and the bands with it.
final class ChromeStrips {
    /// The bands (screen px, full width, top to bottom) the pixels were taken for.
    private(set) var bands: [PixelRect] = []
    private var pixels: [Surface] = []
    private var snapshot: SessionSnapshot?

    /// The whole-pixel bands of `layout` that the chrome alone decides; empty when the
    /// palette's band colours are not opaque (the chart would show through).
    static func bands(layout: KioskLayout, palette: KioskPalette) -> [PixelRect] {
        guard palette.headerBackground.alpha >= 1, palette.barBackground.alpha >= 1 else { return [] }
        let w = Int(layout.size.width.rounded()), h = Int(layout.size.height.rounded())
        let area = layout.chromeArea
        // Rows wholly inside each opaque rect (its edge rows may be blended with the chart).
        func rows(_ top: Double, _ bottom: Double) -> PixelRect? {
            let y0 = Int(top.rounded(.up)), y1 = Int(bottom.rounded(.down))
            return y1 > y0 ? PixelRect(x: 0, y: y0, width: w, height: y1 - y0).intersection(PixelRect(x: 0, y: 0, width: w, height: h)) : nil
        }
        var spans: [PixelRect] = []
        for r in [layout.header, layout.bottomBar] where r.minX <= 0 && r.maxX >= layout.size.width {
            if let b = rows(r.minY, r.maxY) { spans.append(b) }
        }
        if area.minY > 0, let b = rows(0, area.minY) { spans.append(b) }
        if area.maxY < layout.size.height, let b = rows(area.maxY, layout.size.height) { spans.append(b) }
        // Sorted and merged where they touch.
        var merged: [PixelRect] = []
        for b in spans.filter({ !$0.isEmpty }).sorted(by: { $0.minY < $1.minY }) {
            if let last = merged.last, b.minY <= last.maxY {
                merged[merged.count - 1] = last.union(b)
            } else {
                merged.append(b)
            }
        }
        return merged
    }

    /// True when the bands hold `frame`'s chrome for `bands`.
    func holds(_ frame: SessionSnapshot, bands: [PixelRect]) -> Bool {
        snapshot == frame && self.bands == bands && !bands.isEmpty
    }

    /// Takes the bands' pixels from `surface`, which shows `frame`'s chrome there in full.
    func capture(from surface: Surface, frame: SessionSnapshot, bands: [PixelRect]) {
        if pixels.count != bands.count || zip(pixels, bands).contains(where: { $0.width != $1.width || $0.height != $1.height }) {
            pixels = bands.map { Surface(width: $0.width, height: $0.height) }
        }
        for (p, b) in zip(pixels, bands) { p.copy(from: surface, sourceRect: b, to: (0, 0)) }
        self.bands = bands
        snapshot = frame
    }

    /// Copies the bands' pixels within `clip` into `surface`; a large band's rows are shared
    /// among `workers` (at 4K the chrome's bands are megapixels, restored on every frame).
    func restore(into surface: Surface, clip: PixelRect, workers: RowBandWorkers) {
        for (p, b) in zip(pixels, bands) {
            workers.forEachBand(of: b.intersection(clip)) { r in
                surface.copy(from: p, sourceRect: PixelRect(x: r.minX - b.minX, y: r.minY - b.minY, width: r.width, height: r.height),
                             to: (r.minX, r.minY))
            }
        }
    }

    /// Rows a part reaches into the bands around it: what is drawn across a band's edge is cut
    /// by the part's clip inside the band, whose rows `restore` then replaces (a clip's edge row
    /// may differ from an unclipped drawing by a level).
    static let overlap = 4

    /// The parts of `rect` outside the bands (whole rows between them), each reaching
    /// `overlap` rows into the bands beside it.
    func outside(_ rect: PixelRect) -> [PixelRect] {
        var parts: [PixelRect] = []
        var y = rect.minY
        func add(_ y0: Int, _ y1: Int) {
            let top = Swift.max(rect.minY, y0 - Self.overlap), bottom = Swift.min(rect.maxY, y1 + Self.overlap)
            if bottom > top { parts.append(PixelRect(x: rect.minX, y: top, width: rect.width, height: bottom - top)) }
        }
        for b in bands where b.maxY > y && b.minY < rect.maxY {
            if b.minY > y { add(y, b.minY) }
            y = Swift.max(y, b.maxY)
        }
        if y < rect.maxY { add(y, rect.maxY) }
        return parts
    }

    func invalidate() { snapshot = nil }
}
