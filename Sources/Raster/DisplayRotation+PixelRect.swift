import Geometry

extension DisplayRotation {
    /// The panel (device) rectangle covered by rectangle `r` of an upright `lw`×`lh` picture.
    public func deviceRect(_ r: PixelRect, logicalWidth lw: Int, logicalHeight lh: Int) -> PixelRect {
        switch self {
        case .degrees0: r
        case .degrees90: PixelRect(x: lh - r.maxY, y: r.x, width: r.height, height: r.width)
        case .degrees180: PixelRect(x: lw - r.maxX, y: lh - r.maxY, width: r.width, height: r.height)
        case .degrees270: PixelRect(x: r.y, y: lw - r.maxX, width: r.height, height: r.width)
        }
    }
}
