#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// An annular sector: the region between two circles about `center`, from `startAngle` to
/// `endAngle` (radians, increasing clockwise on a y-down screen, `startAngle < endAngle`).
public struct ArcSector: Hashable, Sendable {
    public var center: Point
    public var outerRadius: Double
    public var innerRadius: Double
    public var startAngle: Double
    public var endAngle: Double

    public init(center: Point, outerRadius: Double, innerRadius: Double, startAngle: Double, endAngle: Double) {
        self.center = center; self.outerRadius = outerRadius; self.innerRadius = innerRadius
        self.startAngle = startAngle; self.endAngle = endAngle
    }

    /// The outline as SportFan's `ArcTribune` draws it: outer arc forward, a line in, the inner
    /// arc back, closed.
    public var path: Path {
        var p = Path()
        p.move(to: Point(x: center.x + outerRadius * cos(startAngle), y: center.y + outerRadius * sin(startAngle)))
        p.addArc(center: center, radius: outerRadius, startAngle: .radians(startAngle), endAngle: .radians(endAngle),
                 clockwise: false)
        p.addLine(to: Point(x: center.x + innerRadius * cos(endAngle), y: center.y + innerRadius * sin(endAngle)))
        p.addArc(center: center, radius: innerRadius, startAngle: .radians(endAngle), endAngle: .radians(startAngle),
                 clockwise: true)
        p.closeSubpath()
        return p
    }

    /// True when `p` lies in the sector (radius in [inner, outer], angle in [start, end]).
    public func contains(_ p: Point) -> Bool {
        let dx = p.x - center.x, dy = p.y - center.y
        let r2 = dx * dx + dy * dy
        guard r2 >= innerRadius * innerRadius, r2 <= outerRadius * outerRadius else { return false }
        var a = atan2(dy, dx)
        // Bring the angle into [start, start + 2π).
        let twoPi = 2 * Double.pi
        a -= twoPi * ((a - startAngle) / twoPi).rounded(.down)
        return a <= endAngle
    }

    /// The bounding box of the exact sector (arc extremes included).
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ r: Double, _ a: Double) {
            let x = center.x + r * cos(a), y = center.y + r * sin(a)
            minX = Swift.min(minX, x); maxX = Swift.max(maxX, x); minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
        }
        for r in [innerRadius, outerRadius] {
            add(r, startAngle); add(r, endAngle)
            var k = (startAngle / (Double.pi / 2)).rounded(.up)
            while k * Double.pi / 2 < endAngle { add(r, k * Double.pi / 2); k += 1 }
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
