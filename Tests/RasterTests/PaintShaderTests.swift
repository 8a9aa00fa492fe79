import Testing
import Geometry
@testable import Raster

// Expected pixels are worked out by hand from the definitions: t along the gradient vector at
// the pixel centre, unpremultiplied interpolation then premultiplication (pixman), rounding to
// nearest.

func shadeRow(_ paint: Paint, transform: AffineTransform = .identity, opacity: Double = 1,
              x: Int, y: Int, count: Int) -> [PremultipliedPixel] {
    let s = PaintShader(paint: paint, transform: transform, opacity: opacity)
    var out = [UInt32](repeating: 0xDEAD_BEEF, count: count)
    out.withUnsafeMutableBufferPointer { s.shade(x: x, y: y, count: count, into: $0.baseAddress!) }
    return out.map(PremultipliedPixel.init(rawValue:))
}

func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> PremultipliedPixel {
    PremultipliedPixel(red: r, green: g, blue: b, alpha: a)
}

let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

func redToBlue(_ spread: SpreadMode, from: Point = Point(x: 0, y: 0), to: Point = Point(x: 10, y: 0)) -> Paint {
    .linearGradient(LinearGradient(start: from, end: to,
                                   stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)],
                                   spread: spread))
}

@Suite struct PaintShaderTests {
    @Test func solidPaintIsPremultipliedWithOpacity() {
        let s = PaintShader(paint: .solid(Color(red: 1, green: 0.5, blue: 0, alpha: 1)), transform: .identity, opacity: 0.5)
        // a = 127.5 → 128; r = 127.5 → 128; g = 63.75 → 64.
        #expect(s.solidPixel == px(128, 64, 0, 128).rawValue)
    }

    @Test func linearPadInterpolatesAtPixelCentres() {
        // Pixel 2 has its centre at x = 2.5: t = 0.25 → r = 191.25, b = 63.75.
        let row = shadeRow(redToBlue(.pad), x: -3, y: 7, count: 16)
        #expect(row[0] == px(255, 0, 0))      // x = −3: before the start
        #expect(row[5] == px(191, 0, 64))     // x = 2
        #expect(row[15] == px(0, 0, 255))     // x = 12: past the end
        #expect(row[8] == px(115, 0, 140))    // x = 5: t = 0.55 → r = 114.75, b = 140.25
    }

    @Test func linearRepeatAndReflect() {
        // x = 12: t = 1.25. Repeat → 0.25; reflect → 0.75.
        #expect(shadeRow(redToBlue(.repeat), x: 12, y: 0, count: 1) == [px(191, 0, 64)])
        #expect(shadeRow(redToBlue(.reflect), x: 12, y: 0, count: 1) == [px(64, 0, 191)])
        // x = −8: t = −0.75. Repeat → 0.25; reflect (period −1…0 runs backwards) → 0.75.
        #expect(shadeRow(redToBlue(.repeat), x: -8, y: 0, count: 1) == [px(191, 0, 64)])
        #expect(shadeRow(redToBlue(.reflect), x: -8, y: 0, count: 1) == [px(64, 0, 191)])
    }

    @Test func interpolatesUnpremultipliedLikePixman() {
        // Opaque red → transparent blue at t = 0.25: alpha 191.25 → 191; straight colour
        // (0.75, 0, 0.25) premultiplied by 191.25: r = 143.44 → 143, b = 47.81 → 48.
        // (Premultiplied interpolation would give r = 191, b = 0.)
        let g = Paint.linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 10, y: 0), stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 0))]))
        #expect(shadeRow(g, x: 2, y: 0, count: 1) == [px(143, 0, 48, 191)])
    }

    @Test func equalLocationStopsMakeHardEdgesAndStopsAreSorted() {
        let g = Paint.linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 11, y: 0), stops: [
            GradientStop(location: 0.5, color: blue), GradientStop(location: 1, color: blue),
            GradientStop(location: 0, color: red), GradientStop(location: 0.5, color: red)]))
        // Sorted stably: red@0, blue@0.5, red@0.5, blue@1 (equal locations keep their order).
        // So the ramp is red→blue on 0…0.5, then jumps back to red and runs red→blue on 0.5…1.
        let row = shadeRow(g, x: 0, y: 0, count: 11)
        // Pixel 5: centre 5.5, t = 0.5 exactly → the span starting at the last stop at 0.5 (red→blue@1).
        #expect(row[5] == px(255, 0, 0))
        // Pixel 4: t = 4.5/11 in red@0 → blue@0.5: fraction 9/11 → r = 255·2/11 = 46.4, b = 208.6.
        #expect(row[4] == px(46, 0, 209))
        // Pixel 10: t = 10.5/11 in red@0.5 → blue@1: fraction 10/11 → r = 23.2, b = 231.8.
        #expect(row[10] == px(23, 0, 232))
    }

    @Test func hardStopSwitchesBetweenAdjacentPixels() {
        let g = Paint.linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0), stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 0.5, color: red),
            GradientStop(location: 0.5, color: blue), GradientStop(location: 1, color: blue)]))
        let row = shadeRow(g, x: 48, y: 0, count: 4)
        #expect(row == [px(255, 0, 0), px(255, 0, 0), px(0, 0, 255), px(0, 0, 255)])
    }

    @Test func transformAndOpacityApply() {
        // Device x = 4 (centre 4.5) is user 2.25 under a 2× scale: t = 0.225 → r = 197.6, b = 57.4.
        #expect(shadeRow(redToBlue(.pad), transform: AffineTransform(scaleX: 2, y: 2), x: 4, y: 3, count: 1)
                == [px(198, 0, 57)])
        // Opacity 0.5 at t = 0: alpha 127.5 → 128, red 128.
        #expect(shadeRow(redToBlue(.pad), opacity: 0.5, x: -5, y: 0, count: 1) == [px(128, 0, 0, 128)])
    }

    @Test func vectorAlongYAndDegenerateGradients() {
        let vertical = redToBlue(.pad, from: Point(x: 0, y: 0), to: Point(x: 0, y: 10))
        #expect(shadeRow(vertical, x: 100, y: 2, count: 1) == [px(191, 0, 64)])
        // start == end with pad paints the mean of the first and last stops (as cairo 1.16 does):
        // (255 + 0) / 2 = 127.5 → 128 for red and blue.
        #expect(shadeRow(redToBlue(.pad, from: Point(x: 3, y: 3), to: Point(x: 3, y: 3)), x: 0, y: 0, count: 2)
                == [px(128, 0, 128), px(128, 0, 128)])
        // Repeat: the mean over one period of the ramp red → blue, again (128, 0, 128).
        let rep = shadeRow(redToBlue(.repeat, from: Point(x: 3, y: 3), to: Point(x: 3, y: 3)), x: 0, y: 0, count: 1)[0]
        #expect(abs(Int(rep.red) - 128) <= 1 && abs(Int(rep.blue) - 128) <= 1 && rep.alpha == 255)
        // No stops: transparent.
        let none = Paint.linearGradient(LinearGradient(start: .zero, end: Point(x: 1, y: 0), stops: []))
        #expect(shadeRow(none, x: 0, y: 0, count: 2) == [px(0, 0, 0, 0), px(0, 0, 0, 0)])
    }

    @Test func concentricRadialAtCentreAndEdge() {
        let g = Paint.radialGradient(RadialGradient(center: .zero, endRadius: 10, stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]))
        // Pixel (2, 0): centre (2.5, 0.5), distance √6.5 = 2.5495 → r = 190.0, b = 65.0.
        #expect(shadeRow(g, x: 2, y: 0, count: 1) == [px(190, 0, 65)])
        // Pixel (0, 0): distance √0.5 = 0.7071 → r = 236.97, b = 18.03.
        #expect(shadeRow(g, x: 0, y: 0, count: 1) == [px(237, 0, 18)])
        // Far outside, pad → the last colour.
        #expect(shadeRow(g, x: 30, y: 30, count: 1) == [px(0, 0, 255)])
    }

    @Test func focalRadialMatchesBruteForceCircleSearch() {
        let focus = Point(x: -5, y: 0), r1 = 10.0
        let g = Paint.radialGradient(RadialGradient(center: .zero, endRadius: r1, focus: focus, stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]))
        for (x, y) in [(3, 0), (-4, 2), (6, -7), (-14, 1)] {
            let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
            // The largest t in 0…1 whose circle (focus + t·(centre − focus), r1·t) passes through p,
            // found by scanning f(t) = |p − c(t)| − r(t) for its sign change from the top.
            var t = 1.0
            func f(_ t: Double) -> Double { p.distance(to: Point(x: focus.x * (1 - t), y: 0)) - r1 * t }
            let steps = 100_000
            for k in stride(from: steps, through: 0, by: -1) {
                let tk = Double(k) / Double(steps)
                if f(tk) >= 0 { t = tk; break }
            }
            let want = px(UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()))
            let got = shadeRow(g, x: x, y: y, count: 1)[0]
            #expect(abs(Int(got.red) - Int(want.red)) <= 1 && abs(Int(got.blue) - Int(want.blue)) <= 1,
                    "(\(x), \(y)): got \(got), want \(want) at t = \(t)")
        }
    }

    @Test func radialConeLeavesOutsidePointsTransparent() {
        // Focus circle at (−20, 0) radius 0, end circle at the origin radius 5: the cone's
        // half-angle is asin(5/20) ≈ 14.5°, so (−10, 8) — 38.7° off the axis — is not covered.
        let g = Paint.radialGradient(RadialGradient(center: .zero, endRadius: 5, focus: Point(x: -20, y: 0), stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]))
        #expect(shadeRow(g, x: -11, y: 7, count: 1) == [px(0, 0, 0, 0)])
        // On the axis inside the cone: covered, and at the origin t = 1 (blue) when padded.
        #expect(shadeRow(g, x: -1, y: -1, count: 1)[0].alpha == 255)
    }

    // MARK: Images

    func image(_ pixels: [[UInt32]]) -> Surface {
        let s = Surface(width: pixels[0].count, height: pixels.count)
        for (y, row) in pixels.enumerated() { for (x, p) in row.enumerated() { s.row(y)[x] = p } }
        return s
    }

    @Test func imagePatternTilesExactlyUnderIntegerTranslation() {
        let a: UInt32 = 0xFF11_2233, b: UInt32 = 0xFF44_5566, c: UInt32 = 0x8040_2010, d: UInt32 = 0xFF00_00FF
        let img = image([[a, b], [c, d]])
        let tiled = shadeRow(.image(ImagePattern(image: img)), x: -1, y: 1, count: 4).map(\.rawValue)
        #expect(tiled == [d, c, d, c])
        let once = shadeRow(.image(ImagePattern(image: img, repeats: false)), x: -1, y: 1, count: 4).map(\.rawValue)
        #expect(once == [0, c, d, 0])
        // Pattern moved by (10, 0) in user space: device pixel 10 shows texel 0.
        let moved = shadeRow(.image(ImagePattern(image: img, transform: AffineTransform(translationX: 10, y: 0))),
                             x: 10, y: 0, count: 2).map(\.rawValue)
        #expect(moved == [a, b])
    }

    /// A long row across many tiles of a 3×2 pattern moved by a whole-pixel offset: texel
    /// ((x − 7) mod 3, (y + 4) mod 2) at every device pixel, from negative x on.
    @Test func imagePatternRowWrapsAcrossTiles() {
        let texels: [[UInt32]] = [[0xFF01_0101, 0xFF02_0202, 0xFF03_0303], [0xFF04_0404, 0xFF05_0505, 0xFF06_0606]]
        let pattern = ImagePattern(image: image(texels), transform: AffineTransform(translationX: 7, y: -4))
        for y in -3...2 {
            let row = shadeRow(.image(pattern), x: -13, y: y, count: 29).map(\.rawValue)
            let expected = (0..<29).map { i -> UInt32 in
                let u = ((-13 + i - 7) % 3 + 3) % 3, v = ((y + 4) % 2 + 2) % 2
                return texels[v][u]
            }
            #expect(row == expected)
        }
    }

    /// An opaque pattern's full-coverage spans are shaded straight into the target; a pattern
    /// with one translucent texel, a pattern drawn with opacity, or one transparent outside its
    /// image still blend over what is below.
    @Test func opaquePatternsReplaceAndTranslucentOnesBlend() {
        let a: UInt32 = 0xFF11_2233, b: UInt32 = 0xFF44_5566, c: UInt32 = 0x8040_2010
        let opaque = ImagePattern(image: image([[a, b]])), translucent = ImagePattern(image: image([[a, c]]))
        #expect(PaintShader(paint: .image(opaque), transform: .identity, opacity: 1).isOpaque)
        #expect(!PaintShader(paint: .image(translucent), transform: .identity, opacity: 1).isOpaque)
        #expect(!PaintShader(paint: .image(opaque), transform: .identity, opacity: 0.5).isOpaque)
        #expect(!PaintShader(paint: .image(ImagePattern(image: image([[a, b]]), repeats: false)), transform: .identity,
                             opacity: 1).isOpaque)
        #expect(!PaintShader(paint: .image(opaque), transform: AffineTransform(translationX: 0.5, y: 0), opacity: 1).isOpaque)
        for (pattern, odd) in [(opaque, b), (translucent, UInt32(0xFFBF_2010))] {
            // c over opaque red, by hand: 0x40 + 255·127/255 = 0xBF red, alpha 0x80 + 127 = 0xFF.
            let surface = Surface(width: 8, height: 2)
            surface.fill(PixelRect(x: 0, y: 0, width: 8, height: 2), with: PremultipliedPixel(rawValue: 0xFFFF_0000))
            var rect = Path()
            rect.addRect(Rect(x: 0, y: 0, width: 8, height: 2))
            DrawingContext(surface: surface).fill(rect, with: .image(pattern))
            for y in 0..<2 {
                #expect((0..<8).map { surface.pixel(x: $0, y: y).rawValue } == (0..<8).map { $0 % 2 == 0 ? a : odd })
            }
        }
    }

    @Test func imageScaleSamplesBilinearly() {
        let img = image([[0xFF00_0000, 0xFFFF_FFFF]])
        // Scale 2, tiled (so rows repeat): device pixel 1 (centre 1.5) → texel coordinate 0.75,
        // 0.25 of the way from texel 0's centre to texel 1's: 255 · 0.25 = 63.75 (pixman
        // truncates to 63).
        let row = shadeRow(.image(ImagePattern(image: img, scale: 2)), x: 0, y: 0, count: 4)
        #expect(row[1].alpha == 255)
        #expect((63...64).contains(row[1].red) && row[1].red == row[1].green)
        // Pixel 2 (centre 2.5) → texel 1.25: 0.75 of the way → 191.25.
        #expect((191...192).contains(row[2].red))
        // Pixel 0 → texel 0.25: between the wrapped texel −1 (white) and texel 0 (black), 0.25 white.
        #expect((63...64).contains(row[0].red))
        // Not tiled: device row 0 (centre 0.5 → texel row 0.25) blends texel row −1, which is
        // transparent, with weight 0.25: alpha 191.25.
        let once = shadeRow(.image(ImagePattern(image: img, scale: 2, repeats: false)), x: 1, y: 0, count: 1)[0]
        #expect((190...192).contains(once.alpha))
        #expect(shadeRow(.image(ImagePattern(image: img, scale: 2, repeats: false)), x: 9, y: 0, count: 1)[0].alpha == 0)
    }

    @Test func shrunkImagesAverageTheTexelsUnderEachPixel() {
        // A 4×1 image shown at scale 0.5: each device pixel covers two texels exactly (box
        // filter, like cairo's GOOD filter below 0.75×): (0 + 255) / 2 = 127.5 → 128.
        let img = image([[0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_0000, 0xFF00_00FF]])
        let row = shadeRow(.image(ImagePattern(image: img, scale: 0.5)), x: 0, y: 0, count: 3)
        #expect(row[0] == px(128, 128, 128))
        #expect(row[1] == px(128, 0, 128))          // red and blue
        #expect(row[2] == px(128, 128, 128))        // tiled: the first two texels again
        // Scale 0.25 shifted by half a pixel: pixel 0's centre maps to texel position
        // 4 · (0.5 − 0.5) = 0, so its 4-texel box is [−2, 2]: texels −2, −1 (wrapped: red, blue),
        // 0, 1 (black, white). Red = (255 + 255) / 4, green = 255 / 4, blue = (255 + 255) / 4.
        let shifted = shadeRow(.image(ImagePattern(image: img, scale: 0.25,
                                                   transform: AffineTransform(translationX: 0.5, y: 0))),
                               x: 0, y: 0, count: 1)[0]
        #expect(shifted == px(128, 64, 128))
    }

    @Test func imageSourceRectAndOpacity() {
        let img = image([[0xFF00_0001, 0xFF00_0002, 0xFF00_0003, 0xFFFF_FFFF]])
        let part = ImagePattern(image: img, sourceRect: Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        #expect(shadeRow(.image(part), x: 0, y: 0, count: 3).map(\.rawValue) == [0xFF00_0003, 0xFFFF_FFFF, 0xFF00_0003])
        let white = ImagePattern(image: img, sourceRect: Rect(x: 0.75, y: 0, width: 0.25, height: 1))
        #expect(shadeRow(.image(white), opacity: 0.5, x: 5, y: 5, count: 1) == [px(128, 128, 128, 128)])
    }
}
