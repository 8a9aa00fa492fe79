import Geometry
import Raster
import Testing
@testable import Text

/// Glyph coverage drawn by Text (masks rendered by Raster) against FreeType's own rasterizer.
@Suite struct GlyphRenderingTests {
    let fonts: FontChain
    let reference = FreeTypeReference()

    init() throws { fonts = FontChain(primary: try Font(path: FreeTypeReference.dejaVuPath)) }

    /// Draws `scalar` at `size` with its origin at device (20 + phase, 40), black on clear, and
    /// returns the alpha of every pixel.
    func drawn(_ scalar: Unicode.Scalar, size: Int, phase: Double, cached: Bool) -> Surface {
        let surface = Surface(width: 80, height: 80)
        let context = DrawingContext(surface: surface)
        let renderer = TextRenderer(fonts: fonts)
        let layout = TextLayout(String(scalar), fonts: fonts, fontSize: Double(size))
        let origin = Point(x: 20 + phase, y: 40 - layout.firstBaseline)
        if cached {
            renderer.draw(layout, at: origin, color: .black, in: context)
        } else {
            renderer.drawOutlines(layout, at: origin, color: .black, in: context)
        }
        return surface
    }

    /// Mean and max |Δ| of alpha over every pixel either rendering touches, all printable ASCII
    /// glyphs at quarter-pixel phases 0, ¼, ½, ¾.
    func compare(size: Int, cached: Bool) -> (mean: Double, max: Int, worst: String) {
        var total = 0, count = 0, worst = 0, worstText = ""
        for v in UInt32(0x21)...0x7E {
            let s = Unicode.Scalar(v)!
            for phase in [0.0, 0.25, 0.5, 0.75] {
                let ours = drawn(s, size: size, phase: phase, cached: cached)
                let ref = reference.render(glyph: reference.glyph(s), size: size, phase: phase)
                // Compare over the whole surface: the reference's pixels placed at the origin's pixel.
                for y in 0..<ours.height {
                    for x in 0..<ours.width {
                        let rx = x - 20 - ref.left, ry = y - 40 - ref.top
                        let r = rx >= 0 && ry >= 0 && rx < ref.width && ry < ref.height ? Int(ref.bytes[ry * ref.width + rx]) : 0
                        let o = Int(ours.pixel(x: x, y: y).alpha)
                        guard r != 0 || o != 0 else { continue }
                        let d = abs(r - o)
                        total += d; count += 1
                        if d > worst { worst = d; worstText = "'\(s)' phase \(phase) at (\(x), \(y)): ours \(o), FreeType \(r)" }
                    }
                }
            }
        }
        return (Double(total) / Double(max(count, 1)), worst, worstText)
    }

    @Test(arguments: [12, 18, 32])
    func cachedMasksAgreeWithFreeType(size: Int) {
        let r = compare(size: size, cached: true)
        #expect(r.mean <= 1, "mean |Δ| \(r.mean) at \(size) px")
        #expect(r.max <= 24, "max |Δ| \(r.max): \(r.worst)")
    }

    /// Through the context the outline is not on FreeType's 1/64 px grid, so compare where the
    /// grid is exact (2048 units per em at 32 px: one unit is 1/64 px).
    @Test(arguments: [32])
    func outlinesFilledThroughTheContextAgreeWithFreeType(size: Int) {
        let r = compare(size: size, cached: false)
        #expect(r.mean <= 1, "mean |Δ| \(r.mean) at \(size) px")
        #expect(r.max <= 24, "max |Δ| \(r.max): \(r.worst)")
    }
}
