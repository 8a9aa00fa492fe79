import Testing
import TestFixtures
@testable import KioskUI

/// The four-pixel lane blend against the pixel-by-pixel blend: the same bytes for random masks
/// up to eight pixels wide (followed by random bytes, which an 8-byte row load reads and must
/// ignore), random two-colour patterns, positions across the clip's sides, and nothing written
/// outside the clip; fully covered pixels take the pattern's colour there.
@Suite struct SeatMaskBlenderTests {
    @Test func laneBlendEqualsThePixelBlend() {
        var rng = SeededGenerator(seed: 0x5EA7)
        let w = 40, h = 30, stride = (w + 3) * 4
        var compared = 0
        for _ in 0..<3000 {
            let mw = 1 + Int(rng.next() % 8), mh = 1 + Int(rng.next() % 6)
            // Coverage mixes the cases: 0, 255 and partial.
            let mask = (0..<(mw * mh)).map { _ -> UInt8 in
                switch rng.next() % 4 { case 0: 0; case 1: 255; default: UInt8(truncatingIfNeeded: rng.next()) }
            }
            let clip = PixelRectBox(x0: 8, y0: 6, x1: 8 + 1 + Int(rng.next() % 24), y1: 6 + 1 + Int(rng.next() % 20))
            // Positions around the clip, so masks cross each of its sides.
            let x = clip.x0 - mw + Int(rng.next() % UInt64(clip.x1 - clip.x0 + mw))
            let y = clip.y0 - mh + Int(rng.next() % UInt64(clip.y1 - clip.y0 + mh))
            // A pattern of two opaque colours (a plain colour when they are equal, one case in four).
            let color = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
            let ink = rng.next() % 4 == 0 ? color : UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
            let pattern = SeatPattern(bits: rng.next())
            var tile: [UInt32] = []
            SeatMaskBlender.appendTile(pattern, fill: color, ink: ink, to: &tile)
            var background = [UInt8](repeating: 0, count: stride * h)
            for i in background.indices { background[i] = UInt8(truncatingIfNeeded: rng.next()) }
            // Valid premultiplied destination pixels (channels ≤ alpha).
            for p in Swift.stride(from: 0, to: background.count, by: 4) {
                let a = background[p + 3]
                for k in 0..<3 { background[p + k] = UInt8(UInt32(background[p + k]) * UInt32(a) / 255) }
            }
            var scalar = background, vector = background
            // The bytes after the mask: what the cache's padding and next slot hold.
            let padded = mask + (0..<SeatMaskBlender.rowLoadWidth).map { _ in UInt8(truncatingIfNeeded: rng.next() | 1) }
            scalar.withUnsafeMutableBytes { d in
                mask.withUnsafeBufferPointer { m in
                tile.withUnsafeBufferPointer { t in
                    SeatMaskBlender.blend(mask: m.baseAddress!, width: mw, height: mh, x: x, y: y, clip: clip, tile: t.baseAddress!,
                                          base: d.baseAddress!, stride: stride)
                }}
            }
            vector.withUnsafeMutableBytes { d in
                padded.withUnsafeBufferPointer { m in
                tile.withUnsafeBufferPointer { t in
                    SeatMaskBlender.blendOpaque(mask: m.baseAddress!, width: mw, height: mh, x: x, y: y,
                                                clip: clip, tile: t.baseAddress!, base: d.baseAddress!, stride: stride)
                }}
            }
            #expect(vector == scalar, "mask \(mw)×\(mh) at (\(x), \(y)), clip \(clip)")
            // Fully covered pixels take the pattern's colour of their buffer position (x mod 8, y mod 8).
            for my in 0..<mh {
                for mx in 0..<mw where mask[my * mw + mx] == 255 {
                    let px = x + mx, py = y + my
                    guard px >= clip.x0, px < clip.x1, py >= clip.y0, py < clip.y1 else { continue }
                    let bitIndex = UInt64((py & 7) * 8 + (px & 7))
                    let expected = (pattern.bits >> bitIndex) & 1 == 1 ? ink : color
                    let o = py * stride + px * 4
                    let got = UInt32(vector[o]) | UInt32(vector[o + 1]) << 8 | UInt32(vector[o + 2]) << 16 | UInt32(vector[o + 3]) << 24
                    if got != expected { Issue.record("pixel (\(px), \(py)): \(got) ≠ pattern colour \(expected)") }
                }
            }
            // Outside the clip nothing moved.
            for py in 0..<h {
                for px in 0..<(stride / 4) where px < clip.x0 || px >= clip.x1 || py < clip.y0 || py >= clip.y1 {
                    let o = py * stride + px * 4
                    if vector[o..<(o + 4)] != background[o..<(o + 4)] {
                        Issue.record("pixel (\(px), \(py)) outside the clip changed")
                    }
                }
            }
            if vector != background { compared += 1 }
        }
        // Most cases drew something (the comparison is not vacuous).
        #expect(compared > 1500)
    }
}
