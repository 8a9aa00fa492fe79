import Foundation

/// A path as the exactness scenes describe it (subpaths of lines and cubics), written once as
/// SVG path data for Raster and cairo and flattened here for the truth renderer, independently
/// of Geometry's flattener: cubics are cut into pieces of at most `TruthPath.step` px of
/// control-polygon length, so a chord is off its curve by ≪ 1/100 px on these scenes' curves.
struct TruthPath {
    typealias V = SIMD2<Double>

    enum Segment {
        case line(V)
        case cubic(V, V, V)
    }

    struct Subpath {
        var start: V
        var segments: [Segment]
        var closed: Bool
    }

    /// A flattened subpath: `points[i]` with `corner[i]` true where two of the path's own
    /// segments meet (its join applies there; elsewhere the curve is smooth and the truth uses
    /// a round join, as cairo and Raster do inside curves), and at corners the exact tangents in
    /// and out. A closed polyline repeats its first point last.
    struct Polyline {
        var points: [V] = []
        var corner: [Bool] = []
        var tangentIn: [V] = []
        var tangentOut: [V] = []
        var closed = false
    }

    static let step = 0.1

    var subpaths: [Subpath] = []

    /// SVG path data with every coordinate written exactly (Swift's shortest round-trip form).
    var svg: String {
        var d: [String] = []
        func p(_ v: V) -> String { "\(v.x) \(v.y)" }
        for s in subpaths {
            d.append("M" + p(s.start))
            for seg in s.segments {
                switch seg {
                case .line(let q): d.append("L" + p(q))
                case .cubic(let c1, let c2, let q): d.append("C" + p(c1) + " " + p(c2) + " " + p(q))
                }
            }
            if s.closed { d.append("Z") }
        }
        return d.joined(separator: " ")
    }

    static func unit(_ v: V) -> V {
        let l = (v * v).sum().squareRoot()
        return l > 0 ? v / l : V(1, 0)
    }

    static func length(_ v: V) -> Double { (v * v).sum().squareRoot() }

    /// The flattened subpaths; a closed subpath gets its closing line when its last point is
    /// not its first.
    func polylines() -> [Polyline] {
        subpaths.map { s in
            var pl = Polyline()
            pl.points = [s.start]; pl.corner = [true]; pl.tangentIn = [V(0, 0)]; pl.tangentOut = [V(0, 0)]
            var current = s.start
            func lineTo(_ q: V) {
                let d = TruthPath.unit(q - current)
                pl.tangentOut[pl.points.count - 1] = d
                pl.points.append(q); pl.corner.append(true); pl.tangentIn.append(d); pl.tangentOut.append(V(0, 0))
                current = q
            }
            for seg in s.segments {
                switch seg {
                case .line(let q): lineTo(q)
                case .cubic(let c1, let c2, let q):
                    let p0 = current
                    let polygon = TruthPath.length(c1 - p0) + TruthPath.length(c2 - c1) + TruthPath.length(q - c2)
                    let n = Swift.max(8, Swift.min(4000, Int((polygon / TruthPath.step).rounded(.up))))
                    // Tangents at the ends (a control point on its end point: the next one).
                    let t0 = c1 != p0 ? c1 - p0 : (c2 != p0 ? c2 - p0 : q - p0)
                    let t1 = q != c2 ? q - c2 : (q != c1 ? q - c1 : q - p0)
                    pl.tangentOut[pl.points.count - 1] = TruthPath.unit(t0)
                    for i in 1...n {
                        let t = Double(i) / Double(n), u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t
                        let pt = i == n ? q : a * p0 + b * c1 + c * c2 + e * q
                        pl.points.append(pt); pl.corner.append(i == n)
                        pl.tangentIn.append(i == n ? TruthPath.unit(t1) : V(0, 0)); pl.tangentOut.append(V(0, 0))
                    }
                    current = q
                }
            }
            if s.closed {
                if current != s.start { lineTo(s.start) }
                pl.closed = true
                // The start is joined from the closing segment into the first one.
                pl.tangentIn[0] = pl.tangentIn[pl.points.count - 1]
                pl.tangentOut[pl.points.count - 1] = pl.tangentOut[0]
            }
            return pl
        }
    }
}
