import Geometry
import Raster
import Testing

/// The one pixel-turning routine: copies into scanout memory with a kernel pitch wider than
/// the row, for odd widths too, and whole turned surfaces.
@Suite struct SurfaceDisplayRotationTests {
    static let sentinel: UInt32 = 0xDEAD_BEEF

    /// A shadow whose pixel encodes its own coordinates, so any misplacement is visible.
    func coded(_ w: Int, _ h: Int) -> Surface {
        let s = Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { s.row(y)[x] = 0xFF00_0000 | UInt32(y << 12 | x) } }
        return s
    }

    /// Reads the logical coordinates back out of a coded pixel.
    func decode(_ p: UInt32) -> (x: Int, y: Int) { (Int(p & 0xFFF), Int((p >> 12) & 0xFFF)) }

    @Test(arguments: DisplayRotation.allCases, [(376, 11), (1366, 3), (17, 9)])
    func fullCopyPlacesEveryPixelAndLeavesPaddingAlone(rotation: DisplayRotation, size: (Int, Int)) {
        let (dw, dh) = size
        let pitch = (dw * 4 + 63) / 64 * 64 + 64            // wider than a row, like the kernel's
        let l = rotation.logicalSize(deviceWidth: dw, deviceHeight: dh)
        let shadow = coded(l.width, l.height)
        let words = pitch / 4 * dh
        let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: words)
        defer { buf.deallocate() }
        buf.initialize(repeating: Self.sentinel, count: words)
        let written = shadow.copy(shadow.bounds, turnedBy: rotation, to: UnsafeMutableRawPointer(buf),
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

    @Test(arguments: DisplayRotation.allCases)
    func partialCopyWritesOnlyTheDamagedDeviceRect(rotation: DisplayRotation) {
        let dw = 40, dh = 30, pitch = 200
        let l = rotation.logicalSize(deviceWidth: dw, deviceHeight: dh)
        let shadow = coded(l.width, l.height)
        let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: pitch / 4 * dh)
        defer { buf.deallocate() }
        buf.initialize(repeating: Self.sentinel, count: pitch / 4 * dh)
        let damage = PixelRect(x: 3, y: 5, width: 6, height: 2)
        let d = shadow.copy(damage, turnedBy: rotation, to: UnsafeMutableRawPointer(buf),
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
    @Test(arguments: DisplayRotation.allCases)
    func streamedLinesAndTheirPartialEdgesAreExact(rotation: DisplayRotation) {
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
                let d = shadow.copy(damage, turnedBy: rotation, to: UnsafeMutableRawPointer(buf),
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
        let d = shadow.copy(PixelRect(x: 6, y: -3, width: 10, height: 5), turnedBy: .degrees0,
                            to: UnsafeMutableRawPointer(buf), pitch: 32, deviceWidth: 8, deviceHeight: 8)
        #expect(d == PixelRect(x: 6, y: 0, width: 2, height: 2))
        #expect(shadow.copy(PixelRect(x: 20, y: 20, width: 3, height: 3), turnedBy: .degrees90,
                            to: UnsafeMutableRawPointer(buf), pitch: 32, deviceWidth: 8, deviceHeight: 8).isEmpty)
    }

    @Test func deviceRectIsTheImageOfEveryPixel() {
        let lw = 7, lh = 5
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 4)
        for r in DisplayRotation.allCases {
            let d = r.deviceRect(rect, logicalWidth: lw, logicalHeight: lh)
            var seen = Set<Int>()
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX {
                    let p = r.devicePoint(x: x, y: y, logicalWidth: lw, logicalHeight: lh)
                    #expect(p.x >= d.minX && p.x < d.maxX && p.y >= d.minY && p.y < d.maxY)
                    seen.insert(p.y * 100 + p.x)
                }
            }
            #expect(seen.count == d.width * d.height, "\(r): a bijection onto the device rect")
        }
    }


    /// A whole surface turned into another by `turn(by:into:)` (the replay's path): every pixel
    /// where the hand-turned coordinates say, and a panel of the wrong size left untouched.
    @Test(arguments: DisplayRotation.allCases)
    func turnIntoASurfaceMovesEveryPixel(rotation: DisplayRotation) {
        let upright = coded(13, 7)
        let (pw, ph) = rotation.swapsAxes ? (7, 13) : (13, 7)
        let panel = Surface(width: pw, height: ph, stride: pw * 4 + 12)
        upright.turn(by: rotation, into: panel)
        var wrong = 0
        for py in 0..<ph {
            for px in 0..<pw {
                let (x, y) = decode(panel.row(py)[px])
                var tx = x, ty = y, w = 13, h = 7
                for _ in 0..<(rotation.rawValue / 90) { (tx, ty) = (h - 1 - ty, tx); swap(&w, &h) }
                if tx != px || ty != py { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        let wrongSize = Surface(width: 5, height: 5)
        upright.turn(by: rotation, into: wrongSize)
        #expect((0..<5).allSatisfy { y in (0..<5).allSatisfy { wrongSize.row(y)[$0] == 0 } })
    }
}
