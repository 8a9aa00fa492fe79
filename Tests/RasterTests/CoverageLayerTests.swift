import Testing
import Geometry
@testable import Raster

/// `CoverageLayer` against `DrawingContext.stroke` in white over a transparent surface (whose
/// alpha is the stroke's coverage), and its saturating sum.
@Suite struct CoverageLayerTests {
    static let transform = AffineTransform(a: 3, b: 1, c: -1, d: 3, tx: 20, ty: 12)

    static func strokeAlpha(_ path: Path, style: StrokeStyle, width: Int, height: Int) -> [UInt8] {
        let surface = Surface(width: width, height: height)
        let context = DrawingContext(surface: surface)
        context.transform = transform
        context.stroke(path, with: .solid(.white), style: style)
        var out: [UInt8] = []
        for y in 0..<height { for x in 0..<width { out.append(UInt8(surface.row(y)[x] >> 24)) } }
        return out
    }

    static func bytes(_ layer: CoverageLayer) -> [UInt8] {
        Array(UnsafeBufferPointer(start: layer.bytes, count: layer.width * layer.height))
    }

    static var arc: Path {
        var p = Path()
        p.move(to: Point(x: 2, y: 2))
        p.addCurve(to: Point(x: 20, y: 14), control1: Point(x: 12, y: -3), control2: Point(x: 24, y: 4))
        p.addLine(to: Point(x: 6, y: 18))
        return p
    }

    @Test func strokeAddsTheContextsCoverage() {
        let style = StrokeStyle(lineWidth: 0.7, lineCap: .butt, lineJoin: .round)
        let layer = CoverageLayer(width: 90, height: 80)
        layer.addStroke(Self.arc, transform: Self.transform, style: style)
        let expected = Self.strokeAlpha(Self.arc, style: style, width: 90, height: 80)
        #expect(expected.contains { $0 > 0 })
        #expect(Self.bytes(layer) == expected)
    }

    @Test func strokesAddUpSaturatingAndClearEmpties() {
        let style = StrokeStyle(lineWidth: 2, lineCap: .butt, lineJoin: .round)
        let layer = CoverageLayer(width: 90, height: 80)
        layer.addStroke(Self.arc, transform: Self.transform, style: style)
        layer.addStroke(Self.arc, transform: Self.transform, style: style)
        let once = Self.strokeAlpha(Self.arc, style: style, width: 90, height: 80)
        let twice = Self.bytes(layer)
        for i in once.indices { #expect(twice[i] == UInt8(min(255, 2 * Int(once[i])))) }
        layer.clear(layer.bounds)
        #expect(Self.bytes(layer).allSatisfy { $0 == 0 })
    }

    /// Many short pieces apart from one another (a reveal's frame adds one per seat): more
    /// subpaths than the resolver takes at once, so the rasterizer groups them first.
    @Test func manySeparatePiecesAddTheContextsCoverage() {
        var pieces = Path()
        for k in 0..<60 {
            let x = Double(k % 10) * 2.5 + 1, y = Double(k / 10) * 3 + 1
            pieces.move(to: Point(x: x, y: y))
            pieces.addLine(to: Point(x: x + 1.2, y: y + 0.4))
        }
        let style = StrokeStyle(lineWidth: 0.5, lineCap: .butt, lineJoin: .round)
        let layer = CoverageLayer(width: 90, height: 80)
        layer.addStroke(pieces, transform: Self.transform, style: style)
        let expected = Self.strokeAlpha(pieces, style: style, width: 90, height: 80)
        #expect(expected.filter { $0 > 0 }.count > 600)
        #expect(Self.bytes(layer) == expected)
    }
}
