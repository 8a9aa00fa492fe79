import Geometry

extension ChartLabels {
    /// The section names for chart → screen `m` (scale `s`, turned by `rotation`; the view at
    /// home has scale `restScale`): per side
    /// (root), the coarsest level whose names have not yet given way to the next.
    ///
    /// Each node's name fits its region from some scale on (at this rotation, one line or two,
    /// whichever fits sooner). A finer level of a side starts where all its names fit and is
    /// kept only if they can show fully — fade in, then fade out — before the next finer level
    /// (the tribunes' seat numbers last); the level above fades out over the band below that
    /// start, the level fades in over the band above it, so levels never show together. The
    /// coarsest level always shows: on its tribunes once it fits, else just outside the
    /// stadium beside them, sliding from one place to the other across the fade band.
    func placeSections(_ m: AffineTransform, scale s: Double, rotation: Double, restScale: Double, screen: Rect) {
        let h = sections, levels = h.levels, nodes = h.names.count
        for n in 0..<nodes {
            var best = Double.infinity, choice: Int32 = -1
            for k in nodeSprite[2 * n...2 * n + 1] where k >= 0 {
                let sp = sprites[Int(k)]
                let f = h.region[n].fitScale(width: Double(sp.width), height: Double(sp.height), rotation: rotation)
                if choice < 0 || f < best { best = f; choice = k }
            }
            nodeFit[n] = best
            nodeChoice[n] = choice
        }
        for i in levelStart.indices { levelStart[i] = 0 }
        for n in 0..<nodes {
            let i = h.root[n] * levels + h.level[n]
            levelStart[i] = max(levelStart[i], nodeFit[n])
        }
        let band = (1 + Self.fadeBand) * (1 + Self.fadeBand)
        for r in 0..<nodes where h.level[r] == 0 {
            var next = rootSeatFit[r]
            for level in stride(from: levels - 1, to: 0, by: -1) {
                let i = r * levels + level
                // The home view rests at `restScale`: a change of level across it waits until
                // just above, so at home every name is at full strength (or not there).
                if levelStart[i] / (1 + Self.fadeBand) < restScale && restScale < levelStart[i] * (1 + Self.fadeBand) {
                    levelStart[i] = restScale * (1 + Self.fadeBand)
                }
                if levelStart[i] * band <= next {
                    levelEnd[i] = next
                    next = levelStart[i]
                } else {
                    levelStart[i] = .infinity
                }
            }
            levelStart[r * levels] = 0
            levelEnd[r * levels] = next
        }
        for n in h.order {
            let k = nodeChoice[n]
            guard k >= 0 else { continue }
            let i = h.root[n] * levels + h.level[n]
            var opacity = Self.fadeOut(scale: s, end: levelEnd[i])
            if h.level[n] > 0 { opacity *= Self.fadeIn(scale: s, fit: levelStart[i]) }
            guard opacity > 0 else { continue }
            var c = h.region[n].centre.applying(m), beside = false
            if h.level[n] == 0 {
                // A name that fits at home is wholly on its tribunes there, not mid-slide.
                var fit = nodeFit[n]
                if fit <= restScale && restScale < fit * (1 + Self.fadeBand) { fit = restScale / (1 + Self.fadeBand) }
                let on = Self.fadeIn(scale: s, fit: fit)
                if on < 1 {
                    beside = true
                    guard let out = besidePoint(of: n, sprite: k, m, from: c) else { continue }
                    c = Point(x: out.x + (c.x - out.x) * on, y: out.y + (c.y - out.y) * on)
                }
            }
            var b = box(of: k, centre: c)
            if h.level[n] == 0 && !screen.contains(b) {
                // A side is named beside the stadium past the visible chart's edge (a small
                // panel's party strip or list): its name moves in to that edge. Whole pixels:
                // the sprite's box moves by exactly as much. Where that edge is so near that the
                // name would lie over the stadium's tribunes (an overview in a strip hardly
                // taller than a name, large text on a 7" panel mounted high), it is left out.
                let dx = max(0, screen.minX - b.minX).rounded(.up) - max(0, b.maxX - screen.maxX).rounded(.up)
                let dy = max(0, screen.minY - b.minY).rounded(.up) - max(0, b.maxY - screen.maxY).rounded(.up)
                c = Point(x: c.x + dx, y: c.y + dy)
                b = box(of: k, centre: c)
                if beside, b.intersects(screenBox(ofChart: tribuneBounds, m)) { continue }
            }
            guard screen.contains(b) else { continue }
            add(Placed(kind: .section, sprite: k, centre: c, box: b, opacity: opacity, node: Int32(n)))
        }
    }

    /// The screen box (px) of chart rectangle `r` through `m`.
    func screenBox(ofChart r: Rect, _ m: AffineTransform) -> Rect {
        // Each screen coordinate is a·x + c·y + t: its extremes take x and y at their ends.
        let xs = (m.a * r.minX, m.a * r.maxX), ys = (m.c * r.minY, m.c * r.maxY)
        let xb = (m.b * r.minX, m.b * r.maxX), yb = (m.d * r.minY, m.d * r.maxY)
        let x0 = min(xs.0, xs.1) + min(ys.0, ys.1) + m.tx, x1 = max(xs.0, xs.1) + max(ys.0, ys.1) + m.tx
        let y0 = min(xb.0, xb.1) + min(yb.0, yb.1) + m.ty, y1 = max(xb.0, xb.1) + max(yb.0, yb.1) + m.ty
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Where node `n`'s name (`sprite`) goes when it does not fit on its tribunes: from its
    /// place on them (`on`, px) straight away from the stadium's middle until its box clears
    /// the stadium's screen box by a millimetre; nil when that is not next to its own tribunes
    /// (farther than the label's height from their box).
    func besidePoint(of n: Int, sprite: Int32, _ m: AffineTransform, from on: Point) -> Point? {
        let stadium = screenBox(ofChart: tribuneBounds, m)
        var ux = on.x - stadium.midX, uy = on.y - stadium.midY
        let norm = (ux * ux + uy * uy).squareRoot()
        if norm > 1e-9 { ux /= norm; uy /= norm } else { ux = 0; uy = -1 }
        let sp = sprites[Int(sprite)]
        let hw = Double(sp.width) / 2, hh = Double(sp.height) / 2, gap = pixelsPerMillimetre
        var t = Double.infinity
        if ux > 1e-9 { t = min(t, (stadium.maxX + gap + hw - on.x) / ux) }
        if ux < -1e-9 { t = min(t, (stadium.minX - gap - hw - on.x) / ux) }
        if uy > 1e-9 { t = min(t, (stadium.maxY + gap + hh - on.y) / uy) }
        if uy < -1e-9 { t = min(t, (stadium.minY - gap - hh - on.y) / uy) }
        guard t.isFinite, t >= 0 else { return nil }
        let c = Point(x: on.x + ux * t, y: on.y + uy * t)
        let own = screenBox(ofChart: sections.region[n].bounds, m), b = box(of: sprite, centre: c)
        let dx = max(0, own.minX - b.maxX, b.minX - own.maxX), dy = max(0, own.minY - b.maxY, b.minY - own.maxY)
        guard (dx * dx + dy * dy).squareRoot() <= 2 * hh + 2 * gap else { return nil }
        return c
    }
}
