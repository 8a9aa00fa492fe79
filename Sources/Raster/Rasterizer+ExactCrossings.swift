import Geometry

extension Rasterizer {
    /// Exact drawing (scene files, `DrawingContext.exactFlatteningTolerance`) flattens the
    /// curves of paths whose edges cross (the overlap sweep found a crossing) this much finer.
    /// Every chord lies inside its curve's bend, up to the tolerance: one edge's shortfall
    /// costs a pixel at most tolerance × 255 levels, but where k curves cross in a pixel the
    /// shortfalls add up: fill-flower-evenodd's sixteen petals meeting at its centre were 30
    /// levels off the truth at 0.025 px (the exact area: 25.0 % covered; Raster 40 %). Other
    /// paths (simple shapes, holes, disjoint subpaths: one curve's shortfall per pixel) keep
    /// their output and their cost.
    static let crossingToleranceDivisor = 5.0

    /// True when `path`, whose edges the overlap sweep found crossing, is to be flattened again.
    @inline(__always) func flattensFiner(_ path: Path) -> Bool {
        tolerance <= DrawingContext.exactFlatteningTolerance && path.hasCurves
    }

    /// The tolerance `fill` flattens `path` with (for tests that model the polygon it fills).
    func fillFlatteningTolerance(_ path: Path, transform: AffineTransform, rule: FillRule, clip: PixelRect) -> Double {
        let e = buildEdgesInside(path, transform: transform, clip: clip) ?? buildEdges(path, transform: transform, clip: clip)
        _ = resolveOverlaps(e, rule: rule)
        return takeCrossed() && flattensFiner(path) ? tolerance / Rasterizer.crossingToleranceDivisor : tolerance
    }

    /// The edges of `path` built again finer and resolved (the sweep found them crossing).
    /// Out of line: the common fill only tests a flag.
    @inline(never)
    func resolvedFiner(_ path: Path, transform: AffineTransform, rule: FillRule, clip: PixelRect) -> EdgeSummary {
        let r = resolveOverlaps(rebuiltFiner(path, transform: transform, clip: clip), rule: rule)
        resolver.crossed = false
        return r
    }

    /// Whether the sweep found edges crossing since this was last asked.
    func takeCrossed() -> Bool {
        defer { resolver.crossed = false }
        return resolver.crossed
    }

    /// The edges of `path` built again at `tolerance / crossingToleranceDivisor`.
    func rebuiltFiner(_ path: Path, transform: AffineTransform, clip: PixelRect) -> EdgeSummary {
        let coarse = tolerance
        tolerance = coarse / Rasterizer.crossingToleranceDivisor
        defer { tolerance = coarse }
        return buildEdgesInside(path, transform: transform, clip: clip) ?? buildEdges(path, transform: transform, clip: clip)
    }
}

extension Path {
    /// True when the path has a quadratic or cubic segment.
    var hasCurves: Bool { verbs.contains { $0 == .quad || $0 == .cubic } }
}
