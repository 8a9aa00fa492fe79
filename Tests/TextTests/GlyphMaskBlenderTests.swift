import Raster
import Testing
@testable import Text

/// The mask blend against per-channel integer arithmetic.
@Suite struct GlyphMaskBlenderTests {
    /// x·m/255 to nearest (never a tie: 255 is odd).
    func mul(_ x: Int, _ m: Int) -> Int { (x * m + 127) / 255 }

    func expected(_ src: UInt32, _ m: Int, _ dst: UInt32) -> UInt32 {
        let s = (0..<4).map { mul(Int((src >> (8 * UInt32($0))) & 255), m) }
        let inv = 255 - s[3]
        var out: UInt32 = 0
        for c in 0..<4 {
            let d = Int((dst >> (8 * UInt32(c))) & 255)
            out |= UInt32(s[c] + mul(d, inv)) << (8 * UInt32(c))
        }
        return out
    }

    @Test func blendsSourceOverWithExactRounding() {
        let sources: [PremultipliedPixel] = [
            PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255),
            PremultipliedPixel(red: 200, green: 10, blue: 99, alpha: 255),
            PremultipliedPixel(red: 60, green: 30, blue: 90, alpha: 128),
            PremultipliedPixel(red: 1, green: 0, blue: 3, alpha: 7),
        ]
        let dests: [UInt32] = [0, 0xFFFF_FFFF, 0x80_40_20_10, 0xFF_12_34_56, 0x7F_7F_00_3C]
        let coverages: [UInt8] = [0, 1, 2, 64, 127, 128, 200, 254, 255]
        for src in sources {
            let surface = Surface(width: coverages.count, height: dests.count)
            for (y, d) in dests.enumerated() {
                for x in coverages.indices { surface.setPixel(PremultipliedPixel(rawValue: d), x: x, y: y) }
            }
            var mask: [UInt8] = []
            for _ in dests { mask += coverages }
            mask.withUnsafeBufferPointer {
                GlyphMaskBlender.blend(mask: $0.baseAddress!, width: coverages.count, height: dests.count,
                                       rowBytes: coverages.count, color: src, into: surface, x: 0, y: 0, clip: surface.bounds)
            }
            for (y, d) in dests.enumerated() {
                for (x, m) in coverages.enumerated() {
                    #expect(surface.pixel(x: x, y: y).rawValue == expected(src.rawValue, Int(m), d),
                            "src \(src) coverage \(m) dst \(d)")
                }
            }
        }
    }

    @Test func clipsToTheRectAndTheSurface() {
        let surface = Surface(width: 10, height: 10)
        let mask = [UInt8](repeating: 255, count: 36)
        mask.withUnsafeBufferPointer {
            GlyphMaskBlender.blend(mask: $0.baseAddress!, width: 6, height: 6, rowBytes: 6, color: Color.black.premultiplied,
                                   into: surface, x: -2, y: 6, clip: PixelRect(x: 0, y: 0, width: 3, height: 10))
        }
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = x < 3 && y >= 6   // mask covers x -2..<4, y 6..<12; clip x < 3; surface y < 10
                #expect(surface.pixel(x: x, y: y).alpha == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }
}
