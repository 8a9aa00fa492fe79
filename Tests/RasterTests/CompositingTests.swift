import Testing
import Geometry
@testable import Raster

/// Premultiplied compositing against values computed by hand with d = round(x/255).
struct CompositingTests {
    typealias T = RasterTestSupport

    func pixel(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }

    @Test func exactDivisionBy255() {
        // The packed lanes must agree with rounding to nearest for every product.
        for x in stride(from: 0, through: 255, by: 5) {
            for a in 0...255 {
                let expected = UInt32((Double(x * a) / 255).rounded())
                let got = Compositor.scale(UInt32(x) * 0x0101_0101, UInt32(a))
                #expect(got == expected * 0x0101_0101, "x \(x) a \(a)")
            }
        }
    }

    /// The four-at-a-time span of a constant translucent source against each channel computed
    /// on its own, min(255, s + round(d·(255 − sα)/255)), for every span length up to 11 (the
    /// vector body and the scalar tail), invalid premultiplied sources included; the pixel past
    /// the span stays as it was.
    @Test func overSpanMatchesThePerChannelFormula() {
        var rng = T.Random(seed: 7)
        let sources: [UInt32] = [pixel(128, 128, 0, 64), pixel(235, 10, 200, 235), pixel(1, 1, 0, 1),
                                 pixel(0, 0, 0, 0), pixel(255, 3, 4, 5), pixel(100, 250, 255, 180)]  // the last: invalid
        for s in sources {
            for count in 0...11 {
                var d = (0...count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                let before = d
                d.withUnsafeMutableBufferPointer { Compositor.overSpan($0.baseAddress!, count: count, source: s) }
                let ia = 255 - Int(s >> 24)
                for i in 0..<count {
                    var expected: UInt32 = 0
                    for shift in stride(from: 0, to: 32, by: 8) {
                        let sc = Int((s >> UInt32(shift)) & 255), dc = Int((before[i] >> UInt32(shift)) & 255)
                        let v = ia == 255 ? dc : min(255, sc + Int((Double(dc * ia) / 255).rounded()))
                        expected |= UInt32(v) << UInt32(shift)
                    }
                    #expect(d[i] == expected, "source \(String(s, radix: 16)) count \(count) pixel \(i)")
                }
                #expect(d[count] == before[count], "wrote past the span (count \(count))")
            }
        }
    }

    /// The four-at-a-time layer blend against each channel computed on its own: the source
    /// scaled by coverage c, s' = round(s·c/255), then min(255, s' + round(d·(255 − s'α)/255)),
    /// for valid premultiplied sources (channels ≤ alpha), every span length up to 11.
    @Test func sourceOverSpanMatchesThePerChannelFormula() {
        var rng = T.Random(seed: 11)
        func r(_ n: Int) -> Int { rng.int(n + 1) }
        for c in [0, 1, 77, 128, 254, 255] as [UInt32] {
            for count in 0...11 {
                let src: [UInt32] = (0..<count).map { k in
                    let a = k % 5 == 0 ? 0 : k % 5 == 1 ? 255 : r(255)
                    return UInt32(a) << 24 | UInt32(r(a)) << 16 | UInt32(r(a)) << 8 | UInt32(r(a))
                }
                var d = (0...count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
                let before = d
                src.withUnsafeBufferPointer { s in
                    d.withUnsafeMutableBufferPointer { Compositor.sourceOverSpan(s.baseAddress ?? UnsafePointer(bitPattern: 16)!, coverage: c, $0.baseAddress!, count: count) }
                }
                for i in 0..<count {
                    func ch(_ p: UInt32, _ shift: Int) -> Int { Int((p >> UInt32(shift)) & 255) }
                    let sa = Int((Double(ch(src[i], 24) * Int(c)) / 255).rounded())
                    var expected: UInt32 = 0
                    for shift in stride(from: 0, to: 32, by: 8) {
                        let s1 = Int((Double(ch(src[i], shift) * Int(c)) / 255).rounded())
                        let v = min(255, s1 + Int((Double(ch(before[i], shift) * (255 - sa)) / 255).rounded()))
                        expected |= UInt32(v) << UInt32(shift)
                    }
                    #expect(d[i] == expected, "coverage \(c) count \(count) pixel \(i): source \(String(src[i], radix: 16))")
                }
                #expect(d[count] == before[count], "wrote past the span (count \(count))")
            }
        }
    }

    @Test func halfTransparentRedOverWhite() {
        let s = Surface(width: 2, height: 2)
        s.clear(.white)
        let ctx = DrawingContext(surface: s)
        ctx.fill(T.rectPath(0, 0, 2, 2), with: .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        // Source (a 128, r 128): r = 128 + 255·127/255 = 255, g = b = 127, a = 255.
        #expect(s.pixel(x: 1, y: 1).rawValue == pixel(255, 255, 127, 127))
    }

    @Test func coverageScalesTheSource() {
        let s = Surface(width: 3, height: 1)
        DrawingContext(surface: s).fill(T.rectPath(0.5, 0, 1, 1), with: .solid(Color(red: 0, green: 0, blue: 1)))
        // ½ of opaque blue over transparent: every channel of (255, 0, 0, 255) times 128/255.
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(128, 0, 0, 128))
        #expect(s.pixel(x: 1, y: 0).rawValue == pixel(128, 0, 0, 128))
        #expect(s.pixel(x: 2, y: 0).rawValue == 0)
    }

    @Test func copyAndClearModes() {
        let s = Surface(width: 2, height: 1)
        s.clear(.white)
        let ctx = DrawingContext(surface: s)
        ctx.blendMode = .copy
        // Copy half-covered red over white: (s·128 + d·127)/255 → r 255, g b 127, a 255.
        ctx.fill(T.rectPath(0, 0, 0.5, 1), with: .solid(Color(red: 1, green: 0, blue: 0)))
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(255, 255, 127, 127))
        // Copy a half-transparent colour at full coverage replaces the pixel.
        ctx.fill(T.rectPath(1, 0, 1, 1), with: .solid(Color(red: 0, green: 1, blue: 0, alpha: 0.5)))
        #expect(s.pixel(x: 1, y: 0).rawValue == pixel(128, 0, 128, 0))
        ctx.blendMode = .clear
        // Clear with coverage ½: d·127/255 of (255,255,127,127) → (127,127,63,63) (127·127/255 = 63.25).
        ctx.fill(T.rectPath(0, 0, 0.5, 1), with: .solid(.black))
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(127, 127, 63, 63))
        ctx.fill(T.rectPath(1, 0, 1, 1), with: .solid(.black))
        #expect(s.pixel(x: 1, y: 0).rawValue == 0)
    }

    @Test func transparentSourceOverChangesNothing() {
        let s = Surface(width: 2, height: 2)
        s.clear(Color(red: 0.2, green: 0.4, blue: 0.6))
        let before = s.pixel(x: 0, y: 0)
        DrawingContext(surface: s).fill(T.rectPath(0, 0, 2, 2), with: .solid(.clear))
        #expect(s.pixel(x: 0, y: 0) == before)
    }

    @Test func strideWiderThanRowLeavesPaddingUntouched() {
        let width = 13, height = 9, stride = 13 * 4 + 12
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 0xA5, count: stride * height)
        let s = Surface(wrapping: bytes, width: width, height: height, stride: stride)
        let ctx = DrawingContext(surface: s)
        ctx.fill(T.rectPath(-5, -5, 40, 40), with: .solid(.black))
        ctx.fill(T.polygon([(0, 0), (30, 4), (2, 20)]), with: .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5)), rule: .evenOdd)
        for y in 0..<height {
            for k in (width * 4)..<stride {
                #expect(bytes.load(fromByteOffset: y * stride + k, as: UInt8.self) == 0xA5, "padding byte \(k) of row \(y)")
            }
            #expect(s.pixel(x: width - 1, y: y).alpha == 255)
        }
    }
}
