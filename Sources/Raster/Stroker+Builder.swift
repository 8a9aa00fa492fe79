#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension Stroker {
    /// The state of one `outline` call: scratch polylines reused across subpaths and the
    /// output path. Curves are flattened here (not with `Path.flatten`) so that vertices
    /// inside a curve can be marked: cairo joins those with round joins whatever the style.
    struct Builder {
        let halfWidth: Double
        let cap: StrokeStyle.LineCap
        let join: StrokeStyle.LineJoin
        let miterLimit: Double
        let tolerance: Double
        /// The flattening tolerance of curves: `tolerance`, or (exact outlines) a sixteenth of it
        /// on dashed strokes, whose dashes are placed by the flattened length. Chords fall short of their
        /// curve's length (about 0.01 px per curve at 0.025 px), which moved a dash across a
        /// closed subpath's start (issue 29: stroke-170, 112 levels off the truth).
        let curveTolerance: Double
        /// The largest angle one chord of a round join or cap may span.
        let arcStep: Double
        /// cos(arcStep): a turn whose cosine is at least this needs a single chord.
        let cosArcStep: Double
        /// Points closer than this are one point (degenerate segments are dropped).
        let epsilon: Double
        let dash: DashPattern?

        var output = Path()
        /// The current subpath, flattened, without consecutive duplicates.
        var points: [Point] = []
        /// Per point: true when it lies inside a curve (joined round, like cairo).
        var smooth: [Bool] = []
        /// Scratch: unit direction of each segment of the polyline being stroked.
        var directions: [Vector] = []
        /// Scratch: length of each segment of the polyline being stroked.
        var lengths: [Double] = []
        /// Scratch for dashing: the dash being collected and the subpath's first dash.
        var piece: [Point] = []
        var pieceSmooth: [Bool] = []
        var firstPiece: [Point] = []
        var firstPieceSmooth: [Bool] = []
        /// The collected dash already contains its start cap (see `dashPolyline`).
        var pieceButtStart = false
        /// True when the current subpath has a segment or a close (a lone move draws nothing,
        /// but a move followed by a zero-length segment draws a dot with round caps).
        var hasSegment = false
        /// cairo strokes paths made only of horizontal and vertical lines with a box-based
        /// stroker when joins are miters (limit ≥ √2) and caps butt; its dashes that end exactly
        /// at a vertex keep the corner square. Set per `stroke` call when that applies.
        var rectilinearDashCorners = false

        /// The graded vertices next to each curve end (`gradedEndSteps`), or only the tangent's.
        let endSteps: [Double]
        /// Held to issue 29's truth (`outline`'s `exact`): tight curves are flattened finer too
        /// (`tightSteps`).
        let exact: Bool

        init(style: StrokeStyle, tolerance: Double, exact: Bool = false) {
            endSteps = exact ? Builder.gradedEndSteps : [Builder.gradedEndSteps[0]]
            self.exact = exact
            halfWidth = style.lineWidth / 2
            cap = style.lineCap
            join = style.lineJoin
            miterLimit = style.miterLimit.isFinite ? style.miterLimit : 10
            let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.1
            self.tolerance = tol
            // A chord spanning φ on radius r deviates r·(1 − cos(φ/2)) from the arc.
            let ratio = Swift.min(tol / halfWidth, 1)
            let step = 2 * (1 - ratio).clampedAcos
            arcStep = Swift.min(Swift.max(step, 2 * Double.pi / 1024), Double.pi / 2)
            cosArcStep = cos(arcStep)
            epsilon = halfWidth * 1e-9
            dash = DashPattern(style.dash, phase: style.dashPhase)
            curveTolerance = dash == nil || !exact ? tol : tol / 16
            points.reserveCapacity(64); smooth.reserveCapacity(64); directions.reserveCapacity(64)
        }

        // MARK: Walking the path

        mutating func stroke(_ path: Path) {
            let verbs = path.verbs
            let pts = path.points
            if dash != nil, cap == .butt, join == .miter, miterLimit >= 2.0.squareRoot() {
                rectilinearDashCorners = Builder.isRectilinear(verbs, pts)
            }
            var i = 0
            for v in verbs {
                switch v {
                case .move:
                    finishSubpath(closed: false)
                    append(pts[i], smooth: false)
                case .line:
                    hasSegment = true
                    append(pts[i], smooth: false)
                case .quad:
                    hasSegment = true
                    if let p0 = points.last { flattenQuad(p0, pts[i], pts[i + 1]) }
                    append(pts[i + 1], smooth: false)
                case .cubic:
                    hasSegment = true
                    if let p0 = points.last { flattenCubic(p0, pts[i], pts[i + 1], pts[i + 2]) }
                    append(pts[i + 2], smooth: false)
                case .close:
                    hasSegment = true
                    finishSubpath(closed: true)
                }
                i += v.pointCount
            }
            finishSubpath(closed: false)
        }

        /// True when every segment (closing ones included) is horizontal or vertical.
        static func isRectilinear(_ verbs: [Path.Verb], _ pts: [Point]) -> Bool {
            var i = 0
            var start = Point.zero, last = Point.zero
            for v in verbs {
                switch v {
                case .move: start = pts[i]; last = start
                case .line:
                    let p = pts[i]
                    if p.x != last.x && p.y != last.y { return false }
                    last = p
                case .quad, .cubic: return false
                case .close:
                    if start.x != last.x && start.y != last.y { return false }
                    last = start
                }
                i += v.pointCount
            }
            return true
        }

        /// Appends a vertex unless it repeats the previous one; a repeated vertex stays a corner
        /// if either copy is one.
        mutating func append(_ p: Point, smooth s: Bool) {
            if let last = points.last, abs(last.x - p.x) <= epsilon, abs(last.y - p.y) <= epsilon {
                smooth[smooth.count - 1] = smooth[smooth.count - 1] && s
                return
            }
            points.append(p); smooth.append(s)
        }

        /// Interior points of a quadratic, uniformly in t; the step count bounds the chord error
        /// by `tolerance` (the deviation of n chords is |p0 − 2c + p2| / (4n²)).
        mutating func flattenQuad(_ p0: Point, _ c: Point, _ p2: Point) {
            let ddx = p0.x - 2 * c.x + p2.x, ddy = p0.y - 2 * c.y + p2.y
            let nf = ((ddx * ddx + ddy * ddy).squareRoot() / (4 * curveTolerance)).squareRoot().rounded(.up)
            // Capped before the conversion: a huge control point gives a finite nf past Int.max.
            var n = nf.isFinite ? Swift.max(1, Int(Swift.min(nf, 4096))) : 1
            @inline(__always) func at(_ u: Double) -> Point {
                let v = 1 - u
                return Point(x: v * v * p0.x + 2 * u * v * c.x + u * u * p2.x, y: v * v * p0.y + 2 * u * v * c.y + u * u * p2.y)
            }
            if exact { n = tightSteps(n, at: at) }
            let step = 1.0 / Double(n)
            for g in endSteps { append(at(step * g), smooth: true) }
            for k in 1..<n { append(at(Double(k) * step), smooth: true) }
            for g in endSteps.reversed() { append(at(1 - step * g), smooth: true) }
        }

        /// The curve parameters, as shares of one flattening step, of the extra vertices placed
        /// next to each end of a curve. The tiny chord to the first runs along the curve's
        /// tangent, so the join or cap there is turned as the curve ends (cairo's), not as the
        /// first or last chord, which can be far off on a tight curve (a miter spike where the
        /// tangents call for a bevel, a cap askew). The chords after it grow by four: a whole
        /// step's chord next to that end would turn its rectangle by half the step's angle, and
        /// on a wide stroke its inner corner then stuck out behind a butt cap or a bevel by
        /// up to 0.7 px (issue 29: stroke-161, 42 levels off the truth). Only the first is
        /// placed unless `outline` is asked for an exact outline.
        static let gradedEndSteps: [Double] = [1.0 / 64, 1.0 / 16, 1.0 / 4]

        /// Interior points of a cubic; Wang's bound n = ⌈√(3M / (4·tolerance))⌉, plus the graded
        /// ones next to each end (`endSteps`).
        mutating func flattenCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) {
            let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
            let bx = c1.x - 2 * c2.x + p3.x, by = c1.y - 2 * c2.y + p3.y
            let m = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
            let nf = (3 * m / (4 * curveTolerance)).squareRoot().rounded(.up)
            var n = nf.isFinite ? Swift.max(1, Int(Swift.min(nf, 4096))) : 1
            @inline(__always) func at(_ u: Double) -> Point {
                let v = 1 - u
                let b0 = v * v * v, b1 = 3 * u * v * v, b2 = 3 * u * u * v, b3 = u * u * u
                return Point(x: b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p3.x, y: b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p3.y)
            }
            if exact { n = tightSteps(n, at: at) }
            let step = 1.0 / Double(n)
            for g in endSteps { append(at(step * g), smooth: true) }
            for k in 1..<n { append(at(Double(k) * step), smooth: true) }
            for g in endSteps.reversed() { append(at(1 - step * g), smooth: true) }
        }

        /// Strokes the collected subpath and resets the scratch state.
        mutating func finishSubpath(closed: Bool) {
            defer { points.removeAll(keepingCapacity: true); smooth.removeAll(keepingCapacity: true); hasSegment = false }
            guard !points.isEmpty else { return }
            if closed, points.count > 2, let f = points.first, let l = points.last,
               abs(f.x - l.x) <= epsilon, abs(f.y - l.y) <= epsilon {
                points.removeLast(); smooth.removeLast()
            }
            smooth[0] = false
            if points.count == 1 {
                // cairo (1.16, the reference renderer) draws a zero-length subpath only with
                // round caps; square caps need a direction it does not invent.
                guard hasSegment, cap == .round else { return }
                if let d = dash, !d.startsOn { return }
                addDot(at: points[0], direction: Vector(dx: 1, dy: 0))
                return
            }
            // Move the scratch arrays out while stroking (no copy-on-write), then back.
            var pts: [Point] = [], sm: [Bool] = []
            swap(&pts, &points); swap(&sm, &smooth)
            if let d = dash {
                dashPolyline(pts, sm, closed: closed, pattern: d)
            } else {
                strokePolyline(pts, sm, closed: closed)
            }
            swap(&pts, &points); swap(&sm, &smooth)
        }
    }
}

extension Double {
    /// acos with the argument clamped to −1…1.
    @inlinable var clampedAcos: Double { acos(Swift.max(-1, Swift.min(1, self))) }
}
