import Raster
import TestFixtures
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

    /// Masks of runs (empty, full, partial) at every width from 1 to 13 and clipped on the left,
    /// so four-pixel groups that are wholly empty, wholly full, mixed, and the pixels after the
    /// last group all occur, for opaque and translucent colours, over varied pixels.
    @Test func groupsOfFourMatchThePixelFormula() {
        var rng = SeededGenerator(seed: 0x6c61_6265_6c73)
        let sources: [PremultipliedPixel] = [
            PremultipliedPixel(red: 250, green: 248, blue: 240, alpha: 255),
            PremultipliedPixel(red: 20, green: 40, blue: 60, alpha: 200),
        ]
        var checked = 0, fullGroups = 0, emptyGroups = 0
        for src in sources {
            for width in 1...13 {
                for clipLeft in 0..<3 {
                    let height = 6
                    var mask = [UInt8](repeating: 0, count: width * height)
                    // Runs of 1 to 9 pixels, each empty, full or of random coverage.
                    var i = 0
                    while i < mask.count {
                        let kind = rng.next() % 3, run = 1 + Int(rng.next() % 9)
                        for j in i..<Swift.min(i + run, mask.count) {
                            mask[j] = kind == 0 ? 0 : (kind == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next() % 256))
                        }
                        i += run
                    }
                    for y in 0..<height {
                        for g in stride(from: clipLeft, to: width - 3, by: 4) {
                            let group = mask[(y * width + g)..<(y * width + g + 4)]
                            if group.allSatisfy({ $0 == 255 }) { fullGroups += 1 }
                            if group.allSatisfy({ $0 == 0 }) { emptyGroups += 1 }
                        }
                    }
                    let surface = Surface(width: width + 2, height: height)
                    var before: [UInt32] = []
                    for y in 0..<height {
                        for x in 0..<(width + 2) {
                            let a = UInt32(rng.next() % 256)
                            let c = { UInt32(rng.next() % UInt64(a + 1)) }
                            let raw = (a << 24) | (c() << 16) | (c() << 8) | c()
                            surface.setPixel(PremultipliedPixel(rawValue: raw), x: x, y: y)
                            before.append(raw)
                        }
                    }
                    let clip = PixelRect(x: 1 + clipLeft, y: 0, width: width + 1 - clipLeft, height: height)
                    mask.withUnsafeBufferPointer {
                        GlyphMaskBlender.blend(mask: $0.baseAddress!, width: width, height: height, rowBytes: width,
                                               color: src, into: surface, x: 1, y: 0, clip: clip)
                    }
                    for y in 0..<height {
                        for x in 0..<(width + 2) {
                            let d = before[y * (width + 2) + x]
                            let inMask = x >= 1 + clipLeft && x < 1 + width
                            let want = inMask ? expected(src.rawValue, Int(mask[y * width + x - 1]), d) : d
                            #expect(surface.pixel(x: x, y: y).rawValue == want, "width \(width) clip \(clipLeft) (\(x), \(y))")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 4212 && fullGroups > 20 && emptyGroups > 20, "\(checked) pixels, \(fullGroups) full and \(emptyGroups) empty groups")
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

