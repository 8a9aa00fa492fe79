import Testing
@testable import KioskUI

/// The label halo's dilation against its definition applied offset by offset: every pixel the
/// largest coverage within the disc dx² + dy² ≤ r² + r, pixels outside the mask counting 0.
@Suite struct LabelSpriteTests {
    /// The definition, pixel by pixel and offset by offset.
    static func dilatedByOffsets(_ mask: [UInt8], width: Int, height: Int, radius: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: mask.count)
        for y in 0..<height {
            for x in 0..<width {
                var m: UInt8 = 0
                for dy in -radius...radius {
                    for dx in -radius...radius where dx * dx + dy * dy <= radius * radius + radius {
                        let xx = x + dx, yy = y + dy
                        if xx >= 0 && yy >= 0 && xx < width && yy < height { m = max(m, mask[yy * width + xx]) }
                    }
                }
                out[y * width + x] = m
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7])
    func dilationTakesTheLargestCoverageWithinTheDisc(radius: Int) {
        // Seeded noise with sparse ink, and shapes narrower and wider than the disc.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(radius)
        for (width, height) in [(1, 1), (3, 17), (23, 2), (40, 31)] {
            var mask = [UInt8](repeating: 0, count: width * height)
            for i in mask.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let r = Int(state >> 33)
                mask[i] = r % 7 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : 0
            }
            let fast = LabelSprite.dilate(mask, width: width, height: height, radius: radius)
            let expected = Self.dilatedByOffsets(mask, width: width, height: height, radius: radius)
            #expect(fast == expected, "\(width)×\(height), radius \(radius)")
        }
    }

    @Test func aSinglePixelGrowsIntoTheDisc() {
        // One full pixel in the middle of 11 × 11, radius 3: the disc dx² + dy² ≤ 12 (37 pixels).
        var mask = [UInt8](repeating: 0, count: 121)
        mask[5 * 11 + 5] = 255
        let out = LabelSprite.dilate(mask, width: 11, height: 11, radius: 3)
        var lit = 0
        for y in 0..<11 {
            for x in 0..<11 {
                let inside = (x - 5) * (x - 5) + (y - 5) * (y - 5) <= 12
                #expect(out[y * 11 + x] == (inside ? 255 : 0), "(\(x), \(y))")
                if inside { lit += 1 }
            }
        }
        #expect(lit == 37)
    }
}
