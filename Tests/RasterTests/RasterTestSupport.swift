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

    /// A rounded rect with elliptical corners (cubic quarter arcs), mapped through `t`.
    static func addRoundedRect(_ p: inout Path, _ r: Rect, corner: Size, transform t: AffineTransform = .identity) {
        let rx = min(corner.width, r.width / 2), ry = min(corner.height, r.height / 2)
        let k = 0.5522847498307936
        func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y).applying(t) }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        p.move(to: P(x0 + rx, y0))
        p.addLine(to: P(x1 - rx, y0))
        p.addCurve(to: P(x1, y0 + ry), control1: P(x1 - rx + k * rx, y0), control2: P(x1, y0 + ry - k * ry))
        p.addLine(to: P(x1, y1 - ry))
        p.addCurve(to: P(x1 - rx, y1), control1: P(x1, y1 - ry + k * ry), control2: P(x1 - rx + k * rx, y1))
        p.addLine(to: P(x0 + rx, y1))
        p.addCurve(to: P(x0, y1 - ry), control1: P(x0 + rx - k * rx, y1), control2: P(x0, y1 - ry + k * ry))
        p.addLine(to: P(x0, y0 + ry))
        p.addCurve(to: P(x0 + rx, y0), control1: P(x0, y0 + ry - k * ry), control2: P(x0 + rx - k * rx, y0))
        p.closeSubpath()
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
        addRoundedRect(&p, Rect(x: 0, y: vs, width: seatW, height: backH), corner: corner, transform: skew)
        addRoundedRect(&p, Rect(x: 0, y: h / 2, width: seatW, height: squabH), corner: corner)
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
