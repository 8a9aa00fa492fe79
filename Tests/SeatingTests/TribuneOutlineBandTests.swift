import Foundation
import Geometry
import Testing
@testable import Seating

/// `Tribune.outlineBand` against distances computed here from the sector's definition: a point
/// is in the grown shape exactly when it is within the half width of the tribune, and in the
/// shrunk one exactly when it is inside and at least the half width from its edge. Points
/// whose distance is within the arcs' Bézier error of the half width are not asked about.
@Suite struct TribuneOutlineBandTests {
    /// Distance from `q` to the arc of radius `r` about `c` from `a0` to `a1` (a0 < a1).
    static func distanceToArc(_ q: Point, _ c: Point, _ r: Double, _ a0: Double, _ a1: Double) -> Double {
        let dx = q.x - c.x, dy = q.y - c.y
        var a = atan2(dy, dx)
        while a < a0 { a += 2 * Double.pi }
        while a >= a0 + 2 * Double.pi { a -= 2 * Double.pi }
        if a <= a1 { return abs((dx * dx + dy * dy).squareRoot() - r) }
        let e0 = Point(x: c.x + r * cos(a0), y: c.y + r * sin(a0)), e1 = Point(x: c.x + r * cos(a1), y: c.y + r * sin(a1))
        return Swift.min(hypot(q.x - e0.x, q.y - e0.y), hypot(q.x - e1.x, q.y - e1.y))
    }

    static func distanceToSegment(_ q: Point, _ p0: Point, _ p1: Point) -> Double {
        let vx = p1.x - p0.x, vy = p1.y - p0.y
        let t = Swift.max(0, Swift.min(1, ((q.x - p0.x) * vx + (q.y - p0.y) * vy) / (vx * vx + vy * vy)))
        return hypot(q.x - p0.x - t * vx, q.y - p0.y - t * vy)
    }

    /// Inside the sector, and the distance to its edge.
    static func measure(_ q: Point, _ s: ArcSector) -> (inside: Bool, edge: Double) {
        let c = s.center
        let r = hypot(q.x - c.x, q.y - c.y)
        var a = atan2(q.y - c.y, q.x - c.x)
        while a < s.startAngle { a += 2 * Double.pi }
        while a >= s.startAngle + 2 * Double.pi { a -= 2 * Double.pi }
        let inside = r >= s.innerRadius && r <= s.outerRadius && a <= s.endAngle
        func at(_ r: Double, _ a: Double) -> Point { Point(x: c.x + r * cos(a), y: c.y + r * sin(a)) }
        let edge = [
            distanceToArc(q, c, s.outerRadius, s.startAngle, s.endAngle),
            distanceToArc(q, c, s.innerRadius, s.startAngle, s.endAngle),
            distanceToSegment(q, at(s.innerRadius, s.startAngle), at(s.outerRadius, s.startAngle)),
            distanceToSegment(q, at(s.innerRadius, s.endAngle), at(s.outerRadius, s.endAngle)),
        ].min()!
        return (inside, edge)
    }

    static func randomSector(_ g: inout SeededGenerator) -> ArcSector {
        func unit() -> Double { Double(g.below(1 << 20)) / Double(1 << 20) }
        let inner = 5 + 200 * unit()
        let outer = inner + 0.5 + 60 * unit()
        let start = (unit() - 0.5) * 4 * Double.pi
        let span = 0.02 + (Double.pi - 0.02) * unit()
        return ArcSector(center: Point(x: 300 * unit() - 150, y: 300 * unit() - 150), outerRadius: outer,
                         innerRadius: inner, startAngle: start, endAngle: start + span)
    }

    @Test func arcBandsHoldThePointsWithinAndBeyondTheHalfWidth() throws {
        var g = SeededGenerator(seed: 29)
        var asked = (grown: 0, shrunk: 0, shrunkInside: 0, empty: 0)
        for _ in 0..<300 {
            let s = Self.randomSector(&g)
            let d = 0.05 + 3 * Double(g.below(1000)) / 1000
            guard s.innerRadius > d else { continue }
            let tribune = Tribune(id: "T", label: "T", outline: .arc(s), rows: 0..<0, seats: 0..<0)
            let band = try #require(tribune.outlineBand(halfWidth: d))
            if band.inner.isEmpty { asked.empty += 1 }
            // The arcs are cubic Béziers: their radius is off by at most 2.7e-4 of itself.
            let slack = 3e-4 * (s.outerRadius + d) + 1e-9
            let box = s.bounds.insetBy(dx: -2 * d - 1, dy: -2 * d - 1)
            for _ in 0..<200 {
                let q = Point(x: box.minX + box.width * Double(g.below(1 << 20)) / Double(1 << 20),
                              y: box.minY + box.height * Double(g.below(1 << 20)) / Double(1 << 20))
                let m = Self.measure(q, s)
                let distance = m.inside ? 0 : m.edge
                if abs(distance - d) > slack {
                    asked.grown += 1
                    #expect(band.outer.contains(q) == (distance < d), "grown \(s) by \(d) at \(q): distance \(distance)")
                }
                if !m.inside || abs(m.edge - d) > slack {
                    asked.shrunk += 1
                    let expected = m.inside && m.edge > d
                    if expected { asked.shrunkInside += 1 }
                    #expect(band.inner.contains(q) == expected, "shrunk \(s) by \(d) at \(q): inside \(m.inside), edge \(m.edge)")
                }
            }
        }
        // The sampling reached every case: points in and out of both shapes, and thin sectors
        // with nothing left inside.
        #expect(asked.grown > 40_000 && asked.shrunkInside > 5_000 && asked.empty > 5, "\(asked)")
    }

    @Test func rectBandsAreTheRoundedGrownAndTheInsetRect() throws {
        let r = Rect(x: 10, y: 20, width: 30, height: 8)
        let tribune = Tribune(id: "T", label: "T", outline: .rect(r), rows: 0..<0, seats: 0..<0)
        let band = try #require(tribune.outlineBand(halfWidth: 2))
        // Grown: within 2 of the rect (a corner's diagonal point just inside and just outside).
        #expect(band.outer.contains(Point(x: 9, y: 25)) && !band.outer.contains(Point(x: 7.9, y: 25)))
        #expect(band.outer.contains(Point(x: 10 - 1.4, y: 20 - 1.4)) && !band.outer.contains(Point(x: 10 - 1.5, y: 20 - 1.5)))
        // Shrunk: 2 in from every side.
        #expect(band.inner.contains(Point(x: 12.1, y: 22.1)) && !band.inner.contains(Point(x: 11.9, y: 25)))
        #expect(!band.inner.contains(Point(x: 38.1, y: 25)) && !band.inner.contains(Point(x: 20, y: 26.1)))
        // Too thin for anything to be left.
        let thin = Tribune(id: "T", label: "T", outline: .rect(Rect(x: 0, y: 0, width: 30, height: 3)), rows: 0..<0, seats: 0..<0)
        #expect(try #require(thin.outlineBand(halfWidth: 2)).inner.isEmpty)
    }

    @Test func shapesTheBandIsNotExactForHaveNone() {
        let wide = ArcSector(center: Point(x: 0, y: 0), outerRadius: 50, innerRadius: 20, startAngle: 0, endAngle: 3.5)
        let nearCentre = ArcSector(center: Point(x: 0, y: 0), outerRadius: 50, innerRadius: 1, startAngle: 0, endAngle: 1)
        for s in [wide, nearCentre] {
            #expect(Tribune(id: "T", label: "T", outline: .arc(s), rows: 0..<0, seats: 0..<0).outlineBand(halfWidth: 1.5) == nil)
        }
        let ok = Tribune(id: "T", label: "T", outline: .arc(nearCentre), rows: 0..<0, seats: 0..<0)
        #expect(ok.outlineBand(halfWidth: 0) == nil && ok.outlineBand(halfWidth: 0.5) != nil)
    }
}
