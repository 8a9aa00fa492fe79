extension Path {
    /// Flattens the path into polylines after mapping it through `transform`, so the tolerance
    /// is measured in the output space (device pixels for a renderer).
    ///
    /// - Parameters:
    ///   - tolerance: the largest distance, in output units, between a curve and its polyline
    ///     (a tolerance that is not finite or not above 1e-9 means 0.1).
    ///   - transform: applied to the control points before flattening; a non-finite transform
    ///     emits nothing.
    ///   - sink: receives `moveTo` / `lineTo` / `endPolyline(closed:)` calls. A close emits the
    ///     segment back to the subpath's start (when it is not already there) before
    ///     `endPolyline(closed: true)`.
    @inlinable
    public func flatten<S: PolylineSink>(tolerance: Double, transform t: AffineTransform = .identity,
                                          into sink: inout S) {
        let tol = tolerance > 1e-9 && tolerance.isFinite ? tolerance : 0.1
        guard t.isFinite else { return }
        var i = 0
        var start = Point.zero, last = Point.zero
        var open = false
        points.withUnsafeBufferPointer { pts in
            for v in verbs {
                switch v {
                case .move:
                    if open { sink.endPolyline(closed: false) }
                    start = pts[i].applying(t); last = start
                    sink.moveTo(start); open = true
                case .line:
                    last = pts[i].applying(t); sink.lineTo(last)
                case .quad:
                    let c = pts[i].applying(t), p = pts[i + 1].applying(t)
                    Path.flattenQuad(last, c, p, tolerance: tol, into: &sink)
                    last = p
                case .cubic:
                    let c1 = pts[i].applying(t), c2 = pts[i + 1].applying(t), p = pts[i + 2].applying(t)
                    Path.flattenCubic(last, c1, c2, p, tolerance: tol, into: &sink)
                    last = p
                case .close:
                    if last != start { sink.lineTo(start) }
                    sink.endPolyline(closed: true)
                    last = start; open = false
                }
                i += v.pointCount
            }
        }
        if open { sink.endPolyline(closed: false) }
    }

    /// Emits a quadratic Bézier (p0 is the current point, already emitted) as line segments
    /// whose vertices lie on the curve, at most `tolerance` from it, with close to the fewest
    /// segments possible.
    ///
    /// The count comes from the smaller of two plans:
    /// - uniform in t: an n-step chord approximation deviates by at most |p0 − 2c + p2| / (4n²);
    /// - the parabola-integral plan (R. Levien, "Flattening quadratic Béziers", 2019): every
    ///   quadratic is a scaled piece of y = x², on which a chord centred at x with width Δx
    ///   deviates by exactly Δx² / (4·√(1 + 4x²)). Spacing the vertices evenly in
    ///   ∫(1 + 4x²)^(−1/4) dx gives every chord about the same error, hence the fewest chords.
    /// Every chord is then checked exactly (a sub-quadratic deviates from its chord by half its
    /// control point's distance) and halved until it passes, so the tolerance always holds.
    @inlinable
    static func flattenQuad<S: PolylineSink>(_ p0: Point, _ c: Point, _ p2: Point, tolerance: Double,
                                             into sink: inout S) {
        let plan = QuadFlatteningPlan(p0, c, p2, tolerance: tolerance)
        let nf = (plan.val / (2 * tolerance.squareRoot())).rounded(.up)
        let n = nf.isFinite ? Int(Swift.max(1, Swift.min(nf, 4096))) : 1
        let tol2 = tolerance * tolerance
        @inline(__always) func point(_ t: Double) -> Point {
            let v = 1 - t
            return Point(x: v * v * p0.x + 2 * t * v * c.x + t * t * p2.x, y: v * v * p0.y + 2 * t * v * c.y + t * t * p2.y)
        }
        var lastT = 0.0, last = p0
        var splits = 256
        @inline(__always) func emit(to t: Double, _ end: Point) {
            // Halve until the chord fits; the rest of the span is retried whole. The sub-curve on
            // [a, b] has control point pa + B′(a)·(b − a)/2 and deviates from its chord's line
            // by exactly half that point's distance.
            var a = lastT, pa = last
            while a < t {
                var b = t, pb = end, depth = 0
                while splits > 0 {
                    let h = b - a
                    let qx = pa.x + h * ((c.x - p0.x) * (1 - a) + (p2.x - c.x) * a)
                    let qy = pa.y + h * ((c.y - p0.y) * (1 - a) + (p2.y - c.y) * a)
                    if Path.chordFits(pa, pb, Point(x: qx, y: qy), Point(x: qx, y: qy), 0.5, tol2) { break }
                    // Give up on input the check cannot settle (non-finite or absurd scales).
                    if depth == 16 { b = t; pb = end; splits = 0; break }
                    b = 0.5 * (a + b); pb = point(b); depth += 1; splits -= 1
                }
                sink.lineTo(pb)
                a = b; pa = pb
            }
            lastT = t; last = end
        }
        if n > 1 {
            let step = 1.0 / Double(n)
            for k in 1..<n {
                let t = plan.parameter(at: Double(k) * step)
                if t > lastT { emit(to: t, point(t)) }
            }
        }
        emit(to: 1, p2)
    }

    /// True when a Bézier piece from `pa` to `pb`, whose deviation from the line pa→pb is at most
    /// `factor` × the larger control-point distance (1/2 for a quadratic with q1 = q2 = its
    /// control point, 3/4 for a cubic with control points q1 and q2), stays within
    /// √`tol2` of the chord, and its control points project inside the chord (so the curve
    /// cannot overshoot the ends).
    @inlinable
    static func chordFits(_ pa: Point, _ pb: Point, _ q1: Point, _ q2: Point, _ factor: Double,
                          _ tol2: Double) -> Bool {
        let cx = pb.x - pa.x, cy = pb.y - pa.y
        let l2 = cx * cx + cy * cy
        let ux = q1.x - pa.x, uy = q1.y - pa.y, vx = q2.x - pa.x, vy = q2.y - pa.y
        if l2 == 0 {
            let m = Swift.max(ux * ux + uy * uy, vx * vx + vy * vy)
            return m * factor * factor <= tol2
        }
        let s1 = ux * cx + uy * cy, s2 = vx * cx + vy * cy
        guard s1 >= 0, s1 <= l2, s2 >= 0, s2 <= l2 else { return false }
        let d1 = ux * cy - uy * cx, d2 = vx * cy - vy * cx   // distances × |chord|
        var m: Double
        if factor == 0.5 {
            m = 0.5 * Swift.abs(d1)
        } else {
            // Exact maximum of |3t(1−t)²·d1 + 3t²(1−t)·d2| over [0, 1].
            m = 0
            let a = 3 * (d1 - d2), b = 2 * (d2 - 2 * d1), c = d1
            @inline(__always) func f(_ t: Double) -> Double {
                let s = 1 - t
                return Swift.abs(3 * t * s * (s * d1 + t * d2))
            }
            if a == 0 {
                if b != 0 { let t = -c / b; if t > 0 && t < 1 { m = f(t) } }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let r = disc.squareRoot()
                    let t0 = (-b - r) / (2 * a), t1 = (-b + r) / (2 * a)
                    if t0 > 0 && t0 < 1 { m = f(t0) }
                    if t1 > 0 && t1 < 1 { m = Swift.max(m, f(t1)) }
                }
            }
        }
        return m * m <= tol2 * l2
    }

    /// The share of the tolerance the cubic's step estimate reserves for replacing the cubic
    /// by quadratics (the estimate only; the emitted chords are checked against the cubic).
    @usableFromInline static let cubicToQuadShare = 0.05

    /// Emits a cubic Bézier (p0 is the current point, already emitted) as line segments whose
    /// vertices lie on the cubic, at most `tolerance` from it, with close to the fewest segments
    /// any such polyline needs.
    ///
    /// 1. Estimate: the cubic is split uniformly into m quadratics (each the midpoint quadratic
    ///    of its piece, within √3/36 · |p3 − 3c2 + 3c1 − p0| / m³ of the cubic, so m is the
    ///    smallest count within `cubicToQuadShare` of the tolerance). Their parabola integrals
    ///    (see `flattenQuad`) are summed once for the whole cubic, giving the segment count n,
    ///    and the vertices are spread evenly over that sum (no segment lost to rounding at the
    ///    quadratics' joins); a quadratic's parameter maps linearly to the cubic's.
    /// 2. Check: each chord is tested exactly against its sub-cubic (the largest distance of
    ///    the sub-cubic from the chord's line, from its control points, and no overshoot past
    ///    the ends) and halved until it passes. The estimate is asymptotic, so this matters
    ///    only for chords long relative to changes in curvature.
    ///
    /// When Wang's uniform bound ⌈√(3·M / (4·tolerance))⌉ (M the largest second difference) is
    /// no larger than n, uniform steps are used, so the count is at most Wang's but for chords
    /// halved in step 2. Allocation-free: the quadratics are recomputed rather than stored.
    @inlinable
    static func flattenCubic<S: PolylineSink>(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point,
                                              tolerance: Double, into sink: inout S) {
        let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
        let bx = c1.x - 2 * c2.x + p3.x, by = c1.y - 2 * c2.y + p3.y
        let m = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let wf = (3 * m / (4 * tolerance)).squareRoot().rounded(.up)
        guard wf.isFinite else { sink.lineTo(p3); return }
        let wang = Int(Swift.max(1, Swift.min(wf, 4096)))
        if wang == 1 { sink.lineTo(p3); return }

        let quadTol = tolerance * cubicToQuadShare
        let chordTol = tolerance - quadTol
        let dx = p3.x - 3 * c2.x + 3 * c1.x - p0.x, dy = p3.y - 3 * c2.y + 3 * c1.y - p0.y
        let d3 = (dx * dx + dy * dy).squareRoot()
        let qf = _pow(d3 * (3.0.squareRoot() / 36) / quadTol, 1.0 / 3).rounded(.up)
        let quads = qf.isFinite ? Int(Swift.max(1, Swift.min(qf, 256))) : 256

        var sum = 0.0
        for k in 0..<quads {
            let q = cubicPiece(p0, c1, c2, p3, k, quads)
            sum += QuadFlatteningPlan(q.0, q.1, q.2, tolerance: chordTol).val
        }
        let nf = (sum / (2 * chordTol.squareRoot())).rounded(.up)
        let n = nf.isFinite ? Int(Swift.max(1, Swift.min(nf, 4096))) : wang

        @inline(__always) func point(_ t: Double) -> Point {
            let v = 1 - t
            let b0 = v * v * v, b1 = 3 * t * v * v, b2 = 3 * t * t * v, b3 = t * t * t
            return Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x,
                         y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y)
        }
        if wang <= n {
            let step = 1.0 / Double(wang)
            for k in 1..<wang { sink.lineTo(point(Double(k) * step)) }
            sink.lineTo(p3)
            return
        }

        // B′(t)/3, the handle direction of a sub-curve per unit of parameter.
        @inline(__always) func handle(_ t: Double) -> Vector {
            let v = 1 - t
            let w0 = v * v, w1 = 2 * t * v, w2 = t * t
            return Vector(dx: w0 * (c1.x - p0.x) + w1 * (c2.x - c1.x) + w2 * (p3.x - c2.x),
                          dy: w0 * (c1.y - p0.y) + w1 * (c2.y - c1.y) + w2 * (p3.y - c2.y))
        }
        let tol2 = tolerance * tolerance
        var lastT = 0.0, last = p0
        var splits = 256
        @inline(__always) func emit(to t: Double, _ end: Point) {
            var a = lastT, pa = last, ha = handle(a)
            while a < t {
                var b = t, pb = end, depth = 0
                var hb = handle(b)
                while splits > 0 {
                    let h = b - a
                    let q1 = pa + ha * h, q2 = pb - hb * h
                    if Path.chordFits(pa, pb, q1, q2, 0.75, tol2) { break }
                    // Give up on input the check cannot settle (non-finite or absurd scales).
                    if depth == 16 { b = t; pb = end; hb = handle(b); splits = 0; break }
                    b = 0.5 * (a + b); pb = point(b); hb = handle(b); depth += 1; splits -= 1
                }
                sink.lineTo(pb)
                a = b; pa = pb; ha = hb
            }
            lastT = t; last = end
        }

        // Spread n − 1 inner vertices evenly over the summed integral.
        let step = sum / Double(n)
        var next = 1
        var acc = 0.0
        let h = 1.0 / Double(quads)
        for k in 0..<quads where next < n {
            let q = cubicPiece(p0, c1, c2, p3, k, quads)
            let plan = QuadFlatteningPlan(q.0, q.1, q.2, tolerance: chordTol)
            let end = acc + plan.val
            while next < n {
                let target = Double(next) * step
                if target >= end { break }
                let t = (Double(k) + plan.parameter(at: (target - acc) / plan.val)) * h
                if t > lastT && t < 1 { emit(to: t, point(t)) }
                next += 1
            }
            acc = end
        }
        emit(to: 1, p3)
    }

    /// The k-th of `count` equal-parameter pieces of a cubic, as its midpoint quadratic
    /// (end points on the cubic, control point (3·(q1 + q2) − (q0 + q3)) / 4 of the piece's
    /// cubic control points q0…q3). The first and last pieces end exactly at p0 and p3.
    @inlinable
    static func cubicPiece(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ k: Int, _ count: Int)
        -> (Point, Point, Point) {
        let h = 1.0 / Double(count)
        let ta = Double(k) * h, tb = k + 1 == count ? 1.0 : Double(k + 1) * h
        @inline(__always) func point(_ t: Double) -> Point {
            let v = 1 - t
            let b0 = v * v * v, b1 = 3 * t * v * v, b2 = 3 * t * t * v, b3 = t * t * t
            return Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x,
                         y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y)
        }
        // B′(t)·h/3: the offset of the piece's inner control points from its end points.
        @inline(__always) func handle(_ t: Double) -> Vector {
            let v = 1 - t
            let w0 = v * v * h, w1 = 2 * t * v * h, w2 = t * t * h
            return Vector(dx: w0 * (c1.x - p0.x) + w1 * (c2.x - c1.x) + w2 * (p3.x - c2.x),
                          dy: w0 * (c1.y - p0.y) + w1 * (c2.y - c1.y) + w2 * (p3.y - c2.y))
        }
        let qa = k == 0 ? p0 : point(ta), qb = k + 1 == count ? p3 : point(tb)
        let ha = handle(ta), hb = handle(tb)
        // (3·((qa + ha) + (qb − hb)) − (qa + qb)) / 4 = (qa + qb)/2 + 3·(ha − hb)/4
        let control = Point(x: 0.5 * (qa.x + qb.x) + 0.75 * (ha.dx - hb.dx),
                            y: 0.5 * (qa.y + qb.y) + 0.75 * (ha.dy - hb.dy))
        return (qa, control, qb)
    }

    /// The path with every curve replaced by line segments within `tolerance` of it.
    public func flattened(tolerance: Double) -> Path {
        var sink = PathBuildingSink()
        flatten(tolerance: tolerance, into: &sink)
        return sink.path
    }
}

/// A `PolylineSink` that collects the polylines into a `Path`.
@usableFromInline struct PathBuildingSink: PolylineSink {
    @usableFromInline var path = Path()
    @usableFromInline init() {}
    @inlinable mutating func moveTo(_ p: Point) { path.move(to: p) }
    @inlinable mutating func lineTo(_ p: Point) { path.addLine(to: p) }
    @inlinable mutating func endPolyline(closed: Bool) { if closed { path.closeSubpath() } }
}

/// How to place chord end points on one quadratic Bézier so that every chord deviates equally
/// from the curve (see `Path.flattenQuad`). `val / (2·√tolerance)` is the number of segments
/// needed; `parameter(at:)` maps an even fraction of that budget to the curve parameter t.
@usableFromInline struct QuadFlatteningPlan {
    /// √scale · |F(x1) − F(x0)| for the parabola plan, √|p0 − 2c + p2| for uniform steps
    /// (`tolerance` matters only when the parabola's vertex lies on the curve).
    @usableFromInline var val: Double
    @usableFromInline var a0: Double, da: Double, u0: Double, uScale: Double
    @usableFromInline var uniform: Bool

    @inlinable init(_ p0: Point, _ c: Point, _ p2: Point, tolerance: Double) {
        let ax = p0.x - 2 * c.x + p2.x, ay = p0.y - 2 * c.y + p2.y
        let aa = ax * ax + ay * ay
        let uniformVal = aa.squareRoot().squareRoot()
        a0 = 0; da = 0; u0 = 0; uScale = 1; uniform = true
        val = uniformVal.isFinite ? uniformVal : 0
        guard aa > 0, aa.isFinite else { return }
        // Map to y = x²: with A = p0 − 2c + p2 and d01 = c − p0, d12 = p2 − c, the end points sit
        // at x0 = d01·A / (2·C), x1 = d12·A / (2·C), C = d01 × A; lengths scale by |A|³ / (4C²).
        let d01x = c.x - p0.x, d01y = c.y - p0.y, d12x = p2.x - c.x, d12y = p2.y - c.y
        let cross = d01x * ay - d01y * ax
        let x0 = (d01x * ax + d01y * ay) / (2 * cross)
        let x1 = (d12x * ax + d12y * ay) / (2 * cross)
        let sqrtScale = 2 * Swift.abs(cross) / (aa * aa.squareRoot()).squareRoot()
        let f0 = QuadFlatteningPlan.integral(x0), f1 = QuadFlatteningPlan.integral(x1)
        var parabolaVal = sqrtScale * Swift.abs(f1 - f0)
        if (x0 < 0) != (x1 < 0) {
            // The vertex lies inside: the chord across it spans ±xv on y = x², with error xv²,
            // so no chord may hold more of the integral than 2·F(xv), xv = √(tolerance / scale).
            // Near-folded quadratics (sharp tips) need this; elsewhere F(xv) ≈ xv changes nothing.
            let xv = tolerance.squareRoot() / sqrtScale
            let fv = QuadFlatteningPlan.integral(xv)
            if fv > 0 { parabolaVal = Swift.max(parabolaVal, 2 * tolerance.squareRoot() * Swift.abs(f1 - f0) / (2 * fv)) }
        }
        guard parabolaVal.isFinite, parabolaVal < val else { return }
        let g0 = QuadFlatteningPlan.inverseIntegral(f0), g1 = QuadFlatteningPlan.inverseIntegral(f1)
        guard g1 != g0, (g1 - g0).isFinite else { return }
        val = parabolaVal
        a0 = f0; da = f1 - f0; u0 = g0; uScale = 1 / (g1 - g0); uniform = false
    }

    /// The curve parameter for a fraction `s` (0…1) of the segment budget.
    @inlinable func parameter(at s: Double) -> Double {
        if uniform { return s }
        let t = (QuadFlatteningPlan.inverseIntegral(a0 + da * s) - u0) * uScale
        return Swift.min(1, Swift.max(0, t))
    }

    /// Closed-form approximation of ∫₀ˣ (1 + 4u²)^(−1/4) du: exact slope 1 at 0 and the exact
    /// √(2x) growth for large x, within about 1 % between.
    @inlinable static func integral(_ x: Double) -> Double {
        let d = 0.67
        return x / (1 - d + (d * d * d * d + 0.25 * x * x).squareRoot().squareRoot())
    }

    /// Approximate inverse of `integral`, with the same two limits (slope 1, x = a²/2).
    @inlinable static func inverseIntegral(_ a: Double) -> Double {
        let b = 0.39
        return a * (1 - b + (b * b + 0.25 * a * a).squareRoot())
    }
}
