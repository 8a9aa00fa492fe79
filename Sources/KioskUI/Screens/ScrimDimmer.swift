import Raster

/// The modal card's dim: source-over of one premultiplied pixel on every pixel of a rectangle,
/// one blend per pixel (no rasterizing of a screen-sized rectangle).
enum ScrimDimmer {
    /// Lanes as Raster's compositor: d' = p + d·(255 − αp)/255, rounded exactly.
    static func dim(_ surface: Surface, within rect: PixelRect, by p: UInt32) {
        let r = rect.intersection(surface.bounds)
        let ia = UInt64(255 &- (p >> 24))
        guard !r.isEmpty, ia < 255 else { return }
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        let s = UInt64(p & 0x00FF_00FF) | (UInt64(p & 0xFF00_FF00) << 24)
        for y in r.minY..<r.maxY {
            let row = surface.row(y) + r.minX
            for i in 0..<r.width {
                let v = UInt64(row[i])
                let d = (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
                let t = d &* ia &+ 0x0080_0080_0080_0080
                var sum = s &+ (((t &+ ((t >> 8) & lanes)) >> 8) & lanes)
                // Invalid premultiplied input (a channel above alpha) would carry: clamp lanes.
                if sum & 0xFF00_FF00_FF00_FF00 != 0 {
                    var c: UInt64 = 0
                    for k in stride(from: 0, to: 64, by: 16) { c |= min((sum >> UInt64(k)) & 0xFFFF, 255) << UInt64(k) }
                    sum = c
                }
                row[i] = UInt32(truncatingIfNeeded: (sum & 0x00FF_00FF) | ((sum >> 24) & 0xFF00_FF00))
            }
        }
    }
}
