import Testing
import Geometry
@testable import Raster

/// Clips, layers, state and images against hand-computed pixels.
struct DrawingContextTests {
    typealias T = RasterTestSupport
    let red = Paint.solid(Color(red: 1, green: 0, blue: 0))

    func pixel(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }

    @Test func rectClipIsAScissor() {
        let s = Surface(width: 8, height: 8)
        let ctx = DrawingContext(surface: s)
        ctx.clip(to: Rect(x: 2, y: 3, width: 3, height: 2))
        ctx.fill(T.rectPath(0, 0, 8, 8), with: red)
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<5).contains(x) && (3..<5).contains(y)
                #expect(s.pixel(x: x, y: y).alpha == (inside ? 255 : 0), "\(x),\(y)")
            }
        }
        #expect(ctx.clipMask == nil)
    }

    @Test func transformedRectClipAndRestore() {
        let s = Surface(width: 8, height: 8)
        let ctx = DrawingContext(surface: s)
        ctx.save()
        ctx.concatenate(AffineTransform(scaleX: 2, y: 2))
        ctx.clip(to: Rect(x: 1, y: 1, width: 1, height: 1))   // device 2..4 × 2..4
        ctx.fill(T.rectPath(0, 0, 8, 8), with: red)
        ctx.restore()
        #expect(s.pixel(x: 2, y: 2).alpha == 255 && s.pixel(x: 3, y: 3).alpha == 255)
        #expect(s.pixel(x: 4, y: 3).alpha == 0 && s.pixel(x: 1, y: 2).alpha == 0)
        #expect(ctx.transform == .identity)
        ctx.fill(T.rectPath(6, 6, 1, 1), with: red)
        #expect(s.pixel(x: 6, y: 6).alpha == 255)
    }

    @Test func infiniteRectClipChangesNothing() {
        let s = Surface(width: 3, height: 3)
        let ctx = DrawingContext(surface: s)
        ctx.clip(to: .infinite)
        #expect(ctx.clipBounds == s.bounds && ctx.clipMask == nil)
        ctx.clip(to: Rect(x: 1, y: 1, width: 1, height: 1))
        ctx.clip(to: .infinite)
        #expect(ctx.clipBounds == PixelRect(x: 1, y: 1, width: 1, height: 1))
    }

    @Test func fractionalRectClipIsAntiAliased() {
        let s = Surface(width: 6, height: 2)
        let ctx = DrawingContext(surface: s)
        ctx.clip(to: Rect(x: 0, y: 0, width: 2.5, height: 2))
        ctx.fill(T.rectPath(0, 0, 6, 2), with: red)
        #expect(s.pixel(x: 1, y: 0).rawValue == pixel(255, 255, 0, 0))
        #expect(s.pixel(x: 2, y: 0).rawValue == pixel(128, 128, 0, 0))
        #expect(s.pixel(x: 3, y: 0).rawValue == 0)
    }

    @Test func nestedPathClipsMultiply() {
        let s = Surface(width: 6, height: 6)
        let ctx = DrawingContext(surface: s)
        ctx.clip(to: T.polygon([(0, 0), (2.5, 0), (2.5, 6), (0, 6)]))
        ctx.clip(to: T.polygon([(0, 0), (6, 0), (6, 1.5), (0, 1.5)]), rule: .evenOdd)
        ctx.fill(T.rectPath(0, 0, 6, 6), with: red)
        // Pixel (2, 1) is half inside each clip: 128·128/255 = 64.25 → 64.
        #expect(s.pixel(x: 2, y: 1).rawValue == pixel(64, 64, 0, 0))
        #expect(s.pixel(x: 1, y: 0).alpha == 255)
        #expect(s.pixel(x: 1, y: 1).alpha == 128)
        #expect(s.pixel(x: 2, y: 0).alpha == 128)
        #expect(s.pixel(x: 3, y: 0).alpha == 0 && s.pixel(x: 0, y: 2).alpha == 0)
    }

    @Test func layerWithOpacity() {
        let s = Surface(width: 4, height: 4)
        s.clear(.white)
        let ctx = DrawingContext(surface: s)
        ctx.beginLayer(opacity: 0.5)
        ctx.fill(T.rectPath(0, 0, 2, 4), with: red)
        ctx.fill(T.rectPath(1, 0, 2, 4), with: red)       // overlapping inside the group: no double darkening
        ctx.endLayer()
        // Opaque red at 128/255 over white: r 128 + 127 = 255, g b 127.
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(255, 255, 127, 127))
        #expect(s.pixel(x: 1, y: 0).rawValue == pixel(255, 255, 127, 127))
        #expect(s.pixel(x: 3, y: 0).rawValue == pixel(255, 255, 255, 255))
    }

    @Test func nestedLayersWithClip() {
        let s = Surface(width: 6, height: 4)
        s.clear(.white)
        let ctx = DrawingContext(surface: s)
        ctx.clip(to: Rect(x: 1, y: 1, width: 4, height: 2))
        ctx.beginLayer(opacity: 0.5)
        ctx.beginLayer(opacity: 0.5)
        ctx.fill(T.rectPath(0, 0, 6, 4), with: red)
        ctx.endLayer()
        ctx.endLayer()
        // Inner: red · 128/255 → (128, 128, 0, 0); outer: · 128/255 → 64; over white: 64 + 191.
        #expect(s.pixel(x: 2, y: 2).rawValue == pixel(255, 255, 191, 191))
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(255, 255, 255, 255))
        #expect(s.pixel(x: 5, y: 2).rawValue == pixel(255, 255, 255, 255))
    }

    @Test func layersAllocateOnlyWhenDrawnInto() {
        let s = Surface(width: 4, height: 4)
        s.clear(.white)
        let ctx = DrawingContext(surface: s)
        ctx.beginLayer(opacity: 0.5)
        ctx.beginLayer(opacity: 0.5)
        ctx.endLayer()                       // empty inner group: nothing allocated or composited
        #expect(ctx.target === s)
        ctx.fill(T.rectPath(0, 0, 1, 1), with: red)
        #expect(ctx.target !== s)
        ctx.beginLayer(opacity: 0.5)
        ctx.fill(T.rectPath(1, 0, 1, 1), with: red)
        ctx.endLayer()
        ctx.endLayer()
        #expect(ctx.target === s)
        // Outer only: red·128/255 over white. Inner then outer: 128·128/255 = 64 → 64 + 191.
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(255, 255, 127, 127))
        #expect(s.pixel(x: 1, y: 0).rawValue == pixel(255, 255, 191, 191))
        #expect(s.pixel(x: 2, y: 0).rawValue == pixel(255, 255, 255, 255))
    }

    @Test func zeroOpacityLayerDrawsNothingAndUnbalancedCallsAreHarmless() {
        let s = Surface(width: 3, height: 3)
        let ctx = DrawingContext(surface: s)
        ctx.endLayer(); ctx.restore()
        ctx.beginLayer(opacity: 0)
        ctx.beginLayer(opacity: 1)
        ctx.fill(T.rectPath(0, 0, 3, 3), with: red)
        ctx.endLayer(); ctx.endLayer()
        #expect(s.pixel(x: 1, y: 1).rawValue == 0)
        ctx.fill(T.rectPath(0, 0, 3, 3), with: red)
        #expect(s.pixel(x: 1, y: 1).alpha == 255)
    }

    @Test func drawImageScalesAndSamples() {
        let img = Surface(width: 2, height: 1)
        img.setPixel(PremultipliedPixel(rawValue: pixel(255, 255, 0, 0)), x: 0, y: 0)
        img.setPixel(PremultipliedPixel(rawValue: pixel(255, 0, 0, 255)), x: 1, y: 0)
        let s = Surface(width: 8, height: 2)
        let ctx = DrawingContext(surface: s)
        ctx.drawImage(img, in: Rect(x: 0, y: 0, width: 8, height: 2))
        // Each image pixel spans 4 device px; device pixel 0 and 1 sample inside the red half's
        // left (edge-extended), pixel 7 the blue's right.
        #expect(s.pixel(x: 0, y: 0).rawValue == pixel(255, 255, 0, 0))
        #expect(s.pixel(x: 7, y: 1).rawValue == pixel(255, 0, 0, 255))
        // Device pixel 3 has centre 3.5 → image u = 0.875 → 0.375 between centres: weight 96/256
        // blue (255·96/256 = 95.6 → 95), 160/256 red (159.4 → 159); 8-bit weights truncate.
        let p = s.pixel(x: 3, y: 0)
        #expect(p.alpha == 255 && p.blue == 95 && p.red == 159)
    }
}
