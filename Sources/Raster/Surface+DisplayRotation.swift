import Raster
import Recording

extension Surface {
    /// Copies this (upright) picture into `panel` turned clockwise by `rotation`, as the panel
    /// shows it: with 90°, upright pixel (x, y) lands at panel pixel (height − 1 − y, x), so the
    /// picture's top-left corner is at the panel's top-right. `panel` must be `height`×`width`
    /// for 90/270 and `width`×`height` otherwise; other sizes are left untouched.
    public func turn(by rotation: DisplayRotation, into panel: Surface) {
        let w = width, h = height
        let (pw, ph) = rotation.swapsAxes ? (h, w) : (w, h)
        guard panel.width == pw, panel.height == ph else { return }
        for y in 0..<h {
            let src = row(y)
            switch rotation {
            case .degrees0:
                let dst = panel.row(y)
                for x in 0..<w { dst[x] = src[x] }
            case .degrees90:
                let px = h - 1 - y
                for x in 0..<w { panel.row(x)[px] = src[x] }
            case .degrees180:
                let dst = panel.row(h - 1 - y)
                for x in 0..<w { dst[w - 1 - x] = src[x] }
            case .degrees270:
                for x in 0..<w { panel.row(w - 1 - x)[y] = src[x] }
            }
        }
    }
}
