import TestFixtures
import func Foundation.tan
import func Foundation.cos
import Geometry
@testable import Raster

/// Small helpers shared by the raster tests.
enum RasterTestSupport {
    static func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path(); p.addRect(Rect(x: x, y: y, width: w, height: h)); return p
    }

    static func polygon(_ pts: [(Double, Double)]) -> Path {
        var p = Path()
        p.move(to: Point(x: pts[0].0, y: pts[0].1))
        for q in pts.dropFirst() { p.addLine(to: Point(x: q.0, y: q.1)) }
        p.closeSubpath()
        return p
    }

    /// The seed's seat shape in `rect`, rotated by `r` radians about its centre.
    static func seat(in rect: Rect, rotation r: Double) -> Path {
        let w = rect.width, h = rect.height
        let vs = h * 0.1
        let corner = Size(width: w / 15, height: h / 15)
        let backH = h / 3 - vs, squabH = h / 2 - vs
        let skewAngle = Double.pi / 4
        let skewShift = backH / tan(skewAngle)
        let seatW = w - skewShift
        var p = Path()
        p.move(to: Point(x: w / 2, y: h / 3)); p.addLine(to: Point(x: w / 2 - skewShift / 2, y: h / 2))
        let skew = AffineTransform(a: 1, b: 0, c: -cos(skewAngle), d: 1, tx: skewShift + vs, ty: 0)
        p.addRoundedRect(in: Rect(x: 0, y: vs, width: seatW, height: backH), cornerSize: corner, transform: skew)
        p.addRoundedRect(in: Rect(x: 0, y: h / 2, width: seatW, height: squabH), cornerSize: corner)
        let result = AffineTransform(translationX: w / 2, y: h / 2).rotated(by: r).translatedBy(x: -w / 2, y: -h / 2)
        return p.applying(result.concatenating(AffineTransform(translationX: rect.minX, y: rect.minY)))
    }

    /// The tests' seeded generator (SplitMix64).
    typealias Random = SeededGenerator

    /// Alpha of every pixel, row-major.
    static func alphas(_ s: Surface) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<s.height { for x in 0..<s.width { out.append(s.pixel(x: x, y: y).alpha) } }
        return out
    }
}
