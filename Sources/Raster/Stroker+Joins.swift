#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

// Contours are emitted along the right-hand side of the direction of travel (−perp(e), with
// perp(e) = (−e.dy, e.dx)); the far side is the same walk over the reversed polyline. All
// arcs turn by positive angles, so every piece has positive signed area.
extension Stroker.Builder {
    /// Strokes a polyline of distinct consecutive points (≥ 2); `closed` joins the last point
    /// back to the first instead of capping.
    /// `buttStart` draws the first end butt whatever the cap (its cap is already in the points).
    mutating func strokePolyline(_ pts: [Point], _ sm: [Bool], closed: Bool, buttStart: Bool = false) {
        let n = pts.count
        guard n >= 2 else { return }
        let m = closed ? n : n - 1
        directions.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        for j in 0..<m {
            let a = pts[j], b = pts[j + 1 == n ? 0 : j + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            directions.append(Vector(dx: dx / len, dy: dy / len))
            lengths.append(len)
        }
        var dirs: [Vector] = [], lens: [Double] = []
        swap(&dirs, &directions); swap(&lens, &lengths)
        defer { swap(&dirs, &directions); swap(&lens, &lengths) }
        let h = halfWidth
        pts.withUnsafeBufferPointer { p in
            sm.withUnsafeBufferPointer { s in
                dirs.withUnsafeBufferPointer { d in
                  lens.withUnsafeBufferPointer { l in
                    if closed {
                        let e0 = d[0]
                        output.move(to: Point(x: p[0].x + e0.dy * h, y: p[0].y - e0.dx * h))
                        walkSide(p, s, d, l, reversed: false, closed: true)
                        output.closeSubpath()
                        let r0 = d[m - 1]
                        output.move(to: Point(x: p[0].x - r0.dy * h, y: p[0].y + r0.dx * h))
                        walkSide(p, s, d, l, reversed: true, closed: true)
                        output.closeSubpath()
                    } else {
                        let e0 = d[0]
                        output.move(to: Point(x: p[0].x + e0.dy * h, y: p[0].y - e0.dx * h))
                        walkSide(p, s, d, l, reversed: false, closed: false)
                        addCap(at: p[n - 1], direction: d[m - 1])
                        walkSide(p, s, d, l, reversed: true, closed: false)
                        let r = d[0]
                        addCap(at: p[0], direction: Vector(dx: -r.dx, dy: -r.dy), butt: buttStart)
                        output.closeSubpath()
                    }
                  }
                }
            }
        }
    }

    /// Emits the right-hand offset of every segment with the joins between them, starting
    /// from the current point (the offset of the first vertex). Reversed walks run the
    /// segments backwards with negated directions.
    ///
    /// At an inner corner the two offset lines are cut at their intersection when its feet lie
    /// within both segments (and clear of the previous cut); that drops the kite between the vertex and the
    /// intersection from the chain, a region both segments' quads cover (winding 2 → 1), so
    /// the nonzero fill is unchanged with two points fewer. Otherwise the side goes through
    /// the vertex.
    @inline(__always)
    mutating func walkSide(_ p: UnsafeBufferPointer<Point>, _ s: UnsafeBufferPointer<Bool>,
                           _ d: UnsafeBufferPointer<Vector>, _ l: UnsafeBufferPointer<Double>,
                           reversed: Bool, closed: Bool) {
        let n = p.count, m = d.count, h = halfWidth
        @inline(__always) func dir(_ k: Int) -> Vector {
            reversed ? Vector(dx: -d[m - 1 - k].dx, dy: -d[m - 1 - k].dy) : d[k]
        }
        @inline(__always) func length(_ k: Int) -> Double { reversed ? l[m - 1 - k] : l[k] }
        var e = dir(0)
        // How much of the current segment's start the previous cut used (kites never overlap).
        var usedAtStart = 0.0
        // On a closed side the last cut must leave room for the first one.
        var firstCut = 0.0
        for k in 0..<m {
            // The vertex the k-th segment of this walk ends at.
            let vi = reversed ? m - 1 - k : (k + 1 == n ? 0 : k + 1)
            let v = p[vi]
            if k < m - 1 || closed {
                let k2 = k + 1 == m ? 0 : k + 1
                let e2 = dir(k2)
                let cross = e.dx * e2.dy - e.dy * e2.dx
                if cross < 0 {
                    let dot = e.dx * e2.dx + e.dy * e2.dy
                    // How far the kite reaches along either segment from the vertex: to the
                    // intersection's foot, h·tan(ψ/2), or to the other offset's end, h·sin ψ,
                    // which lies further for turns under 90°. Beyond a segment's end the kite
                    // leaves that segment's quad, and cutting it would open a hole (a wide
                    // stroke turning tighter than its half width, issue 29: stroke-132, 212).
                    let reach = Swift.max(h * -cross / (1 + dot), h * -cross)
                    let room2 = k2 == 0 ? length(0) - firstCut : length(k2)
                    if reach <= length(k) - usedAtStart && reach <= room2 {
                        let q = h / (1 + dot)
                        output.addLine(to: Point(x: v.x + (e.dy + e2.dy) * q, y: v.y - (e.dx + e2.dx) * q))
                        e = e2
                        usedAtStart = reach
                        if k == 0 { firstCut = reach }
                        continue
                    }
                }
                usedAtStart = 0
                output.addLine(to: Point(x: v.x + e.dy * h, y: v.y - e.dx * h))
                addJoin(at: v, from: e, to: e2, smooth: s[vi])
                e = e2
            } else {
                output.addLine(to: Point(x: v.x + e.dy * h, y: v.y - e.dx * h))
            }
        }
    }

    /// Joins at `v` from the offset of direction `e0` (the current point) to that of `e1`.
    @inline(__always)
    mutating func addJoin(at v: Point, from e0: Vector, to e1: Vector, smooth: Bool) {
        let h = halfWidth
        let cross = e0.dx * e1.dy - e0.dy * e1.dx
        let dot = e0.dx * e1.dx + e0.dy * e1.dy
        let end = Point(x: v.x + e1.dy * h, y: v.y - e1.dx * h)
        if cross > 0 || (cross == 0 && dot < 0) {
            // This side is the outside of the turn.
            switch smooth ? .round : join {
            case .miter:
                // cairo: miter when 1/sin(ψ/2) ≤ limit, ψ the angle between the segments,
                // i.e. 2 ≤ limit²·(1 + e0·e1).
                if 2 <= miterLimit * miterLimit * (1 + dot) {
                    let k = h / (1 + dot)
                    output.addLine(to: Point(x: v.x + (e0.dy + e1.dy) * k, y: v.y - (e0.dx + e1.dx) * k))
                }
                output.addLine(to: end)
            case .round:
                // Turns within one chord need no angle (most joins inside flattened curves).
                if dot >= cosArcStep {
                    output.addLine(to: end)
                } else {
                    addArc(center: v, fromX: e0.dy, fromY: -e0.dx, angle: atan2(cross, dot), end: end)
                }
            case .bevel:
                output.addLine(to: end)
            }
        } else if cross == 0 {
            return  // straight on: both offsets coincide
        } else {
            // Inside of the turn: through the vertex, so the pieces' windings add up.
            output.addLine(to: v)
            output.addLine(to: end)
        }
    }

    /// Caps the end of a segment with direction `e` at `v`, from the right offset (the current
    /// point) around to the left one.
    mutating func addCap(at v: Point, direction e: Vector, butt: Bool = false) {
        let h = halfWidth
        let left = Point(x: v.x - e.dy * h, y: v.y + e.dx * h)
        switch butt ? .butt : cap {
        case .butt:
            output.addLine(to: left)
        case .square:
            output.addLine(to: Point(x: v.x + (e.dy + e.dx) * h, y: v.y + (e.dy - e.dx) * h))
            output.addLine(to: Point(x: v.x + (e.dx - e.dy) * h, y: v.y + (e.dx + e.dy) * h))
            output.addLine(to: left)
        case .round:
            addArc(center: v, fromX: e.dy, fromY: -e.dx, angle: Double.pi, end: left)
        }
    }

    /// Emits the polygon of a positive turn by `angle` (0…π) around `center` at radius
    /// `halfWidth`, starting at unit direction (fromX, fromY) — the current point — and ending
    /// exactly at `end`. Uniform chords of at most `arcStep`.
    mutating func addArc(center c: Point, fromX: Double, fromY: Double, angle: Double, end: Point) {
        let steps = (angle / arcStep).rounded(.up)
        if steps > 1, steps.isFinite {
            let n = Int(steps)
            let a = angle / Double(n)
            let cs = cos(a), sn = sin(a)
            // Exact outlines: inner vertices just outside the circle, so the chords straddle
            // it (each chord's segment area made up) instead of all lying inside it (issue 29:
            // stroke-160's round cap, 4.4 levels off the truth where cairo's is 2.5).
            let h = exact ? halfWidth * (a / sn).squareRoot() : halfWidth
            var x = fromX, y = fromY
            for _ in 1..<n {
                let nx = x * cs - y * sn
                y = x * sn + y * cs; x = nx
                output.addLine(to: Point(x: c.x + x * h, y: c.y + y * h))
            }
        }
        output.addLine(to: end)
    }

    /// A zero-length subpath or dash: a disc for round caps, a square turned along `direction`
    /// for square caps, nothing for butt caps (cairo's behaviour).
    mutating func addDot(at p: Point, direction e: Vector) {
        let h = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            let ex = e.dx * h, ey = e.dy * h  // along the direction; (−ey, ex) across it
            output.move(to: Point(x: p.x - ex + ey, y: p.y - ey - ex))
            output.addLine(to: Point(x: p.x + ex + ey, y: p.y + ey - ex))
            output.addLine(to: Point(x: p.x + ex - ey, y: p.y + ey + ex))
            output.addLine(to: Point(x: p.x - ex - ey, y: p.y - ey + ex))
            output.closeSubpath()
        case .round:
            // An even count keeps the polygon symmetric about its centre (cairo's pen is even too).
            let half = Swift.max(2, Int((Double.pi / arcStep).rounded(.up)))
            let n = 2 * half
            let a = 2 * Double.pi / Double(n)
            // Exact outlines: the polygon's area made the disc's (its vertices just outside,
            // its chords' middles just inside), not short of it by the whole chord depth
            // (issue 29: stroke-zero-length-caps, mean further from the truth than cairo's).
            let r = exact ? h * (a / sin(a)).squareRoot() : h
            output.move(to: Point(x: p.x + r, y: p.y))
            for k in 1..<n {
                let t = a * Double(k)
                output.addLine(to: Point(x: p.x + cos(t) * r, y: p.y + sin(t) * r))
            }
            output.closeSubpath()
        }
    }
}
