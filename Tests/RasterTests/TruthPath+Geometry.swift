import Geometry

extension TruthPath {
    /// The truth's form of a Geometry path (a scene file's, already parsed): lines and cubics,
    /// a quadratic raised to the cubic that traces it exactly; a subpath is closed by its close.
    init(_ path: Path) {
        self.init()
        var i = 0
        var current: Subpath?
        func v(_ p: Point) -> V { V(p.x, p.y) }
        for verb in path.verbs {
            let pts = path.points
            switch verb {
            case .move:
                if let c = current, !c.segments.isEmpty { subpaths.append(c) }
                current = Subpath(start: v(pts[i]), segments: [], closed: false)
            case .line:
                current?.segments.append(.line(v(pts[i])))
            case .quad:
                if let c = current {
                    let p0 = c.segments.last.map(Self.end) ?? c.start, q = v(pts[i]), p2 = v(pts[i + 1])
                    current?.segments.append(.cubic(p0 + 2 / 3 * (q - p0), p2 + 2 / 3 * (q - p2), p2))
                }
            case .cubic:
                current?.segments.append(.cubic(v(pts[i]), v(pts[i + 1]), v(pts[i + 2])))
            case .close:
                if var c = current {
                    c.closed = true
                    subpaths.append(c)
                    // A segment after a close starts a new subpath at the closed one's start.
                    current = Subpath(start: c.start, segments: [], closed: false)
                }
            }
            i += verb.pointCount
        }
        if let c = current, !c.segments.isEmpty { subpaths.append(c) }
    }

    static func end(_ s: Segment) -> V {
        switch s {
        case .line(let q): q
        case .cubic(_, _, let q): q
        }
    }
}
