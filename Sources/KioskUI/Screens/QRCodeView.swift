import Geometry
import QRCode
import Raster

/// A QR code painted straight into the surface: whole-pixel modules, dark on white with the
/// spec's 4-module quiet zone, no anti-aliasing (a reader wants hard edges), through the
/// context's clip rectangle. At least 25 mm on the panel so a phone reads it from arm's length,
/// and never larger than its box.
struct QRCodeView {
    /// The smallest code on the panel, mm (quiet zone included): phones read 25 mm at 30–40 cm.
    static let minimumMillimetres = 25.0

    let code: QRCode
    /// Where the quiet zone's top-left corner goes, device px.
    let origin: (x: Int, y: Int)
    /// The side of one module, px.
    let modulePixels: Int

    /// The code's side with its quiet zone, px.
    var side: Int { code.sizeWithQuietZone * modulePixels }

    /// The module size, px, for `modules` modules a side (quiet zone included) on a panel of
    /// `pixelsPerMillimetre`: the largest whole size whose code is at most `preferred` px, but
    /// at least `minimumMillimetres` on the panel; never more than fits a square box of
    /// `fitting` px (a box too small for 25 mm gets what fits). Unknown density (0): the
    /// largest up to `preferred` that fits. At least 1.
    static func modulePixels(modules: Int, pixelsPerMillimetre ppm: Double, preferred: Double, fitting box: Double) -> Int {
        let n = Double(max(1, modules))
        let fit = Int((box / n).rounded(.down))
        let least = ppm.isFinite && ppm > 0 ? Int((minimumMillimetres * ppm / n).rounded(.up)) : 1
        let most = max(least, Int((preferred / n).rounded(.down)))
        return max(1, min(fit, most))
    }

    /// Paints the quiet zone white and each dark run of a module row black, clipped to the
    /// context's clip bounds.
    func draw(in context: DrawingContext) {
        let surface = context.surface, clip = context.clipBounds
        let m = modulePixels, n = code.size, q = QRCode.quietZone
        let whole = PixelRect(x: origin.x, y: origin.y, width: side, height: side).intersection(clip)
        guard !whole.isEmpty else { return }
        surface.fill(whole, with: Color.white.premultiplied)
        let dark = Color.black.premultiplied
        code.modules.withUnsafeBufferPointer { modules in
            for y in 0..<n {
                let top = origin.y + (y + q) * m
                guard top < clip.maxY, top + m > clip.minY else { continue }
                let row = y * n
                var x = 0
                while x < n {
                    guard modules[row + x] != 0 else { x += 1; continue }
                    // One rectangle per run of dark modules.
                    var end = x + 1
                    while end < n, modules[row + end] != 0 { end += 1 }
                    let run = PixelRect(x: origin.x + (x + q) * m, y: top, width: (end - x) * m, height: m)
                    surface.fill(run.intersection(clip), with: dark)
                    x = end
                }
            }
        }
    }
}
