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
    ///     `endPolyline(closed: true)`, unless the sink closes polylines itself
    ///     (`PolylineSink.closesPolylines`). Runs of lines arrive through
    ///     `lineTo(contentsOf:transform:)`; a subpath of lines alone, closed, through
    ///     `polygon(_:transform:)`.
    @inlinable
    public func flatten<S: PolylineSink>(tolerance: Double, transform t: AffineTransform = .identity,
                                          into sink: inout S) {
        let tol = tolerance > 1e-9 && tolerance.isFinite ? tolerance : 0.1
        guard t.isFinite else { return }
        var i = 0
        var start = Point.zero, last = Point.zero
        var open = false
        // Where the lines after the last move end (found with the move's polygon test), so
        // they are not looked for again.
        var linesEnd = 0
        // Plain local arrays rather than a closure over `withUnsafeBufferPointer`, so the sink
        // is not reached through a closure context on every vertex.
        let pts = points, vs = verbs
        var v = 0
        while v < vs.count {
            switch vs[v] {
            case .move:
                if open { sink.endPolyline(closed: false) }
                // A polygon (a move, lines, a close) goes to the sink in one call.
                let end = vs.withUnsafeBufferPointer { Path.endOfLines(in: $0, from: v + 1) }
                if end > v + 1 && end < vs.count && vs[end] == .close {
                    let n = end - v
                    pts.withUnsafeBufferPointer { sink.polygon(UnsafeBufferPointer(rebasing: $0[i ..< i + n]), transform: t) }
                    i += n; v = end + 1; open = false
                    continue
                }
                start = pts[i].applying(t); last = start
                sink.moveTo(start); open = true
                linesEnd = end
            case .line:
                // A run of lines (a polygon's sides) goes to the sink in one call.
                let end = linesEnd > v
                    ? linesEnd : vs.withUnsafeBufferPointer { Path.endOfLines(in: $0, from: v + 1) }
                let n = end - v
                pts.withUnsafeBufferPointer { sink.lineTo(contentsOf: UnsafeBufferPointer(rebasing: $0[i ..< i + n]), transform: t) }
                last = pts[i + n - 1].applying(t)
                i += n; v = end
                continue
            case .quad:
                let c = pts[i].applying(t), p = pts[i + 1].applying(t)
                Path.flattenQuad(last, c, p, tolerance: tol, into: &sink)
                last = p
            case .cubic:
                let c1 = pts[i].applying(t), c2 = pts[i + 1].applying(t), p = pts[i + 2].applying(t)
                Path.flattenCubic(last, c1, c2, p, tolerance: tol, into: &sink)
                last = p
            case .close:
                if !S.closesPolylines && last != start { sink.lineTo(start) }
                sink.endPolyline(closed: true)
                last = start; open = false
            }
            i += vs[v].pointCount
            v += 1
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
    /// When a single chord fits, nothing is computed beyond that check.
    @inlinable
    static func flattenQuad<S: PolylineSink>(_ p0: Point, _ c: Point, _ p2: Point, tolerance: Double,
                                             into sink: inout S) {
        let tol2 = tolerance * tolerance
        if chordFits(p0, p2, c, c, true, tol2) { sink.lineTo(p2); return }
        let plan = QuadFlatteningPlan(p0, c, p2, tolerance: tolerance)
        let nf = (plan.val / (2 * tolerance.squareRoot())).rounded(.up)
        let n = nf.isFinite ? Int(Swift.max(1, Swift.min(nf, 4096))) : 1
        var chords = ChordEmitter(p0, c, c, p2, quadratic: true, tol2: tol2)
        if n > 1 {
            let step = 1.0 / Double(n)
            for k in 1..<n {
                let t = plan.parameter(at: Double(k) * step)
                if t > chords.lastT && t < 1 { chords.emit(to: t, into: &sink) }
            }
        }
        chords.emit(to: 1, into: &sink)
    }

    /// True when a Bézier piece from `pa` to `pb` with control points q1, q2 (q1 = q2 = the
    /// control point for a quadratic, `quadratic` true) stays within √`tol2` of the chord pa→pb.
    /// Exact: the piece's distance from the chord's line is 2t(1−t)·d (quadratic) or
    /// 3t(1−t)²·d1 + 3t²(1−t)·d2 (cubic) with d the control points' signed distances, whose
    /// maximum is found in closed form; the control points must also project inside the chord,
    /// so the piece cannot overshoot the ends.
    @inlinable
    static func chordFits(_ pa: Point, _ pb: Point, _ q1: Point, _ q2: Point, _ quadratic: Bool,
                          _ tol2: Double) -> Bool {
        let cx = pb.x - pa.x, cy = pb.y - pa.y
        let l2 = cx * cx + cy * cy
        let ux = q1.x - pa.x, uy = q1.y - pa.y, vx = q2.x - pa.x, vy = q2.y - pa.y
        if l2 == 0 {
            // Degenerate chord: bound the distance from pa by the control points' (3/4 of the
            // farther one for a cubic, 1/2 for a quadratic).
            let m = Swift.max(ux * ux + uy * uy, vx * vx + vy * vy)
            return m * (quadratic ? 0.25 : 0.5625) <= tol2
        }
        let s1 = ux * cx + uy * cy, s2 = vx * cx + vy * cy
        guard s1 >= 0, s1 <= l2, s2 >= 0, s2 <= l2 else { return false }
        let d1 = ux * cy - uy * cx, d2 = vx * cy - vy * cx   // distances × |chord|
        var m: Double
        if quadratic {
            m = 0.5 * Swift.abs(d1)
        } else {
            // Quick reject: the piece's midpoint is (3/8)·(d1 + d2) from the line.
            let mid = 0.375 * (d1 + d2)
            if mid * mid > tol2 * l2 { return false }
            // Quick accept: the distance never exceeds 3/4 of the farther control point's.
            let far = Swift.max(Swift.abs(d1), Swift.abs(d2))
            if 0.5625 * far * far <= tol2 * l2 { return true }
            // Exact maximum of |3t(1−t)²·d1 + 3t²(1−t)·d2| over (0, 1): f′ ∝ a·t² + b·t + c.
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

    /// Up to this many uniform steps, a cubic is split uniformly into the fewest steps whose
    /// chords all pass the exact check; the integral estimate costs more than it could save.
    @usableFromInline static let smallCubicSteps = 4

    /// The most quadratics a cubic's estimate uses (their plans live on the stack).
    @usableFromInline static let maxEstimateQuads = 64

    /// Emits a cubic Bézier (p0 is the current point, already emitted) as line segments whose
    /// vertices lie on the cubic, at most `tolerance` from it, with close to the fewest segments
    /// any such polyline needs.
    ///
    /// - A cubic within tolerance of its chord is one segment (exact check).
    /// - Small cubics (Wang's uniform count ⌈√(3·M / (4·tolerance))⌉ ≤ `smallCubicSteps`, M the
    ///   largest second difference) take the fewest uniform steps whose chords all pass the
    ///   exact check.
    /// - Larger cubics: (1) estimate — the cubic is split uniformly into m quadratics (each the
    ///   midpoint quadratic of its piece, within √3/36 · |p3 − 3c2 + 3c1 − p0| / m³ of the cubic,
    ///   m the smallest count within `cubicToQuadShare` of the tolerance). Their parabola
    ///   integrals (see `flattenQuad`) are summed once for the whole cubic, giving the segment
    ///   count n, and the vertices are spread evenly over that sum (no segment lost to rounding
    ///   at the quadratics' joins); a quadratic's parameter maps linearly to the cubic's.
    ///   (2) check — each chord is tested exactly against its sub-cubic (see `chordFits`) and
    ///   halved until it passes; the estimate is asymptotic, so this matters only for chords
    ///   long relative to changes in curvature. When Wang's count is no larger than n, uniform
    ///   steps are used, so the count is at most Wang's except for chords halved in step 2.
    ///
    /// Allocation-free: the quadratics' plans live in a small stack buffer.
    @inlinable
    static func flattenCubic<S: PolylineSink>(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point,
                                              tolerance: Double, into sink: inout S) {
        let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
        let bx = c1.x - 2 * c2.x + p3.x, by = c1.y - 2 * c2.y + p3.y
        let m = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let wf = (3 * m / (4 * tolerance)).squareRoot().rounded(.up)
        guard wf.isFinite else { sink.lineTo(p3); return }
        let wang = Int(Swift.max(1, Swift.min(wf, 4096)))
        let tol2 = tolerance * tolerance
        if wang == 1 || chordFits(p0, p3, c1, c2, false, tol2) { sink.lineTo(p3); return }

        if wang == 2 {
            // Two uniform steps are within tolerance (Wang) and one is not: the fewest possible.
            sink.lineTo(Point(x: 0.125 * (p0.x + p3.x) + 0.375 * (c1.x + c2.x),
                              y: 0.125 * (p0.y + p3.y) + 0.375 * (c1.y + c2.y)))
            sink.lineTo(p3)
            return
        }
        var chords = ChordEmitter(p0, c1, c2, p3, quadratic: false, tol2: tol2)
        if wang <= smallCubicSteps {
            var n = 2
            while n < wang && !chords.uniformFits(n) { n += 1 }
            chords.emitUniform(n, into: &sink)
            return
        }

        let quadTol = tolerance * cubicToQuadShare
        let chordTol = tolerance - quadTol
        let dx = p3.x - 3 * c2.x + 3 * c1.x - p0.x, dy = p3.y - 3 * c2.y + 3 * c1.y - p0.y
        let d3 = (dx * dx + dy * dy).squareRoot()
        let qf = _pow(d3 * (3.0.squareRoot() / 36) / quadTol, 1.0 / 3).rounded(.up)
        let quads = qf.isFinite ? Int(Swift.max(1, Swift.min(qf, Double(maxEstimateQuads)))) : maxEstimateQuads

        withUnsafeTemporaryAllocation(of: QuadFlatteningPlan.self, capacity: quads) { plans in
            var sum = 0.0
            for k in 0..<quads {
                let q = cubicPiece(p0, c1, c2, p3, k, quads)
                let plan = QuadFlatteningPlan(q.0, q.1, q.2, tolerance: chordTol)
                (plans.baseAddress! + k).initialize(to: plan)
                sum += plan.val
            }
            let nf = (sum / (2 * chordTol.squareRoot())).rounded(.up)
            let n = nf.isFinite ? Int(Swift.max(1, Swift.min(nf, 4096))) : wang
            if wang <= n {
                chords.emitUniform(wang, into: &sink)
                return
            }
            // Spread n − 1 inner vertices evenly over the summed integral.
            let step = sum / Double(n)
            var next = 1
            var acc = 0.0
            let h = 1.0 / Double(quads)
            for k in 0..<quads where next < n {
                let plan = plans[k]
                let end = acc + plan.val
                while next < n {
                    let target = Double(next) * step
                    if target >= end { break }
                    let t = (Double(k) + plan.parameter(at: (target - acc) / plan.val)) * h
                    if t > chords.lastT && t < 1 { chords.emit(to: t, into: &sink) }
                    next += 1
                }
                acc = end
            }
            chords.emit(to: 1, into: &sink)
        }
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


/// Emits the chords of one Bézier (quadratic or cubic, in cubic form with c1 = c2 for a
/// quadratic) from the last emitted parameter to a target, halving a chord until it passes the
/// exact check (`Path.chordFits`). A plain struct so the hot loop captures nothing.
@usableFromInline struct ChordEmitter {
    @usableFromInline let p0: Point, c1: Point, c2: Point, p3: Point
    @usableFromInline let quadratic: Bool
    @usableFromInline let tol2: Double
    /// The parameter and point of the last emitted vertex.
    @usableFromInline var lastT = 0.0
    @usableFromInline var last: Point
    /// How many more halvings the curve may use: bounds the work on input the check cannot
    /// settle (non-finite values or absurd scales).
    @usableFromInline var splits = 256

    @inlinable init(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, quadratic: Bool, tol2: Double) {
        self.p0 = p0; self.c1 = c1; self.c2 = c2; self.p3 = p3
        self.quadratic = quadratic; self.tol2 = tol2; last = p0
    }

    @inlinable func point(_ t: Double) -> Point {
        if t >= 1 { return p3 }
        let v = 1 - t
        if quadratic {
            let b0 = v * v, b1 = 2 * t * v, b2 = t * t
            return Point(x: b0 * p0.x + b1 * c1.x + b2 * p3.x, y: b0 * p0.y + b1 * c1.y + b2 * p3.y)
        }
        let b0 = v * v * v, b1 = 3 * t * v * v, b2 = 3 * t * t * v, b3 = t * t * t
        return Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x,
                     y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y)
    }

    /// The sub-curve on [a, b] as (q1, q2): the cubic's inner control points pa + B′(a)·h/3 and
    /// pb − B′(b)·h/3, or the quadratic's control point pa + B′(a)·h/2 twice.
    @inlinable func controls(_ a: Double, _ pa: Point, _ b: Double, _ pb: Point) -> (Point, Point) {
        let h = b - a
        if quadratic {
            let q = Point(x: pa.x + h * ((c1.x - p0.x) * (1 - a) + (p3.x - c1.x) * a),
                          y: pa.y + h * ((c1.y - p0.y) * (1 - a) + (p3.y - c1.y) * a))
            return (q, q)
        }
        @inline(__always) func handle(_ t: Double) -> Vector {
            let v = 1 - t
            let w0 = v * v * h, w1 = 2 * t * v * h, w2 = t * t * h
            return Vector(dx: w0 * (c1.x - p0.x) + w1 * (c2.x - c1.x) + w2 * (p3.x - c2.x),
                          dy: w0 * (c1.y - p0.y) + w1 * (c2.y - c1.y) + w2 * (p3.y - c2.y))
        }
        return (pa + handle(a), pb - handle(b))
    }

    @inlinable func fits(_ a: Double, _ pa: Point, _ b: Double, _ pb: Point) -> Bool {
        let (q1, q2) = controls(a, pa, b, pb)
        return Path.chordFits(pa, pb, q1, q2, quadratic, tol2)
    }

    /// Emits chords up to parameter t (its point included).
    @inlinable mutating func emit<S: PolylineSink>(to t: Double, into sink: inout S) {
        let end = point(t)
        var a = lastT, pa = last
        while a < t {
            var b = t, pb = end, depth = 0
            while splits > 0 && !fits(a, pa, b, pb) {
                if depth == 16 { b = t; pb = end; splits = 0; break }
                b = 0.5 * (a + b); pb = point(b); depth += 1; splits -= 1
            }
            sink.lineTo(pb)
            a = b; pa = pb
        }
        lastT = t; last = end
    }

    /// True when n uniform steps all pass the exact check.
    @inlinable func uniformFits(_ n: Int) -> Bool {
        let step = 1.0 / Double(n)
        var a = 0.0, pa = p0
        for k in 1...n {
            let b = k == n ? 1.0 : Double(k) * step
            let pb = point(b)
            if !fits(a, pa, b, pb) { return false }
            a = b; pa = pb
        }
        return true
    }

    /// Emits n uniform steps without checks (used with counts known to fit).
    @inlinable func emitUniform<S: PolylineSink>(_ n: Int, into sink: inout S) {
        let step = 1.0 / Double(n)
        for k in 1..<Swift.max(n, 1) { sink.lineTo(point(Double(k) * step)) }
        sink.lineTo(p3)
    }
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
