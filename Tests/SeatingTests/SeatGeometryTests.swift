import Foundation
import Geometry
import Testing
@testable import Seating

/// Invariants of generated venues, checked from the seat shapes themselves.
@Suite struct SeatGeometryTests {
    static let venues: [Venue] = [
        StadiumGenerator.generate(.design(width: 1000)),
        StadiumGenerator.generate(.forSeatCount(600)),
        // 60 000 and 100 000 pass too (checked; about a minute more in a debug build).
        StadiumGenerator.generate(.forSeatCount(10_000)),
    ]

    /// The seat's path points expressed in its own frame (centre at the origin, unrotated).
    static func localPoints(_ v: Venue, _ i: Int) -> [Point] {
        let s = v.seats[i]
        let c = cos(-s.rotation), sn = sin(-s.rotation)
        return onCurve(v, i).map { p in
            let dx = p.x - s.center.x, dy = p.y - s.center.y
            return Point(x: c * dx - sn * dy, y: sn * dx + c * dy)
        }
    }

    /// Points on the seat's outline: its path flattened to 1/10 000 of the seat size (every
    /// vertex of a flattened curve lies on the curve).
    static func onCurve(_ v: Venue, _ i: Int) -> [Point] {
        curves[venues.firstIndex { $0.seatCount == v.seatCount }!][i]
    }
    static let curves: [[[Point]]] = venues.map { v in
        (0..<v.seatCount).map { v.seatPath($0).flattened(tolerance: v.seats[$0].size * 1e-4).points }
    }

    @Test(arguments: 0..<3)
    func every_seat_lies_inside_its_tribune(_ k: Int) {
        let v = Self.venues[k]
        var outside = 0
        for i in 0..<v.seatCount {
            let t = v.tribunes[Int(v.seats[i].tribune)]
            for p in Self.onCurve(v, i) {
                switch t.outline {
                case .rect(let r):
                    if !(p.x >= r.minX - 1e-9 && p.x <= r.maxX + 1e-9 && p.y >= r.minY - 1e-9 && p.y <= r.maxY + 1e-9) {
                        outside += 1
                    }
                case .arc(let a):
                    let dx = p.x - a.center.x, dy = p.y - a.center.y
                    let r = (dx * dx + dy * dy).squareRoot()
                    var ang = atan2(dy, dx)
                    while ang < a.startAngle - 1e-12 { ang += 2 * .pi }
                    if !(r >= a.innerRadius - 1e-9 && r <= a.outerRadius + 1e-9 && ang <= a.endAngle + 1e-12) { outside += 1 }
                }
            }
        }
        #expect(outside == 0)
    }

    /// "Faces the field": the seat's front is the direction perpendicular to the back's long
    /// (top) edge, pointing from the back towards the squab. It must be the inward normal of
    /// the seat's ring at the seat (the ring is a rounded rect with corner radius width / 4:
    /// the normal points from the seat to the nearest point of the ring's inner core
    /// [minX + r, maxX − r] × [minY + r, maxY − r]; for a side that is straight across to the
    /// field, for a corner it is towards the corner's centre), within ±2°, and point to the
    /// field centre's side.
    @Test(arguments: 0..<3)
    func every_seat_back_faces_the_field(_ k: Int) {
        let v = Self.venues[k]
        let fc = v.field.center
        var worst = 0.0
        var wrongSide = 0
        for i in 0..<v.seatCount {
            let path = v.seatPath(i)
            // Subpath 0 is the back; it starts on its top edge: points[0] → points[1].
            let p0 = path.points[0], p1 = path.points[1]
            let lateral = Vector(dx: p1.x - p0.x, dy: p1.y - p0.y)
            var forward = Vector(dx: -lateral.dy, dy: lateral.dx)
            // Orient from the back's centroid to the squab's.
            let subpaths = split(path)
            let back = centroid(subpaths[0]), squab = centroid(subpaths[1])
            if forward.dx * (squab.x - back.x) + forward.dy * (squab.y - back.y) < 0 {
                forward = Vector(dx: -forward.dx, dy: -forward.dy)
            }
            let tribune = v.tribunes[Int(v.seats[i].tribune)]
            let ringIndex = Int(tribune.id.dropFirst().prefix { $0 != "-" })! - 1
            let ring = v.rings[ringIndex]
            let r = ring.width / 4
            let p = v.seats[i].center
            let q = Point(x: min(max(p.x, ring.minX + r), ring.maxX - r), y: min(max(p.y, ring.minY + r), ring.maxY - r))
            let n = Vector(dx: q.x - p.x, dy: q.y - p.y)
            let angle = abs(atan2(forward.dx * n.dy - forward.dy * n.dx, forward.dx * n.dx + forward.dy * n.dy))
            worst = max(worst, angle)
            if forward.dx * (fc.x - p.x) + forward.dy * (fc.y - p.y) <= 0 { wrongSide += 1 }
        }
        #expect(worst * 180 / .pi <= 2, "worst deviation \(worst * 180 / .pi)°")
        #expect(wrongSide == 0)
    }

    func split(_ path: Path) -> [[Point]] {
        var out: [[Point]] = []
        var i = 0
        for verb in path.verbs {
            if verb == .move { out.append([]) }
            for _ in 0..<verb.pointCount { out[out.count - 1].append(path.points[i]); i += 1 }
        }
        return out
    }

    func centroid(_ pts: [Point]) -> Point {
        Point(x: pts.reduce(0) { $0 + $1.x } / Double(pts.count), y: pts.reduce(0) { $0 + $1.y } / Double(pts.count))
    }

    /// No two seats overlap: each seat's shape lies in an oriented box (its path points' bounds
    /// in its own frame); boxes of neighbouring seats must be separated (separating axis test).
    @Test(arguments: 0..<3)
    func no_two_seats_overlap(_ k: Int) {
        let v = Self.venues[k]
        struct Box { var c: Point; var ux: Vector; var uy: Vector; var lo: Point; var hi: Point }
        var boxes: [Box] = []
        for i in 0..<v.seatCount {
            let s = v.seats[i]
            let local = Self.localPoints(v, i)
            let lo = Point(x: local.map(\.x).min()!, y: local.map(\.y).min()!)
            let hi = Point(x: local.map(\.x).max()!, y: local.map(\.y).max()!)
            boxes.append(Box(c: s.center, ux: Vector(dx: cos(s.rotation), dy: sin(s.rotation)),
                             uy: Vector(dx: -sin(s.rotation), dy: cos(s.rotation)), lo: lo, hi: hi))
        }
        func corners(_ b: Box) -> [Point] {
            [(b.lo.x, b.lo.y), (b.hi.x, b.lo.y), (b.hi.x, b.hi.y), (b.lo.x, b.hi.y)].map { (x, y) in
                Point(x: b.c.x + b.ux.dx * x + b.uy.dx * y, y: b.c.y + b.ux.dy * x + b.uy.dy * y)
            }
        }
        func separated(_ a: Box, _ b: Box) -> Bool {
            let ca = corners(a), cb = corners(b)
            for axis in [a.ux, a.uy, b.ux, b.uy] {
                let pa = ca.map { $0.x * axis.dx + $0.y * axis.dy }, pb = cb.map { $0.x * axis.dx + $0.y * axis.dy }
                if pa.max()! <= pb.min()! || pb.max()! <= pa.min()! { return true }
            }
            return false
        }
        let cell = v.seats.map(\.size).max()! * 1.5
        var grid: [Int: [Int]] = [:]
        func key(_ x: Int, _ y: Int) -> Int { x * 100_003 + y }
        for i in 0..<v.seatCount {
            let c = v.seats[i].center
            grid[key(Int(c.x / cell), Int(c.y / cell)), default: []].append(i)
        }
        var overlaps = 0, pairs = 0
        for i in 0..<v.seatCount {
            let c = v.seats[i].center
            let gx = Int(c.x / cell), gy = Int(c.y / cell)
            for dx in -1...1 {
                for dy in -1...1 {
                    for j in grid[key(gx + dx, gy + dy)] ?? [] where j > i {
                        pairs += 1
                        if !separated(boxes[i], boxes[j]) { overlaps += 1 }
                    }
                }
            }
        }
        #expect(pairs > v.seatCount)  // the neighbourhoods are not empty
        #expect(overlaps == 0)
    }
}
