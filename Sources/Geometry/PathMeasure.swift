/// Arc-length measurements of a path, precomputed once so repeated queries (dashing, trimming
/// animations, the follow-path effect) cost a binary search plus work on one segment.
///
/// Conventions:
/// - Distances are in path units along the path; fractions are fractions of `length`.
/// - Segments are walked in path order. A `closeSubpath()` counts as the straight segment from
///   the subpath's last point back to its first point, so it adds to the length; moves add
///   nothing (the gap between subpaths is not part of the length). A subpath that is only a
///   move has no length and is ignored.
/// - An empty path, or one without segments, has length 0: `point(atFraction:)` gives nil and
///   every trim gives an empty path. So does a path whose length overflows `Double` (points
///   near ±1.8e308): its `length` is +∞ and only the whole 0…1 trim returns it.
/// - Lines are measured exactly; quadratic and cubic curves by adaptive Gauss–Legendre
///   quadrature of the speed |B′(t)| to about 1e-12 relative accuracy (not by flattening).
public struct PathMeasure: Sendable {
    /// The measured path.
    public let path: Path
    /// The total arc length of every segment, closing segments included.
    public let length: Double
    /// The subpaths that have at least one segment, in path order.
    public let contours: [Contour]
    @usableFromInline let segments: [Segment]

    /// One subpath: its place along the whole path and how it ends.
    public struct Contour: Hashable, Sendable {
        /// The distance along the whole path at which the contour starts.
        public var startDistance: Double
        /// The contour's own length (closing segment included).
        public var length: Double
        /// True when the subpath ends with `closeSubpath()`.
        public var isClosed: Bool
        /// The range of `PathMeasure.segments` indices belonging to this contour.
        @usableFromInline var segmentRange: Range<Int>
        /// The range of `path.verbs` indices of the subpath (its move through its close).
        @usableFromInline var verbRange: Range<Int>
        /// The index in `path.points` of the subpath's move point.
        @usableFromInline var firstPointIndex: Int
    }

    /// One measured segment, stored as a cubic (lines and quadratics are degree-elevated, which
    /// keeps their geometry and parameterisation) together with what it was in the path.
    @usableFromInline struct Segment: Sendable {
        @usableFromInline enum Kind: UInt8, Sendable { case line, quad, cubic, close }
        @usableFromInline var kind: Kind
        /// Cubic control points: p0 start, p3 end.
        @usableFromInline var p0: Point, p1: Point, p2: Point, p3: Point
        /// For a quadratic, its single control point (kept to split it as a quadratic).
        @usableFromInline var quadControl: Point
        /// Distance along the path at which the segment starts, and its length.
        @usableFromInline var start: Double, length: Double
        @usableFromInline var end: Double { start + length }
    }

    /// Measures `path`. Costs one quadrature per curve.
    public init(_ path: Path) {
        self.path = path
        var segments: [Segment] = []
        var contours: [Contour] = []
        segments.reserveCapacity(path.verbs.count)
        var total = 0.0
        var pointIndex = 0
        var current = Point.zero, subStart = Point.zero
        var contourStart = 0.0, contourSegment = 0, contourVerb = 0, contourPoint = 0
        var open = false

        func finishContour(endVerb: Int, closed: Bool) {
            if open && segments.count > contourSegment {
                contours.append(Contour(startDistance: contourStart, length: total - contourStart,
                                        isClosed: closed, segmentRange: contourSegment..<segments.count,
                                        verbRange: contourVerb..<endVerb, firstPointIndex: contourPoint))
            }
            open = false
        }
        func append(_ kind: Segment.Kind, _ p1: Point, _ p2: Point, _ p3: Point, quad: Point = .zero) {
            var s = Segment(kind: kind, p0: current, p1: p1, p2: p2, p3: p3, quadControl: quad,
                            start: total, length: 0)
            s.length = s.measure(from: 0, to: 1)
            total += s.length
            segments.append(s)
            current = p3
        }

        let pts = path.points
        for (vi, verb) in path.verbs.enumerated() {
            switch verb {
            case .move:
                finishContour(endVerb: vi, closed: false)
                current = pts[pointIndex]; subStart = current
                contourStart = total; contourSegment = segments.count
                contourVerb = vi; contourPoint = pointIndex
                open = true
            case .line:
                let p = pts[pointIndex]
                append(.line, current.interpolated(to: p, at: 1.0 / 3), current.interpolated(to: p, at: 2.0 / 3), p)
            case .quad:
                let c = pts[pointIndex], p = pts[pointIndex + 1]
                append(.quad, current + (c - current) * (2.0 / 3), p + (c - p) * (2.0 / 3), p, quad: c)
            case .cubic:
                append(.cubic, pts[pointIndex], pts[pointIndex + 1], pts[pointIndex + 2])
            case .close:
                if open {
                    append(.close, current.interpolated(to: subStart, at: 1.0 / 3),
                           current.interpolated(to: subStart, at: 2.0 / 3), subStart)
                    finishContour(endVerb: vi + 1, closed: true)
                }
                current = subStart
            }
            pointIndex += verb.pointCount
        }
        finishContour(endVerb: path.verbs.count, closed: false)
        self.segments = segments
        self.contours = contours
        // NaN (from overflowing differences) reads as an unmeasurable, infinite length.
        self.length = total.isNaN ? .infinity : total
    }

    // MARK: Queries

    /// The position and unit tangent at `fraction` of the length (clamped to 0…1), or nil when
    /// the path has no length or the fraction is NaN. At a joint between segments the tangent is
    /// that of the following segment, except at the very end (fraction 1), where it is the
    /// direction in which the last segment arrives.
    public func point(atFraction fraction: Double) -> PathPoint? {
        guard !fraction.isNaN else { return nil }
        return point(atDistance: Swift.min(Swift.max(fraction, 0), 1) * length)
    }

    /// The position and unit tangent at `distance` along the path (clamped to 0…length), or nil
    /// when the path has no length or the distance is NaN.
    public func point(atDistance distance: Double) -> PathPoint? {
        guard length > 0, length.isFinite, !distance.isNaN else { return nil }
        let d = Swift.min(Swift.max(distance, 0), length)
        let (i, t) = d >= length ? lastPositiveSegment() : locate(d, in: 0..<segments.count, preferEnd: false)
        let s = segments[i]
        let tangent = s.tangent(at: t)
        return PathPoint(point: s.position(at: t), tangent: tangent, angle: tangent.angle)
    }

    /// The part of the path between `from` and `to` as fractions of the length (SwiftUI's
    /// `trimmedPath(from:to:)`): both are clamped to 0…1; `from ≥ to` (or NaN) gives an empty
    /// path and 0…1 gives the path itself. See `trimmedPath(fromDistance:toDistance:)`.
    public func trimmedPath(from: Double, to: Double) -> Path {
        guard !from.isNaN, !to.isNaN else { return Path() }
        let f = Swift.min(Swift.max(from, 0), 1), t = Swift.min(Swift.max(to, 0), 1)
        guard f < t else { return Path() }
        if f == 0 && t == 1 { return path }
        return trimmedPath(fromDistance: f * length, toDistance: t * length)
    }

    /// The part of the path between two distances along it (clamped to 0…length; `from ≥ to`
    /// gives an empty path).
    ///
    /// The result keeps curves as curves: a curve cut inside is split with de Casteljau at the
    /// parameter whose arc length matches the distance. A subpath covered entirely is copied
    /// as it is (its close kept); a part of a subpath becomes an open subpath starting with a
    /// move, where a piece of a closing segment is a line. A range spanning several subpaths
    /// gives one subpath per piece.
    public func trimmedPath(fromDistance: Double, toDistance: Double) -> Path {
        var out = Path()
        append(fromDistance: fromDistance, toDistance: toDistance, to: &out)
        return out
    }

    /// Appends the part of the path between two distances to `out` (see
    /// `trimmedPath(fromDistance:toDistance:)`); dashing calls this once per dash.
    public func append(fromDistance: Double, toDistance: Double, to out: inout Path) {
        guard !fromDistance.isNaN, !toDistance.isNaN, length.isFinite else { return }
        let a = Swift.max(fromDistance, 0), b = Swift.min(toDistance, length)
        guard a < b else { return }
        for c in contours {
            let c0 = c.startDistance, c1 = c.startDistance + c.length
            if c1 < a { continue }
            if c0 > b { break }
            if a <= c0 && c1 <= b {
                appendWhole(c, to: &out)
                continue
            }
            let lo = Swift.max(a, c0), hi = Swift.min(b, c1)
            guard lo < hi else { continue }
            let (i, t0) = locate(lo, in: c.segmentRange, preferEnd: false)
            let (j, t1) = locate(hi, in: c.segmentRange, preferEnd: true)
            if i > j || (i == j && t0 >= t1) { continue }
            for k in i...j {
                let s = segments[k]
                let u0 = k == i ? t0 : 0, u1 = k == j ? t1 : 1
                if k == i { out.move(to: s.position(at: u0)) }
                s.appendPiece(from: u0, to: u1, to: &out)
            }
        }
    }

    // MARK: Internals

    /// Copies a whole subpath, verbs as they are.
    func appendWhole(_ c: Contour, to out: inout Path) {
        var p = c.firstPointIndex
        let pts = path.points
        for v in path.verbs[c.verbRange] {
            switch v {
            case .move: out.move(to: pts[p])
            case .line: out.addLine(to: pts[p])
            case .quad: out.addQuadCurve(to: pts[p + 1], control: pts[p])
            case .cubic: out.addCurve(to: pts[p + 2], control1: pts[p], control2: pts[p + 1])
            case .close: out.closeSubpath()
            }
            p += v.pointCount
        }
    }

    /// The last segment with a positive length, at its end.
    func lastPositiveSegment() -> (Int, Double) {
        var i = segments.count - 1
        while i > 0 && segments[i].length == 0 { i -= 1 }
        return (i, 1)
    }

    /// The segment holding distance `d` within `range` and the curve parameter there. A
    /// distance on a joint belongs to the following segment (`preferEnd == false`, used for the
    /// start of a piece) or to the preceding one (`preferEnd == true`, the end of a piece), so a
    /// piece never begins or ends with a zero-length sliver of a neighbour.
    func locate(_ d: Double, in range: Range<Int>, preferEnd: Bool) -> (Int, Double) {
        // Binary search over the segments' end distances.
        var lo = range.lowerBound, hi = range.upperBound - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            let e = segments[mid].end
            if preferEnd ? d <= e : d < e { hi = mid } else { lo = mid + 1 }
        }
        if !preferEnd {
            // Skip zero-length segments at the start distance.
            while lo < range.upperBound - 1 && segments[lo].length == 0 { lo += 1 }
        }
        let s = segments[lo]
        return (lo, s.parameter(atDistance: d - s.start))
    }
}

// MARK: - Segment geometry

extension PathMeasure.Segment {
    @inlinable func position(at t: Double) -> Point {
        if t <= 0 { return p0 }
        if t >= 1 { return p3 }
        if kind == .line || kind == .close { return p0.interpolated(to: p3, at: t) }
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// B′(t) for the cubic form.
    @inlinable func derivative(at t: Double) -> Vector {
        let u = 1 - t
        let a = p1 - p0, b = p2 - p1, c = p3 - p2
        return 3 * (u * u) * a + 6 * (u * t) * b + 3 * (t * t) * c
    }

    /// The unit tangent at `t`, with fallbacks where the derivative vanishes.
    func tangent(at t: Double) -> Vector {
        let scale = Swift.max((p1 - p0).magnitude + (p2 - p1).magnitude + (p3 - p2).magnitude, .leastNormalMagnitude)
        let d = derivative(at: t)
        if d.magnitude > 1e-12 * scale { return d.unit }
        // A control point coincides with an end point (or a cusp): use the nearest distinct
        // control point, or a small symmetric difference inside the curve.
        if t <= 0 {
            for q in [p1, p2, p3] where (q - p0).magnitude > 1e-12 * scale { return (q - p0).unit }
        } else if t >= 1 {
            for q in [p2, p1, p0] where (p3 - q).magnitude > 1e-12 * scale { return (p3 - q).unit }
        } else {
            let h = 1e-6
            let v = position(at: Swift.min(1, t + h)) - position(at: Swift.max(0, t - h))
            if v.magnitude > 0 { return v.unit }
        }
        return (p3 - p0).unit
    }

    /// Arc length between parameters `a` and `b` (0 ≤ a ≤ b ≤ 1).
    func measure(from a: Double, to b: Double) -> Double {
        if kind == .line || kind == .close { return (p3 - p0).magnitude * (b - a) }
        let whole = gaussLegendre(a, b)
        let scale = (p1 - p0).magnitude + (p2 - p1).magnitude + (p3 - p2).magnitude
        return adaptive(a, b, whole, tolerance: scale * 1e-13, depth: 0)
    }

    /// Splits until the two halves agree with the whole; a 16-point rule is exact for
    /// polynomials of degree 31, so smooth curves converge at once and only near-cusps recurse.
    func adaptive(_ a: Double, _ b: Double, _ whole: Double, tolerance: Double, depth: Int) -> Double {
        let m = (a + b) / 2
        let left = gaussLegendre(a, m), right = gaussLegendre(m, b)
        let sum = left + right
        // Written so that NaN (from coordinates whose differences overflow) also stops.
        if depth >= 24 || !(Swift.abs(sum - whole) > tolerance) { return sum }
        return adaptive(a, m, left, tolerance: tolerance / 2, depth: depth + 1)
            + adaptive(m, b, right, tolerance: tolerance / 2, depth: depth + 1)
    }

    @inlinable func gaussLegendre(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        let nodes = GaussLegendre16.nodes, weights = GaussLegendre16.weights
        for k in 0..<nodes.count {
            let x = half * nodes[k]
            sum += weights[k] * (derivative(at: mid - x).magnitude + derivative(at: mid + x).magnitude)
        }
        return sum * half
    }

    /// The parameter t at which the arc length from the segment start is `s`: Newton's method on
    /// L(t) − s with L′ = |B′|, kept inside a shrinking bracket (bisection when Newton leaves it).
    func parameter(atDistance s: Double) -> Double {
        guard length > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= length { return 1 }
        if kind == .line || kind == .close { return s / length }
        var lo = 0.0, hi = 1.0
        var t = s / length
        var lt = measure(from: 0, to: t)
        for _ in 0..<64 {
            let f = lt - s
            if Swift.abs(f) <= length * 1e-14 { break }
            if f > 0 { hi = t } else { lo = t }
            let speed = derivative(at: t).magnitude
            var next = speed > 0 ? t - f / speed : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == t || hi - lo <= 1e-16 { break }
            lt = next > t ? lt + measure(from: t, to: next) : lt - measure(from: next, to: t)
            t = next
        }
        return t
    }

    /// Appends the piece between parameters `u0 < u1` (the current point being its start),
    /// keeping its kind: lines stay lines (closing segments become lines), curves stay curves
    /// of the same degree.
    func appendPiece(from u0: Double, to u1: Double, to out: inout Path) {
        let end = position(at: u1)
        switch kind {
        case .line, .close:
            out.addLine(to: end)
        case .quad:
            if u0 == 0 && u1 == 1 { out.addQuadCurve(to: p3, control: quadControl); return }
            // The control point of the quadratic restricted to [u0, u1]: the blossom B(u0, u1).
            let q0 = p0, q1 = quadControl, q2 = p3
            func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { a.interpolated(to: b, at: t) }
            let c = lerp(lerp(q0, q1, u0), lerp(q1, q2, u0), u1)
            out.addQuadCurve(to: end, control: c)
        case .cubic:
            if u0 == 0 && u1 == 1 { out.addCurve(to: p3, control1: p1, control2: p2); return }
            // Control points of the restricted cubic are the blossoms B(u0,u0,u1), B(u0,u1,u1).
            func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { a.interpolated(to: b, at: t) }
            func blossom(_ a: Double, _ b: Double, _ c: Double) -> Point {
                let r0 = lerp(p0, p1, a), r1 = lerp(p1, p2, a), r2 = lerp(p2, p3, a)
                let s0 = lerp(r0, r1, b), s1 = lerp(r1, r2, b)
                return lerp(s0, s1, c)
            }
            out.addCurve(to: end, control1: blossom(u0, u0, u1), control2: blossom(u0, u1, u1))
        }
    }
}

extension Vector {
    /// The length without intermediate overflow or underflow (`length` squares the components,
    /// which overflows beyond about 1e154).
    @inlinable var magnitude: Double {
        let l = length
        if l.isFinite && l > 1e-140 { return l }
        let m = Swift.max(Swift.abs(dx), Swift.abs(dy))
        guard m > 0, m.isFinite else { return m }
        let x = dx / m, y = dy / m
        return m * (x * x + y * y).squareRoot()
    }
    /// The vector scaled to length 1 using `magnitude`; the zero vector stays zero.
    @inlinable var unit: Vector {
        let l = magnitude
        return l > 0 && l.isFinite ? Vector(dx: dx / l, dy: dy / l) : .zero
    }
}

/// Nodes (positive half) and weights of the 16-point Gauss–Legendre rule on [−1, 1], computed
/// once by Newton's method on the Legendre polynomial P₁₆.
@usableFromInline enum GaussLegendre16 {
    @usableFromInline static let table: (nodes: [Double], weights: [Double]) = {
        let n = 16
        var nodes: [Double] = [], weights: [Double] = []
        for i in 1...(n / 2) {
            var x = _cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var dp = 0.0
            for _ in 0..<100 {
                var p0 = 1.0, p1 = x
                for k in 2...n {
                    let p2 = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                    p0 = p1; p1 = p2
                }
                dp = Double(n) * (x * p1 - p0) / (x * x - 1)
                let dx = p1 / dp
                x -= dx
                if Swift.abs(dx) < 1e-16 { break }
            }
            nodes.append(x)
            weights.append(2 / ((1 - x * x) * dp * dp))
        }
        return (nodes, weights)
    }()
    @usableFromInline static let nodes = table.nodes
    @usableFromInline static let weights = table.weights
}
