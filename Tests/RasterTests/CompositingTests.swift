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
