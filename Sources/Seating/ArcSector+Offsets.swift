#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// The sector grown and shrunk by a distance: the two fills a stroked outline can be drawn as
/// (`Tribune.outlineBand`). Exact curves (arcs and lines), wound like `path`; only for sectors
/// of at most a half turn, where the shapes below are exact.
extension ArcSector {
    /// The angular span (radians).
    var span: Double { endAngle - startAngle }

    /// The points within `d` of the sector (its Minkowski sum with a disc of radius `d`): the
    /// arcs moved out by `d` (the inner one towards the centre), the straight ends moved out
    /// along the sector, and a quarter circle of radius `d` around each corner. Nil when
    /// `d` ≤ 0, the inner radius is not larger than `d` (the grown shape would reach round the
    /// centre) or the sector spans more than a half turn.
    public func dilatedPath(by d: Double) -> Path? {
        guard d > 0, d.isFinite, innerRadius > d, outerRadius > innerRadius, span > 0, span <= Double.pi else { return nil }
        func at(_ r: Double, _ a: Double) -> Point { Point(x: center.x + r * cos(a), y: center.y + r * sin(a)) }
        let quarter = Double.pi / 2
        let outerEnd = at(outerRadius, endAngle), innerEnd = at(innerRadius, endAngle)
        let innerStart = at(innerRadius, startAngle), outerStart = at(outerRadius, startAngle)
        var p = Path()
        p.move(to: at(outerRadius + d, startAngle))
        p.addArc(center: center, radius: outerRadius + d, startAngle: .radians(startAngle), endAngle: .radians(endAngle),
                 clockwise: false)
        p.addArc(center: outerEnd, radius: d, startAngle: .radians(endAngle), endAngle: .radians(endAngle + quarter),
                 clockwise: false)
        p.addArc(center: innerEnd, radius: d, startAngle: .radians(endAngle + quarter),
                 endAngle: .radians(endAngle + 2 * quarter), clockwise: false)
        p.addArc(center: center, radius: innerRadius - d, startAngle: .radians(endAngle), endAngle: .radians(startAngle),
                 clockwise: true)
        p.addArc(center: innerStart, radius: d, startAngle: .radians(startAngle + 2 * quarter),
                 endAngle: .radians(startAngle + 3 * quarter), clockwise: false)
        p.addArc(center: outerStart, radius: d, startAngle: .radians(startAngle + 3 * quarter),
                 endAngle: .radians(startAngle + 4 * quarter), clockwise: false)
        p.closeSubpath()
        return p
    }

    /// The points of the sector at least `d` from its edge: arcs at `outerRadius − d` and
    /// `innerRadius + d` between lines parallel to the straight ends at `d` inside them, which
    /// meet at a point on the bisector when the inner arc has no room between them. Empty when
    /// nothing is left; nil where `dilatedPath` is nil for the same reasons of shape (a span
    /// over a half turn, `d` ≤ 0).
    public func erodedPath(by d: Double) -> Path? {
        guard d > 0, d.isFinite, innerRadius >= 0, outerRadius > innerRadius, span > 0, span <= Double.pi else { return nil }
        func at(_ r: Double, _ a: Double) -> Point { Point(x: center.x + r * cos(a), y: center.y + r * sin(a)) }
        let outer = outerRadius - d, inner = innerRadius + d
        // Where the two inner lines meet (distance from the centre).
        let apex = d / sin(span / 2)
        guard outer > Swift.max(inner, apex) else { return Path() }
        let outerInset = asin(d / outer)
        var p = Path()
        p.move(to: at(outer, startAngle + outerInset))
        p.addArc(center: center, radius: outer, startAngle: .radians(startAngle + outerInset),
                 endAngle: .radians(endAngle - outerInset), clockwise: false)
        if inner > apex {
            let innerInset = asin(d / inner)
            p.addLine(to: at(inner, endAngle - innerInset))
            p.addArc(center: center, radius: inner, startAngle: .radians(endAngle - innerInset),
                     endAngle: .radians(startAngle + innerInset), clockwise: true)
        } else {
            p.addLine(to: at(apex, (startAngle + endAngle) / 2))
        }
        p.closeSubpath()
        return p
    }
}
