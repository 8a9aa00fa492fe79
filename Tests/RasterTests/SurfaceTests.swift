import Geometry
import Raster
import Testing

/// `Surface.fill`: narrow rows by vector stores, wide ones by string stores; both must write
/// exactly the clipped rect, every row, and nothing around it.
@Suite struct SurfaceTests {
    static let sentinel: UInt32 = 0xDEAD_BEEF

    /// Every pixel of `s` against the rect `(x0, y0)–(x1, y1)` (already clipped): inside equals
    /// `inside`, outside still holds the sentinel.
    func check(_ s: Surface, x0: Int, y0: Int, x1: Int, y1: Int, inside: UInt32) -> Bool {
        for y in 0..<s.height {
            for x in 0..<s.width {
                let expected = x >= x0 && x < x1 && y >= y0 && y < y1 ? inside : Self.sentinel
                if s.row(y)[x] != expected { return false }
            }
        }
        return true
    }

    @Test(arguments: [
        // (surface width, rect x, width): narrow, exactly the string-store threshold, one
        // under it, wide with odd edges, and clipped on both sides.
        (64, 3, 40), (600, 7, 256), (600, 7, 255), (1031, 5, 1019), (700, -20, 900),
    ])
    func fillWritesExactlyTheClippedRect(_ c: (Int, Int, Int)) {
        let (w, rx, rw) = c
        // A stride wider than the row: the bytes past each row belong to nobody and stay put.
        let s = Surface(width: w, height: 9, stride: (w + 13) * 4)
        for y in 0..<9 { s.row(y).update(repeating: Self.sentinel, count: w + 13) }
        let pixel: UInt32 = 0xFF12_3456
        s.fill(PixelRect(x: rx, y: 2, width: rw, height: 5), with: PremultipliedPixel(rawValue: pixel))
        #expect(check(s, x0: max(rx, 0), y0: 2, x1: min(rx + rw, w), y1: 7, inside: pixel))
        var paddingKept = true
        for y in 0..<9 { for x in w..<(w + 13) where s.row(y)[x] != Self.sentinel { paddingKept = false } }
        #expect(paddingKept)
    }
}
