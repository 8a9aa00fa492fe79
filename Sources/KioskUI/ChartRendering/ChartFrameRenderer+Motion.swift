import Geometry
import Raster
import Seating

/// How views in motion are drawn: which frames resample the last exact frame, and where a
/// shrinking frame's exact frame is drawn (`render` decides with these).
extension ChartFrameRenderer {
    func isInFlight(_ v: ChartViewState) -> Bool { v.manualZoom != 1 || v.currentRotation != 0 }

    /// How far an in-flight frame may magnify the last exact frame (relative scale) before it
    /// is drawn exactly, and how much further out a shrinking frame's exact frame is drawn.
    static let resampleReach = 1.45
    static let furtherOutScale = 1.4

    /// `m` shrunk by `furtherOutScale` about the screen's centre: the same centre, more around it.
    static func furtherOut(_ m: AffineTransform, screen: PixelRect) -> AffineTransform {
        let cx = Double(screen.width) / 2, cy = Double(screen.height) / 2
        let s = 1 / furtherOutScale
        return m.concatenating(AffineTransform(a: s, b: 0, c: 0, d: s, tx: cx * (1 - s), ty: cy * (1 - s)))
    }

    func relativeScale(_ m: AffineTransform, _ l: AffineTransform) -> Double {
        let dm = abs(m.a * m.d - m.b * m.c), dl = abs(l.a * l.d - l.b * l.c)
        guard dl > 0 else { return 0 }
        return (dm / dl).squareRoot()
    }
}
