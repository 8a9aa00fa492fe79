import Raster
import Testing
@testable import DRMDisplay

/// The copy into scanout memory with a kernel pitch wider than the row, for odd widths too.
@Suite struct ShadowCopierTests {
    static let sentinel: UInt32 = 0xDEAD_BEEF

    /// A shadow whose pixel encodes its own coordinates, so any misplacement is visible.
    func coded(_ w: Int, _ h: Int) -> Surface {
        let s = Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { s.row(y)[x] = 0xFF00_0000 | UInt32(y << 12 | x) } }
        return s
    }

    /// Reads the logical coordinates back out of a coded pixel.
    func decode(_ p: UInt32) -> (x: Int, y: Int) { (Int(p & 0xFFF), Int((p >> 12) & 0xFFF)) }

    @Test(arguments: DRMRotation.allCases, [(376, 11), (1366, 3), (17, 9)])
    func fullCopyPlacesEveryPixelAndLeavesPaddingAlone(rotation: DRMRotation, size: (Int, Int)) {
        let (dw, dh) = size
        let pitch = (dw * 4 + 63) / 64 * 64 + 64            // wider than a row, like the kernel's
        let l = rotation.logicalSize(deviceWidth: dw, deviceHeight: dh)
        let shadow = coded(l.width, l.height)
        let words = pitch / 4 * dh
        let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: words)
        defer { buf.deallocate() }
        buf.initialize(repeating: Self.sentinel, count: words)
        let written = ShadowCopier.copy(shadow.bounds, from: shadow, rotation: rotation, to: UnsafeMutableRawPointer(buf),
                                        pitch: pitch, deviceWidth: dw, deviceHeight: dh)
        #expect(written == PixelRect(x: 0, y: 0, width: dw, height: dh))
        var wrong = 0
        for dy in 0..<dh {
            for dx in 0..<dw {
                let (x, y) = decode(buf[dy * pitch / 4 + dx])
                // Independent check of "turned clockwise by rotation": turning the logical
                // position by the same number of clockwise quarter turns gives the device one.
                var px = x, py = y, w = l.width, h = l.height
                for _ in 0..<(rotation.rawValue / 90) { (px, py) = (h - 1 - py, px); swap(&w, &h) }
                if px != dx || py != dy { wrong += 1 }
            }
            for pad in dw..<(pitch / 4) where buf[dy * pitch / 4 + pad] != Self.sentinel { wrong += 1 }
        }
        #expect(wrong == 0, "\(rotation) \(dw)×\(dh) pitch \(pitch)")
    }

    @Test(arguments: DRMRotation.allCases)
    func partialCopyWritesOnlyTheDamagedDeviceRect(rotation: DRMRotation) {
        let dw = 40, dh = 30, pitch = 200
        let l = rotation.logicalSize(deviceWidth: dw, deviceHeight: dh)
        let shadow = coded(l.width, l.height)
        let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: pitch / 4 * dh)
        defer { buf.deallocate() }
        buf.initialize(repeating: Self.sentinel, count: pitch / 4 * dh)
        let damage = PixelRect(x: 3, y: 5, width: 6, height: 2)
        let d = ShadowCopier.copy(damage, from: shadow, rotation: rotation, to: UnsafeMutableRawPointer(buf),
                                  pitch: pitch, deviceWidth: dw, deviceHeight: dh)
        #expect(d.width * d.height == 12)
        var outside = 0, inside = 0
        for dy in 0..<dh {
            for dx in 0..<(pitch / 4) {
                let p = buf[dy * pitch / 4 + dx]
                let isIn = dx >= d.minX && dx < d.maxX && dy >= d.minY && dy < d.maxY
                if isIn {
                    let (x, y) = decode(p)
                    if x >= damage.minX && x < damage.maxX && y >= damage.minY && y < damage.maxY { inside += 1 }
                } else if p != Self.sentinel { outside += 1 }
            }
        }
        #expect(inside == 12 && outside == 0)
    }

    /// Rects starting and ending at every offset around the 16-pixel (64-byte) lines that are
    /// streamed, into a destination that itself starts 4 bytes past a line: each copy writes
    /// exactly its device rect, every pixel from the right place.
    @Test(arguments: DRMRotation.allCases)
    func streamedLinesAndTheirPartialEdgesAreExact(rotation: DRMRotation) {
        let dw = 70, dh = 36, pitch = 300
        let l = rotation.logicalSize(deviceWidth: dw, deviceHeight: dh)
        let shadow = coded(l.width, l.height)
        let words = pitch / 4 * dh + 1
        let block = UnsafeMutablePointer<UInt32>.allocate(capacity: words + 16)
        defer { block.deallocate() }
        let buf = block + 1   // 4 bytes past the allocation's (16-byte aligned) start
        var wrong = 0
        for x0 in 0..<18 {
            for w in [1, 2, 3, 5, 6, 15, 16, 17, 31, 33, 47] where x0 + w <= min(l.width, 50) {
                buf.initialize(repeating: Self.sentinel, count: words)
                let damage = PixelRect(x: x0, y: 2, width: w, height: 3)
                let d = ShadowCopier.copy(damage, from: shadow, rotation: rotation, to: UnsafeMutableRawPointer(buf),
                                          pitch: pitch, deviceWidth: dw, deviceHeight: dh)
                for dy in 0..<dh {
                    for dx in 0..<(pitch / 4) {
                        let p = buf[dy * pitch / 4 + dx]
                        guard dx >= d.minX && dx < d.maxX && dy >= d.minY && dy < d.maxY else {
                            if p != Self.sentinel { wrong += 1 }
                            continue
                        }
                        let (x, y) = decode(p)
                        var px = x, py = y, lw = l.width, lh = l.height
                        for _ in 0..<(rotation.rawValue / 90) { (px, py) = (lh - 1 - py, px); swap(&lw, &lh) }
                        if px != dx || py != dy || x < damage.minX || x >= damage.maxX || y < damage.minY || y >= damage.maxY { wrong += 1 }
                    }
                }
            }
        }
        #expect(wrong == 0)
    }

    @Test func damageOutsideTheShadowIsClipped() {
        let shadow = coded(8, 8)
        let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { buf.deallocate() }
        buf.initialize(repeating: Self.sentinel, count: 64)
        let d = ShadowCopier.copy(PixelRect(x: 6, y: -3, width: 10, height: 5), from: shadow, rotation: .r0,
                                  to: UnsafeMutableRawPointer(buf), pitch: 32, deviceWidth: 8, deviceHeight: 8)
        #expect(d == PixelRect(x: 6, y: 0, width: 2, height: 2))
        #expect(ShadowCopier.copy(PixelRect(x: 20, y: 20, width: 3, height: 3), from: shadow, rotation: .r90,
                                  to: UnsafeMutableRawPointer(buf), pitch: 32, deviceWidth: 8, deviceHeight: 8).isEmpty)
    }
}
