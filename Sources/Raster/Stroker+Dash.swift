import Geometry

extension Stroker {
    /// A normalized dash pattern (cairo's rules): odd-length patterns are repeated twice, and a
    /// pattern with a negative or non-finite length or a zero sum means a solid line (nil).
    struct DashPattern {
        let lengths: [Double]
        /// Where a subpath starts in the pattern (the phase, reduced modulo the period).
        let startIndex: Int
        let startOn: Bool
        let startRemaining: Double
        let period: Double
        var startsOn: Bool { startOn }

        init?(_ dash: [Double], phase: Double) {
            guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
            var l = dash
            if l.count % 2 == 1 { l += dash }
            let period = l.reduce(0, +)
            guard period > 0, period.isFinite else { return nil }
            var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
            if offset < 0 { offset += period }
            // As cairo: stop as soon as the offset reaches zero, so a zero-length first dash
            // at phase 0 still draws.
            var i = 0, on = true
            while offset > 0, offset >= l[i] {
                offset -= l[i]; on.toggle()
                i += 1; if i == l.count { i = 0 }
            }
            lengths = l; startIndex = i; startOn = on; startRemaining = l[i] - offset
            self.period = period
        }
    }
}

extension Stroker.Builder {
    /// Cuts a polyline into dashes by arc length and strokes each as an open polyline (joins
    /// inside a dash, caps at its ends). On a closed polyline a dash running through the start
    /// is one dash joined there.
    mutating func dashPolyline(_ pts: [Point], _ sm: [Bool], closed: Bool, pattern: Stroker.DashPattern) {
        let n = pts.count
        let m = closed ? n : n - 1
        // Guard against patterns so fine that the loop would run for ever.
        var total = 0.0
        for j in 0..<m { total += pts[j].distance(to: pts[j + 1 == n ? 0 : j + 1]) }
        if total / pattern.period > 200_000 { strokePolyline(pts, sm, closed: closed); return }

        let lengths = pattern.lengths
        var i = pattern.startIndex, on = pattern.startOn, remaining = pattern.startRemaining
        var inFirst = on  // still collecting the dash that starts at the subpath's start
        var haveFirst = false
        piece.removeAll(keepingCapacity: true); pieceSmooth.removeAll(keepingCapacity: true)
        firstPiece.removeAll(keepingCapacity: true); firstPieceSmooth.removeAll(keepingCapacity: true)
        if on { appendPiece(pts[0], smooth: false) }
        var lastDirection = Vector(dx: 1, dy: 0)
        for j in 0..<m {
            let a = pts[j], bi = j + 1 == n ? 0 : j + 1, b = pts[bi]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            let e = Vector(dx: dx / len, dy: dy / len)
            lastDirection = e
            var pos = 0.0
            while true {
                let left = len - pos
                if remaining > left {
                    remaining -= left
                    if on { appendPiece(b, smooth: sm[bi]) }
                    break
                }
                pos += remaining
                let q = Point(x: a.x + e.dx * pos, y: a.y + e.dy * pos)
                if on {
                    appendPiece(q, smooth: false)
                    if rectilinearDashCorners && remaining == left && (j + 1 < m || (closed && pattern.startOn)) {
                        // cairo's box stroker keeps the corner of a dash ending exactly at a
                        // vertex: a sliver into the next segment gives the miter corner.
                        let c = pts[(bi + 1) % n]
                        let nx = c.x - b.x, ny = c.y - b.y
                        let nl = (nx * nx + ny * ny).squareRoot()
                        let k = halfWidth * 1e-6 / nl
                        appendPiece(Point(x: b.x + nx * k, y: b.y + ny * k), smooth: false)
                    }
                    if inFirst && closed {
                        // Keep it: it may be joined to the last dash at the start vertex.
                        swap(&piece, &firstPiece); swap(&pieceSmooth, &firstPieceSmooth)
                        haveFirst = true
                    } else {
                        finishPiece(direction: e)
                    }
                    inFirst = false
                    piece.removeAll(keepingCapacity: true); pieceSmooth.removeAll(keepingCapacity: true)
                } else {
                    if remaining == left && j + 1 < m {
                        // A dash starting exactly at a vertex: cairo starts it on the segment
                        // that ends there (cap along that segment) and joins it to the next,
                        // so the corner gets a join. A sliver of the previous segment does that.
                        // With square caps the cap is that segment's last half width itself,
                        // drawn butt-ended so it does not overlap the joined dash.
                        let back = cap == .square ? halfWidth : halfWidth * 1e-6
                        appendPiece(Point(x: b.x - e.dx * back, y: b.y - e.dy * back), smooth: false)
                        pieceButtStart = cap == .square
                    }
                    appendPiece(q, smooth: false)
                }
                on.toggle()
                i += 1; if i == lengths.count { i = 0 }
                remaining = lengths[i]
            }
        }
        if on {
            if closed && inFirst {
                // The dash never ended: the whole subpath is on.
                piece.removeAll(keepingCapacity: true); pieceSmooth.removeAll(keepingCapacity: true)
                strokePolyline(pts, sm, closed: true)
                return
            }
            if closed && haveFirst {
                for k in 1..<firstPiece.count { appendPiece(firstPiece[k], smooth: firstPieceSmooth[k]) }
                haveFirst = false
            }
            finishPiece(direction: lastDirection)
        }
        if haveFirst {
            swap(&piece, &firstPiece); swap(&pieceSmooth, &firstPieceSmooth)
            pieceButtStart = false
            finishPiece(direction: lastDirection)
        }
    }

    mutating func appendPiece(_ p: Point, smooth s: Bool) {
        if let last = piece.last, abs(last.x - p.x) <= epsilon, abs(last.y - p.y) <= epsilon {
            pieceSmooth[pieceSmooth.count - 1] = pieceSmooth[pieceSmooth.count - 1] && s
            return
        }
        piece.append(p); pieceSmooth.append(s)
    }

    /// Strokes the collected dash; a zero-length dash is a dot turned along `direction`.
    mutating func finishPiece(direction: Vector) {
        defer {
            piece.removeAll(keepingCapacity: true); pieceSmooth.removeAll(keepingCapacity: true)
            pieceButtStart = false
        }
        guard !piece.isEmpty else { return }
        if piece.count == 1 { addDot(at: piece[0], direction: direction); return }
        pieceSmooth[0] = false; pieceSmooth[pieceSmooth.count - 1] = false
        var p: [Point] = [], s: [Bool] = []
        swap(&p, &piece); swap(&s, &pieceSmooth)
        strokePolyline(p, s, closed: false, buttStart: pieceButtStart)
        swap(&p, &piece); swap(&s, &pieceSmooth)
    }
}
