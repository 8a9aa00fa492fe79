import Foundation
import Geometry
import Raster
import Testing
@testable import Text

/// Text under a rotation, drawn from cached masks, against the label's outline rotated and
/// filled by Raster directly.
@Suite struct RotatedTextTests {
    let fonts: FontChain
    init() throws { fonts = FontChain(primary: try Font(path: FreeTypeReference.dejaVuPath)) }

    struct Ink { var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min }

    func ink(_ s: Surface) -> Ink {
        var r = Ink()
        for y in 0..<s.height {
            for x in 0..<s.width where s.pixel(x: x, y: y).alpha > 0 {
                r.minX = min(r.minX, x); r.maxX = max(r.maxX, x + 1); r.minY = min(r.minY, y); r.maxY = max(r.maxY, y + 1)
            }
        }
        return r
    }

    func difference(_ p: Surface, _ q: Surface) -> (mean: Double, max: Int, count: Int, large: Int) {
        var total = 0, count = 0, large = 0, worst = 0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let a = Int(p.pixel(x: x, y: y).alpha), b = Int(q.pixel(x: x, y: y).alpha)
                guard a != 0 || b != 0 else { continue }
                total += abs(a - b); count += 1
                worst = max(worst, abs(a - b))
                if abs(a - b) > 64 { large += 1 }
            }
        }
        return (Double(total) / Double(max(count, 1)), worst, count, large)
    }

    @Test(arguments: [30.0, -30.0, 135.0])
    func rotatedLabelMatchesTheRotatedOutline(degrees: Double) {
        let text = "Section 12 Row 7"
        let size = 24.0
        let origin = Point(x: 20, y: 30)
        let rotation = AffineTransform(translationX: 200, y: 150)
            .rotated(by: degrees * .pi / 180).translatedBy(x: -100, y: -20)

        let drawn = Surface(width: 400, height: 300)
        let context = DrawingContext(surface: drawn)
        context.concatenate(rotation)
        let renderer = TextRenderer(fonts: fonts)
        let layout = renderer.layout(text, fontSize: size)
        renderer.draw(layout, at: origin, color: .black, in: context)

        // The unrotated outline, assembled from the font's outlines at the layout's pen positions,
        // then rotated as a path and filled with an identity transform.
        var outline = Path()
        for g in layout.glyphs {
            let p = fonts.fonts[g.fontIndex].outline(of: g.glyph, size: size)
            outline.addPath(p.applying(AffineTransform(translationX: origin.x + g.position.x, y: origin.y + g.position.y)))
        }
        let rotated = outline.applying(rotation)
        let direct = Surface(width: 400, height: 300)
        DrawingContext(surface: direct).fill(rotated, with: .solid(.black))

        // Glyph origins snap to quarter pixels (≤ 1/8 px on each axis), so edge pixels may differ
        // by up to about (1/8 + 1/8)·255 ≈ 64; on average an edge moves ~1/16 px (≈ 16 levels).
        let exact = difference(drawn, direct)
        #expect(exact.count > 500)
        #expect(exact.mean <= 12, "mean |Δ| \(exact.mean) over \(exact.count) px")
        #expect(exact.large * 200 <= exact.count, "\(exact.large) of \(exact.count) pixels differ by more than 64")

        // With each glyph's outline placed at its origin snapped to the quarter pixel, only the
        // 1/64 px grid and flattening remain.
        var snapped = Path()
        let linear = AffineTransform(a: rotation.a, b: rotation.b, c: rotation.c, d: rotation.d, tx: 0, ty: 0)
        for g in layout.glyphs {
            let o = Point(x: origin.x + g.position.x, y: origin.y + g.position.y).applying(rotation)
            let p = fonts.fonts[g.fontIndex].outline(of: g.glyph, size: size)
            snapped.addPath(p.applying(linear.concatenating(AffineTransform(translationX: (o.x * 4).rounded() / 4,
                                                                            y: (o.y * 4).rounded() / 4))))
        }
        let snappedSurface = Surface(width: 400, height: 300)
        DrawingContext(surface: snappedSurface).fill(snapped, with: .solid(.black))
        let near = difference(drawn, snappedSurface)
        #expect(near.mean <= 2, "mean |Δ| \(near.mean) against the snapped outline")
        #expect(near.max <= 40, "max |Δ| \(near.max) against the snapped outline")

        // The ink box is the rotated outline's box (exact curve bounds), to a pixel.
        let b = rotated.boundingRect
        let i = ink(drawn)
        #expect(abs(Double(i.minX) - b.minX.rounded(.down)) <= 1)
        #expect(abs(Double(i.minY) - b.minY.rounded(.down)) <= 1)
        #expect(abs(Double(i.maxX) - b.maxX.rounded(.up)) <= 1)
        #expect(abs(Double(i.maxY) - b.maxY.rounded(.up)) <= 1)
        // And it lies inside the rotated unrotated-ink box (the four corners turned).
        let u = outline.boundingRect
        let corners = [Point(x: u.minX, y: u.minY), Point(x: u.maxX, y: u.minY),
                       Point(x: u.minX, y: u.maxY), Point(x: u.maxX, y: u.maxY)].map { $0.applying(rotation) }
        #expect(Double(i.minX) >= corners.map(\.x).min()!.rounded(.down) - 1)
        #expect(Double(i.maxX) <= corners.map(\.x).max()!.rounded(.up) + 1)
        #expect(Double(i.minY) >= corners.map(\.y).min()!.rounded(.down) - 1)
        #expect(Double(i.maxY) <= corners.map(\.y).max()!.rounded(.up) + 1)
    }

    @Test func scaledContextSharesMasksWithTheLargerSize() {
        // 16 px under a 2× scale is the same device glyph as 32 px unscaled: one set of masks.
        let renderer = TextRenderer(fonts: fonts)
        let a = Surface(width: 200, height: 60), b = Surface(width: 200, height: 60)
        let ca = DrawingContext(surface: a)
        ca.concatenate(AffineTransform(scaleX: 2, y: 2))
        renderer.drawLabel("Gate", baselineOrigin: Point(x: 5, y: 20), fontSize: 16, color: .black, in: ca)
        let misses = renderer.glyphCache.misses
        renderer.drawLabel("Gate", baselineOrigin: Point(x: 10, y: 40), fontSize: 32, color: .black, in: DrawingContext(surface: b))
        #expect(renderer.glyphCache.misses == misses)
        for y in 0..<60 { for x in 0..<200 { #expect(a.pixel(x: x, y: y) == b.pixel(x: x, y: y)) } }
    }
}
