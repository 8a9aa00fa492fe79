import Geometry
import Raster
import Text

/// One chart label's pixels, shaped and rasterized once and blended many times: the text's
/// coverage and a dark halo around it (the text dilated), so white text reads on any seat or
/// tribune colour. Cropped to the ink plus the halo, so the box is what collision tests see.
struct LabelSprite {
    /// The sprite's size, px.
    let width: Int, height: Int
    /// `width`×`height` coverage bytes of the text, rows packed.
    let text: [UInt8]
    /// `width`×`height` coverage bytes of the halo (the text grown by the halo radius).
    let halo: [UInt8]

    static let empty = LabelSprite(width: 0, height: 0, text: [], halo: [])

    /// `string` ("\n" between lines, centred) at `fontSize` px per em, with a halo of `haloRadius`
    /// px; empty without ink (a blank string, no fonts).
    static func make(_ string: String, fontSize: Double, fonts: FontChain, renderer: TextRenderer,
                     haloRadius: Int) -> LabelSprite {
        let options = TextLayout.Options(wraps: false, alignment: .center)
        let layout = renderer.layout(string, fontSize: fontSize, options: options, fonts: fonts)
        let pad = haloRadius + 2
        let w = Int(layout.size.width.rounded(.up)) + 2 * pad, h = Int(layout.size.height.rounded(.up)) + 2 * pad
        guard w > 2 * pad, h > 2 * pad else { return .empty }
        let scratch = Surface(width: w, height: h)
        renderer.draw(layout, at: Point(x: Double(pad), y: Double(pad)), color: .white, in: DrawingContext(surface: scratch))
        // White premultiplied: the alpha byte is the coverage. Crop to the ink, keeping the halo.
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h {
            let row = scratch.row(y)
            for x in 0..<w where row[x] >> 24 != 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return .empty }
        let r = haloRadius
        let x0 = max(0, minX - r), y0 = max(0, minY - r), x1 = min(w - 1, maxX + r), y1 = min(h - 1, maxY + r)
        let cw = x1 - x0 + 1, ch = y1 - y0 + 1
        var text = [UInt8](repeating: 0, count: cw * ch)
        for y in 0..<ch {
            let row = scratch.row(y + y0)
            for x in 0..<cw { text[y * cw + x] = UInt8(truncatingIfNeeded: row[x + x0] >> 24) }
        }
        return LabelSprite(width: cw, height: ch, text: text, halo: dilate(text, width: cw, height: ch, radius: r))
    }

    /// Grey-scale dilation of `mask` by a disc of `radius` px: each pixel takes the largest
    /// coverage within the disc — the offsets (dx, dy) with dx² + dy² ≤ radius² + radius — so
    /// the halo keeps the text's anti-aliased rim. Pixels outside the mask count as 0.
    ///
    /// The disc is taken row by row: its row dy spans |dx| ≤ `halfWidth(dy)`, so a pixel's value
    /// is the largest, over dy, of row y + dy's running maximum over that span. Those running
    /// maxima are built one span wider at a time (a window of 2k + 1 is the largest of three
    /// windows of 2k − 1), so a sprite costs about 3·radius passes, not one per disc offset
    /// (about π·radius²; the halos were 14 % of a 4K kiosk's start-up profile).
    static func dilate(_ mask: [UInt8], width: Int, height: Int, radius: Int) -> [UInt8] {
        guard radius > 0, width > 0, height > 0, mask.count == width * height else { return mask }
        let limit = radius * radius + radius
        // Half-widths of the disc's rows, dy = −radius … radius (|dy| ≤ radius, so ≥ 0).
        var halfWidth = [Int](repeating: 0, count: 2 * radius + 1)
        for dy in -radius...radius {
            var hw = 0
            while (hw + 1) * (hw + 1) + dy * dy <= limit { hw += 1 }
            halfWidth[dy + radius] = hw
        }
        let widest = halfWidth.max() ?? 0
        // running[k]: each row's maximum over columns x − k … x + k (clipped to the row).
        let n = width * height
        var running = [UInt8](repeating: 0, count: n * (widest + 1))
        running.withUnsafeMutableBufferPointer { run in
            mask.withUnsafeBufferPointer { m in
                for i in 0..<n { run[i] = m[i] }
            }
            if widest > 0 {
                for k in 1...widest {
                    let previous = (k - 1) * n, level = k * n
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            var v = run[previous + row + x]
                            if x > 0 { v = Swift.max(v, run[previous + row + x - 1]) }
                            if x + 1 < width { v = Swift.max(v, run[previous + row + x + 1]) }
                            run[level + row + x] = v
                        }
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: n)
        running.withUnsafeBufferPointer { run in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    for dy in Swift.max(-radius, -y)...Swift.min(radius, height - 1 - y) {
                        let source = halfWidth[dy + radius] * n + (y + dy) * width
                        let row = y * width
                        for x in 0..<width { o[row + x] = Swift.max(o[row + x], run[source + x]) }
                    }
                }
            }
        }
        return out
    }

    /// Blends the sprite with its centre at (`cx`, `cy`) px: the halo in `haloColor`, then the
    /// text in `color`, both at `opacity` (0…1), within `clip`.
    func draw(centreX cx: Double, centreY cy: Double, color: Color, halo haloColor: Color, opacity: Double,
              into surface: Surface, clip: PixelRect) {
        guard width > 0, opacity > 0 else { return }
        let origin = topLeft(centreX: cx, centreY: cy)
        blend(halo, haloColor.withOpacity(opacity).premultiplied, at: origin, into: surface, clip: clip)
        blend(text, color.withOpacity(opacity).premultiplied, at: origin, into: surface, clip: clip)
    }

    private func blend(_ mask: [UInt8], _ pixel: PremultipliedPixel, at origin: (x: Int, y: Int),
                       into surface: Surface, clip: PixelRect) {
        mask.withUnsafeBufferPointer { m in
            guard let base = m.baseAddress else { return }
            GlyphMaskBlender.blend(mask: base, width: width, height: height, rowBytes: width, color: pixel,
                                   into: surface, x: origin.x, y: origin.y, clip: clip)
        }
    }

    /// The pixel where the sprite's top-left goes for a centre at (`cx`, `cy`).
    func topLeft(centreX cx: Double, centreY cy: Double) -> (x: Int, y: Int) {
        (Int((cx - Double(width) / 2).rounded()), Int((cy - Double(height) / 2).rounded()))
    }
}
