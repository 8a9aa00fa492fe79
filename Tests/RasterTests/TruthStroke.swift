@testable import Raster

/// The area a stroke covers, from its geometry alone (not from `Stroker`'s outline): the union
/// of one rectangle per flattened segment (half the width each side), a join piece at each of
/// the path's corners (miter quadrilateral within the limit, else the bevel triangle, on the
/// outer side; for round, the disc's sector between the two segments' end normals), the same
/// sector where flattened curve pieces meet (the curve's own sweep of normals), and the caps
/// at open ends (a square's half-width rectangle, the half disc beyond the end); where a curve
/// meets a corner or an end, the sector between its exact tangent and its first (last)
/// chord. A zero-length subpath is SVG's dot (`addDot`). Dashes cut
/// the flattened subpaths by arc length (the pattern restarting at each subpath, an odd pattern taken twice); each dash
/// is an open piece with its caps, and on a closed subpath a dash running through the start
/// is joined there, as cairo does.
enum TruthStroke {
    typealias V = SIMD2<Double>

    /// A convex piece of a stroke's area.
    enum Piece {
        case polygon([V])
        /// The disc (centre, radius) where (p − centre)·d ≥ 0 for each d of `sides`.
        case disc(V, Double, sides: [V])

        /// The rows of y the piece spans.
        var yRange: ClosedRange<Double> {
            switch self {
            case .polygon(let ps):
                let ys = ps.map(\.y)
                return (ys.min() ?? 0)...(ys.max() ?? 0)
            case .disc(let c, let r, _): return (c.y - r)...(c.y + r)
            }
        }

        /// The x interval where the horizontal line at y crosses the piece, if it does.
        func interval(atY y: Double) -> (Double, Double)? {
            switch self {
            case .disc(let c, let r, let sides):
                let dy = y - c.y
                let q = r * r - dy * dy
                guard q > 0 else { return nil }
                var lo = c.x - q.squareRoot(), hi = c.x + q.squareRoot()
                for d in sides {
                    // (x − c.x)·d.x + dy·d.y ≥ 0
                    if d.x == 0 {
                        if dy * d.y < 0 { return nil }
                    } else if d.x > 0 {
                        lo = Swift.max(lo, c.x - dy * d.y / d.x)
                    } else {
                        hi = Swift.min(hi, c.x - dy * d.y / d.x)
                    }
                }
                return lo < hi ? (lo, hi) : nil
            case .polygon(let ps):
                var lo = Double.infinity, hi = -Double.infinity
                var j = ps.count - 1
                for i in 0..<ps.count {
                    let a = ps[j], b = ps[i]
                    if (a.y <= y && y < b.y) || (b.y <= y && y < a.y) {
                        let x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
                        lo = Swift.min(lo, x); hi = Swift.max(hi, x)
                    }
                    j = i
                }
                return lo < hi ? (lo, hi) : nil
            }
        }
    }

    static func normal(_ d: V) -> V { V(-d.y, d.x) }

    /// The pieces of `path` stroked with `style` (identity transform: widths in pixels).
    static func pieces(of path: TruthPath, style: StrokeStyle) -> [Piece] {
        let hw = style.lineWidth / 2
        var out: [Piece] = []
        let dashed = style.dash.count > 0 && style.dash.allSatisfy { $0 >= 0 } && style.dash.contains { $0 > 0 }
        for pl in path.polylines() {
            if let first = pl.points.first, pl.points.allSatisfy({ $0 == first }) {
                if !dashed || startsOn(style.dash, phase: style.dashPhase) { addDot(at: first, hw: hw, cap: style.lineCap, into: &out) }
                continue
            }
            let parts = dashed ? dashes(of: pl, pattern: style.dash.count % 2 == 1 ? style.dash + style.dash : style.dash,
                                        phase: style.dashPhase) : [pl]
            for part in parts { addPieces(of: part, hw: hw, style: style, into: &out) }
        }
        return out
    }

    static func addPieces(of pl: TruthPath.Polyline, hw: Double, style: StrokeStyle, into out: inout [Piece]) {
        let p = pl.points, n = p.count
        guard n >= 2 else { return }
        for i in 0..<(n - 1) where p[i] != p[i + 1] {
            let d = TruthPath.unit(p[i + 1] - p[i])
            let m = normal(d) * hw
            out.append(.polygon([p[i] + m, p[i + 1] + m, p[i + 1] - m, p[i] - m]))
            // A curve's normals sweep from its end tangent to the first (last) chord's normal
            // before the chord's rectangle starts: that sector belongs to the stroke too (the
            // same sector as between two chords). A chord turns from the exact tangent by a
            // few degrees on a curve tighter than the half width, which left a sliver open
            // next to a corner or an end.
            let tOut = pl.tangentOut[i], tIn = pl.tangentIn[i + 1]
            if tOut != V(0, 0) && tOut != d { out.append(.disc(p[i], hw, sides: [tOut, -d])) }
            if tIn != V(0, 0) && tIn != d { out.append(.disc(p[i + 1], hw, sides: [d, -tIn])) }
        }
        let joined = pl.closed ? 0..<(n - 1) : 1..<(n - 1)
        for i in joined {
            if !pl.corner[i] {
                let dIn = TruthPath.unit(p[i] - p[i > 0 ? i - 1 : n - 2]), dOut = TruthPath.unit(p[i + 1] - p[i])
                out.append(.disc(p[i], hw, sides: [dIn, -dOut]))
                continue
            }
            addJoin(at: p[i], in: pl.tangentIn[i], out: pl.tangentOut[i], hw: hw, style: style, into: &out)
        }
        if !pl.closed {
            addCap(at: p[0], direction: -pl.tangentOut[0], hw: hw, cap: style.lineCap, into: &out)
            addCap(at: p[n - 1], direction: pl.tangentIn[n - 1], hw: hw, cap: style.lineCap, into: &out)
        }
    }

    static func addJoin(at v: V, in dIn: V, out dOut: V, hw: Double, style: StrokeStyle, into out: inout [Piece]) {
        if style.lineJoin == .round { out.append(.disc(v, hw, sides: [dIn, -dOut])); return }
        let cross = dIn.x * dOut.y - dIn.y * dOut.x, dot = (dIn * dOut).sum()
        guard cross != 0 else { return }  // straight on, or back on itself (the bevel is a line)
        let s: Double = cross > 0 ? -1 : 1
        let nIn = normal(dIn), nOut = normal(dOut)
        let a = v + s * hw * nIn, b = v + s * hw * nOut
        if style.lineJoin == .miter && 2 <= style.miterLimit * style.miterLimit * (1 + dot) {
            out.append(.polygon([v, a, v + s * hw * (nIn + nOut) / (1 + dot), b]))
        } else {
            out.append(.polygon([v, a, b]))
        }
    }

    /// A zero-length subpath (a move followed by segments of no length or a close), by SVG's
    /// rule (SVG 1.1 §11.4 'stroke-linecap', SVG 2 §13.5.7 zero-length subpaths): round caps
    /// paint a disc of the line's width, square caps a square of that side aligned with the
    /// x axis, butt caps nothing.
    static func addDot(at v: V, hw: Double, cap: StrokeStyle.LineCap, into out: inout [Piece]) {
        switch cap {
        case .butt: return
        case .round: out.append(.disc(v, hw, sides: []))
        case .square: out.append(.polygon([v + V(-hw, -hw), v + V(hw, -hw), v + V(hw, hw), v + V(-hw, hw)]))
        }
    }

    /// Whether a dash pattern is on at arc length 0 (after `phase`), as `dashes` walks it.
    static func startsOn(_ dash: [Double], phase: Double) -> Bool {
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let total = pattern.reduce(0, +)
        var left = phase.truncatingRemainder(dividingBy: total)
        if left < 0 { left += total }
        var index = 0
        while left >= pattern[index] { left -= pattern[index]; index = (index + 1) % pattern.count }
        return index % 2 == 0
    }

    /// The cap at an open end, `direction` pointing out of the stroke.
    static func addCap(at v: V, direction d: V, hw: Double, cap: StrokeStyle.LineCap, into out: inout [Piece]) {
        switch cap {
        case .butt: return
        case .round: out.append(.disc(v, hw, sides: [d]))
        case .square:
            let m = normal(d) * hw, f = d * hw
            out.append(.polygon([v + m, v + m + f, v - m + f, v - m]))
        }
    }

    /// The dashes of one flattened subpath: open polylines (or the whole subpath when a dash
    /// covers all of a closed one).
    static func dashes(of pl: TruthPath.Polyline, pattern: [Double], phase: Double) -> [TruthPath.Polyline] {
        let total = pattern.reduce(0, +)
        var index = 0
        var left = phase.truncatingRemainder(dividingBy: total)
        if left < 0 { left += total }
        // Position in the pattern at the start: skip `phase`.
        while left >= pattern[index] { left -= pattern[index]; index = (index + 1) % pattern.count }
        var remaining = pattern[index] - left
        var on = index % 2 == 0
        let startsOn = on
        var pieces: [TruthPath.Polyline] = []
        var current = TruthPath.Polyline()
        func begin(_ q: TruthPath.V, direction d: TruthPath.V, corner: Bool, tangentIn: TruthPath.V) {
            current = TruthPath.Polyline()
            current.points = [q]; current.corner = [false]; current.tangentIn = [tangentIn]; current.tangentOut = [d]
        }
        func add(_ q: TruthPath.V, corner: Bool, tangentIn: TruthPath.V, tangentOut: TruthPath.V) {
            current.points.append(q); current.corner.append(corner)
            current.tangentIn.append(tangentIn); current.tangentOut.append(tangentOut)
        }
        let p = pl.points
        if on { begin(p[0], direction: pl.tangentOut[0], corner: false, tangentIn: pl.tangentIn[0]) }
        var cutAtEnd = false
        for i in 0..<(p.count - 1) {
            let a = p[i], b = p[i + 1]
            let len = TruthPath.length(b - a)
            if len == 0 { continue }
            let d = (b - a) / len
            var t = 0.0
            if on && i > 0 && current.points.count > 0 && current.points.last != a {
                add(a, corner: pl.corner[i], tangentIn: pl.tangentIn[i], tangentOut: pl.tangentOut[i])
            }
            while len - t > remaining {
                t += remaining
                let q = a + d * t
                if on {
                    add(q, corner: false, tangentIn: d, tangentOut: d)
                    pieces.append(current)
                } else {
                    begin(q, direction: d, corner: false, tangentIn: d)
                }
                on.toggle()
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= len - t
            let endIsCorner = pl.corner[i + 1]
            if on {
                let last = i + 1 == p.count - 1
                add(b, corner: endIsCorner && !last, tangentIn: endIsCorner ? pl.tangentIn[i + 1] : d,
                    tangentOut: endIsCorner && !last ? pl.tangentOut[i + 1] : d)
                if last { cutAtEnd = true }
            }
        }
        if on && cutAtEnd {
            pieces.append(current)
        }
        // A closed subpath whose first and last dashes meet at the start: one dash, joined there.
        if pl.closed && startsOn && on && pieces.count >= 2 {
            var last = pieces.removeLast()
            let first = pieces.removeFirst()
            let k = last.points.count - 1
            last.corner[k] = true
            last.tangentIn[k] = pl.tangentIn[0]; last.tangentOut[k] = pl.tangentOut[0]
            last.points += first.points.dropFirst(); last.corner += first.corner.dropFirst()
            last.tangentIn += first.tangentIn.dropFirst(); last.tangentOut += first.tangentOut.dropFirst()
            pieces.append(last)
        } else if pl.closed && startsOn && on && pieces.count == 1 {
            // Never off: the whole closed subpath.
            return [pl]
        }
        return pieces
    }
}
