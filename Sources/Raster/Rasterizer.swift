import Geometry

/// The anti-aliased path rasterizer: exact-area signed coverage (the font-rs / AGG / Blend2D
/// family) in integer cells, swept row by row into a `CoverageSink`.
///
/// Curves are flattened after the transform to ≤ 0.1 device px and clipped while edges are
/// built (`EdgeBuilder`). Cells cover only the path's bounding box: a small path (every seat)
/// is one dense band; a large one is processed in bands of at most `cellBudget` cells, its
/// edges sorted by first band (counting sort) plus a list of those carried down from earlier
/// bands, so memory stays bounded and nothing is cleared per call — the sweep zeroes exactly
/// the cells it reads, and rows wider than a few blocks mark their touched 8-cell blocks, so
/// untouched runs (solid interiors, the gaps between shapes) become constant spans. A narrow
/// dense band lists its edges' row pieces in a `PieceBatch`, which computes their cells four
/// at a time. A batch of convex shapes (a block of seats as one path) is resolved and drawn
/// part by part instead, each part — shapes sharing pixels — in the dense band of its own box
/// (`fillByParts`).
/// Integer cells make every summation order exact, so the result is bit-identical to
/// `ScalarRasterizer`.
///
/// Reusable: keep one per drawing context (not thread-safe).
final class Rasterizer {
    /// What `buildEdges` produced: the edge count and bounds in 24.8 fixed point.
    struct EdgeSummary {
        var count: Int
        var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
        var droppedRight: Bool
        /// Subpath records in `shapes` (unclipped builds), or 0.
        var shapeCount = 0
        /// True when overlaps must be resolved over all edges (clipped builds that are not one
        /// convex subpath).
        var resolveAll = false
        /// True when `rasterizeEdges` takes the edges in one dense band.
        var isDense: Bool {
            let height = Int(((maxY &- 1) >> 8) &+ 1) - Int(minY >> 8)
            return (Int(maxX >> 8) &+ 2 - Int(minX >> 8)) &* height <= Rasterizer.cellBudget
        }
        /// The pixels the coverage can reach within `clip` (empty when there are no edges).
        func pixelBounds(clip: PixelRect) -> PixelRect {
            guard count > 0 else { return PixelRect(x: clip.minX, y: clip.minY, width: 0, height: 0) }
            let x0 = Int(minX >> 8), y0 = Int(minY >> 8), y1 = Int(((maxY &- 1) >> 8) &+ 1)
            let x1 = droppedRight ? clip.maxX : Int(maxX >> 8) + 1
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(clip)
        }
    }

    /// The default flattening tolerance in device pixels (`DrawingContext.flatteningTolerance`).
    static let tolerance = 0.1
    /// The flattening tolerance this rasterizer uses, in device pixels.
    var tolerance = Rasterizer.tolerance
    /// Maximum cells per band (256 KiB of `Int32`).
    static let cellBudget = 65536
    /// Dense bands this many cells wide or more (up to 512) mark touched 8-cell blocks while
    /// accumulating, so the sweep skips untouched runs (ring and outline interiors) outright,
    /// when they also have `blockSweepCellsPerEdge` cells or more per edge: a part of a batch
    /// (a few seats side by side) is mostly edge pixels, where the marks cost more than the
    /// runs they skip.
    static let blockSweepCells = 24
    static let blockSweepCellsPerEdge = 16

    var edges: UnsafeMutablePointer<SIMD4<Int32>>
    var edgeCapacity = 256
    private(set) var shapes: UnsafeMutablePointer<SubpathShape>
    var shapeCapacity = 16
    /// The subpaths' vertices (unclipped builds; see `SubpathShape.firstVertex`).
    var vertices: UnsafeMutablePointer<SIMD2<Int32>>
    var vertexCapacity = 256
    var selection: UnsafeMutablePointer<UInt8>
    var selectionCapacity = 0
    let resolver = WindingResolver()
    /// Above this many solid subpaths the pairwise box test is skipped and everything resolved.
    static let maxPairwiseShapes = 64
    /// At most this many convex subpaths go through `InclusionExclusionResolver` together
    /// (their pairs are all box-tested); more are grouped first (`SubpathClusters`).
    static let maxConvexShapes = 16
    let convexResolver = InclusionExclusionResolver()
    /// Groups of overlapping subpaths, for paths with more than `maxConvexShapes`.
    let clusters = SubpathClusters()
    /// A batch's parts with pixels of their own (`fillByParts`).
    let parts = RasterParts()
    let shapeBoxes = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: Rasterizer.maxPairwiseShapes)
    let shapeOfBox = UnsafeMutablePointer<Int32>.allocate(capacity: Rasterizer.maxPairwiseShapes)
    let hitBox = UnsafeMutablePointer<UInt8>.allocate(capacity: Rasterizer.maxPairwiseShapes)
    /// `PieceBatch`'s storage.
    let pieceStorage: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: PieceBatch.storageCount)
        p.initialize(repeating: 0, count: PieceBatch.storageCount)
        return p
    }()
    var cells: UnsafeMutablePointer<Int32>
    var cellCapacity = 0
    /// Touched 8-cell blocks of a band's rows, `blockWords` words a row (see `sweepBlocks`);
    /// all zero between calls.
    var touchedBlocks: UnsafeMutablePointer<UInt64>
    var blockCapacity = 0
    var coverage: UnsafeMutablePointer<UInt8>
    var coverageCapacity = 0
    // Band bookkeeping for large paths: the edges sorted by first band (band b's end in
    // `bandEnd[b]`), each edge's band while sorting, and the indices of edges carried down.
    var sortedEdges: UnsafeMutablePointer<SIMD4<Int32>>
    var bandOf: UnsafeMutablePointer<Int32>
    var active: UnsafeMutablePointer<Int32>
    var indexCapacity = 0
    var bandEnd: UnsafeMutablePointer<Int32>
    var bandCapacity = 0

    init() {
        edges = .allocate(capacity: edgeCapacity)
        shapes = .allocate(capacity: shapeCapacity)
        vertices = .allocate(capacity: vertexCapacity)
        selection = .allocate(capacity: 1)
        cells = .allocate(capacity: 1)
        touchedBlocks = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
        sortedEdges = .allocate(capacity: 1); bandOf = .allocate(capacity: 1); active = .allocate(capacity: 1)
        bandEnd = .allocate(capacity: 1)
    }

    deinit {
        edges.deallocate(); shapes.deallocate(); vertices.deallocate(); selection.deallocate()
        shapeBoxes.deallocate(); shapeOfBox.deallocate(); hitBox.deallocate(); cells.deallocate()
        touchedBlocks.deallocate(); coverage.deallocate(); sortedEdges.deallocate(); bandOf.deallocate()
        active.deallocate(); bandEnd.deallocate(); pieceStorage.deallocate()
    }

    /// Clamps a clip rect to what the fixed-point edges can address (0 ..< 2²¹ px).
    static func addressable(_ clip: PixelRect) -> PixelRect {
        clip.intersection(PixelRect(x: 0, y: 0, width: 1 << 21, height: 1 << 21))
    }

    /// Builds the clipped edges of `path` mapped through `transform`; returns the edge count.
    func buildEdges(_ path: Path, transform: AffineTransform, clip: PixelRect) -> EdgeSummary {
        reserveEdges(for: path)
        var builder = EdgeBuilder(storage: edges, capacity: edgeCapacity, clip: clip)
        path.flatten(tolerance: tolerance, transform: transform, into: &builder)
        builder.closeCurrent()
        edges = builder.edges; edgeCapacity = builder.capacity
        return EdgeSummary(count: builder.count, minX: builder.minX, minY: builder.minY, maxX: builder.maxX,
                           maxY: builder.maxY, droppedRight: builder.droppedRight,
                           resolveAll: !(builder.allConvex && builder.solidSubpaths <= 1))
    }

    /// Builds the edges of `path` with no clipping when all its flattened vertices lie inside
    /// `clip` (every seat on screen) and returns them; otherwise returns nil (the edges buffer
    /// then holds garbage; build again with `buildEdges`).
    func buildEdgesInside(_ path: Path, transform t: AffineTransform, clip: PixelRect) -> EdgeSummary? {
        reserveEdges(for: path)
        var builder = UnclippedEdgeBuilder(storage: edges, capacity: edgeCapacity, shapes: shapes,
                                           shapeCapacity: shapeCapacity, vertices: vertices,
                                           vertexCapacity: vertexCapacity)
        path.flatten(tolerance: tolerance, transform: t, into: &builder)
        builder.closeCurrent()
        edges = builder.edges; edgeCapacity = builder.capacity
        shapes = builder.shapes; shapeCapacity = builder.shapeCapacity
        vertices = builder.vertices; vertexCapacity = builder.vertexCapacity
        guard builder.isInside(left: Double(clip.minX), top: Double(clip.minY), right: Double(clip.maxX),
                               bottom: Double(clip.maxY)) else { return nil }
        return EdgeSummary(count: builder.count, minX: EdgeBuilder.fixed(builder.loX), minY: EdgeBuilder.fixed(builder.loY),
                           maxX: EdgeBuilder.fixed(builder.hiX), maxY: EdgeBuilder.fixed(builder.hiY), droppedRight: false,
                           shapeCount: builder.shapeCount)
    }

    /// Builds the edges of `path` (unclipped when it lies inside `clip`) and resolves overlaps
    /// (`resolveOverlaps`): the edges `rasterizeEdges` turns into exact coverage.
    func preparedEdges(_ path: Path, transform: AffineTransform, rule: FillRule, clip: PixelRect) -> EdgeSummary {
        resolved(buildEdgesInside(path, transform: transform, clip: clip)
                    ?? buildEdges(path, transform: transform, clip: clip),
                 of: path, transform: transform, rule: rule, clip: clip)
    }

    /// `e`, the edges just built of `path`, with its overlaps resolved (`preparedEdges`).
    func resolved(_ e: EdgeSummary, of path: Path, transform: AffineTransform, rule: FillRule,
                  clip: PixelRect) -> EdgeSummary {
        let r = resolveOverlaps(e, rule: rule)
        if _slowPath(resolver.crossed) && takeCrossed() && flattensFiner(path) {
            return resolvedFiner(path, transform: transform, rule: rule, clip: clip)
        }
        return r
    }

    /// Rasterizes `path` (user space) through `transform` (→ target pixels) with `rule`, limited
    /// to `clip` (target pixels), and hands the coverage to `sink`.
    func fill<S: CoverageSink>(_ path: Path, transform: AffineTransform, rule: FillRule, clip rawClip: PixelRect,
                               into sink: inout S) {
        let clip = Rasterizer.addressable(rawClip)
        guard !clip.isEmpty, !path.isEmpty, transform.isFinite else { return }
        let inside = buildEdgesInside(path, transform: transform, clip: clip)
        if let b = inside, b.shapeCount > Rasterizer.maxConvexShapes, !b.isDense {
            switch fillByParts(b, rule: rule, clip: clip, into: &sink) {
            case .drawn: return
            case .declined(let k) where k > 0:
                fillRest(of: path, unitsDrawn: k, shapeCount: b.shapeCount, transform: transform, rule: rule, clip: clip,
                         into: &sink)
                return
            case .declined: break
            }
        }
        let e = resolved(inside ?? buildEdges(path, transform: transform, clip: clip), of: path, transform: transform,
                         rule: rule, clip: clip)
        guard e.count > 0 else { return }
        rasterizeEdges(e, rule: rule, clip: clip, into: &sink)
    }

    /// Fills the subpaths of `path` that `fillByParts` left undrawn, having drawn its first `k`
    /// units before a decline, as a path of their own. (The builder's `n` subpath records are
    /// the path's subpaths, one per move. The unit that declined holds the first subpath left,
    /// so it comes first again and declines at once: this goes one level deep.) Out of line:
    /// the common fill only tests the outcome.
    @inline(never)
    private func fillRest<S: CoverageSink>(of path: Path, unitsDrawn k: Int, shapeCount n: Int, transform: AffineTransform,
                                           rule: FillRule, clip: PixelRect, into sink: inout S) {
        let drawn = parts.subpathsDrawn(byUnits: k, of: n)
        fill(path.subpaths { !drawn[$0] }, transform: transform, rule: rule, clip: clip, into: &sink)
    }

    /// Rasterizes the edges last built by `buildEdges`; `clip` must contain the clip they were
    /// built with horizontally from the edges' left end (its right border ends the spans).
    func rasterizeEdges<S: CoverageSink>(_ e: EdgeSummary, rule: FillRule, clip: PixelRect, into sink: inout S) {
        rasterize(edges, e, rule: rule, clip: clip, into: &sink)
    }

    /// `rasterizeEdges` of the `e.count` edges at `edges`, then the `tailCount` at `tail` when
    /// `e` is dense (`isDense`; a resolver group's subpaths and its outlines, drawn where they
    /// lie instead of gathered first): `e`'s bounds cover both runs.
    func rasterize<S: CoverageSink>(_ edges: UnsafePointer<SIMD4<Int32>>, _ e: EdgeSummary, rule: FillRule,
                                    clip: PixelRect, into sink: inout S,
                                    tail: UnsafePointer<SIMD4<Int32>>? = nil, tailCount: Int = 0) {
        let count = e.count, minX = e.minX, minY = e.minY, maxX = e.maxX, maxY = e.maxY
        let evenOdd = rule == .evenOdd
        let rowBegin = Int(minY >> 8), rowEnd = Int(((maxY &- 1) >> 8) &+ 1)
        let cx0 = Int(minX >> 8), cx1 = Int(maxX >> 8) &+ 1      // cell columns cx0 ... cx1
        let stride = cx1 - cx0 + 1
        let height = rowEnd - rowBegin
        guard height > 0 else { return }
        // (No division for the common small path.)
        let bandRows = stride &* height <= Rasterizer.cellBudget ? height
            : Swift.max(1, Swift.min(height, Rasterizer.cellBudget / stride))
        let words = (stride &+ 511) >> 9
        // (+1: a piece may add 0 to the cell after its last column; `coverPiece`.)
        ensureCells(stride * bandRows + 1, blocks: bandRows * words, coverageWidth: Swift.max(stride, clip.width) + 2)
        // (Locals: stores through the buffers would make every edge reload them from `self`.)
        let cells = cells, blocks = touchedBlocks

        if bandRows >= height {
            // One dense band.
            let lastX = Swift.min(cx1, clip.maxX - 1)
            if lastX >= cx0 { sink.willTouch(rows: rowBegin..<rowEnd, x0: cx0, x1: lastX) }
            if stride < Rasterizer.blockSweepCells
                || stride &* height < Rasterizer.blockSweepCellsPerEdge &* (count &+ tailCount) {
                // Narrow, or mostly edge pixels: every row is swept across the whole box.
                var batch = PieceBatch(storage: pieceStorage)
                CoverageAccumulator.accumulateWithinBand(edges: edges, count: count, cells: cells, originX: cx0,
                                                         originY: rowBegin, stride: stride, batch: &batch)
                if let tail {
                    CoverageAccumulator.accumulateWithinBand(edges: tail, count: tailCount, cells: cells, originX: cx0,
                                                             originY: rowBegin, stride: stride, batch: &batch)
                }
                batch.flush(into: cells)
                // (Through a local copy: the sink's fields then stay in registers across rows
                // instead of being reloaded after every store to the cells and pixels.)
                var rowSink = sink
                sweepRows(rowBegin..<rowEnd, cellOriginX: cx0, stride: stride, clip: clip, evenOdd: evenOdd, into: &rowSink)
                sink = rowSink
                return
            }
            let rows = cells - (rowBegin &* stride &+ cx0), blockRows = blocks - rowBegin &* words
            for i in 0..<count {
                CoverageAccumulator.accumulateWithinBand(edge: edges[i], rows: rows, stride: stride, blocks: blockRows,
                                                         blockWords: words, originX: cx0)
            }
            if let tail {
                for i in 0..<tailCount {
                    CoverageAccumulator.accumulateWithinBand(edge: tail[i], rows: rows, stride: stride, blocks: blockRows,
                                                             blockWords: words, originX: cx0)
                }
            }
            sweepBlocks(rows: rowBegin..<rowEnd, cellOriginX: cx0, stride: stride, words: words, clip: clip,
                        evenOdd: evenOdd, into: &sink)
            return
        }

        precondition(tailCount == 0, "Rasterizer.rasterize: a tail run is only taken in one dense band")
        // Banded: a counting sort of the (non-horizontal) edges by the band of their top row, so
        // each band reads its new edges in order from one array (a batch of thousands of shapes
        // has far more edges than fit in cache); edges reaching below their band are carried.
        let bands = (height + bandRows - 1) / bandRows
        ensureBands(edges: count, bands: bands)
        // (Runs of edges in one band — a shape's — count and place through a register, not a
        // load-increment-store chain on the same counter.)
        let sorted = sortedEdges, bandOf = bandOf, bandEnd = bandEnd, active = active
        bandEnd.update(repeating: 0, count: bands)
        var runBand = 0, run: Int32 = 0
        for i in 0..<count {
            let e = edges[i]
            if e.y == e.w { bandOf[i] = -1; continue }
            let b = (Int(Swift.min(e.y, e.w) >> 8) &- rowBegin) / bandRows
            bandOf[i] = Int32(truncatingIfNeeded: b)
            if b != runBand { bandEnd[runBand] &+= run; runBand = b; run = 0 }
            run &+= 1
        }
        bandEnd[runBand] &+= run
        var total: Int32 = 0
        for b in 0..<bands { let n = bandEnd[b]; bandEnd[b] = total; total &+= n }
        // Scattered, bandEnd[b] moves from band b's start to its end.
        runBand = 0
        var cursor = Int(bandEnd[0])
        for i in 0..<count {
            let b = Int(bandOf[i])
            if b < 0 { continue }
            if b != runBand { bandEnd[runBand] = Int32(truncatingIfNeeded: cursor); runBand = b; cursor = Int(bandEnd[b]) }
            sorted[cursor] = edges[i]
            cursor &+= 1
        }
        bandEnd[runBand] = Int32(truncatingIfNeeded: cursor)
        var carried = 0
        var next = 0
        for b in 0..<bands {
            let y0 = rowBegin + b * bandRows, y1 = Swift.min(rowEnd, y0 + bandRows)
            // The carried edges, then the band's own (one call site: the accumulation stays inlined).
            let end = Int(bandEnd[b])
            let total = carried &+ (end &- next)
            var kept = 0
            for k in 0..<total {
                let idx = k < carried ? Int(active[k]) : next &+ (k &- carried)
                let e = sorted[idx]
                CoverageAccumulator.accumulate(edge: e, rowBegin: Int32(y0), rowEnd: Int32(y1), cells: cells,
                                               originX: cx0, originY: Int32(y0), stride: stride,
                                               blocks: blocks, blockWords: words)
                // Keep edges that reach below this band.
                if Int((Swift.max(e.y, e.w) &- 1) >> 8) >= y1 { active[kept] = Int32(truncatingIfNeeded: idx); kept &+= 1 }
            }
            next = end
            carried = kept
            sweepBlocks(rows: y0..<y1, cellOriginX: cx0, stride: stride, words: words, clip: clip, evenOdd: evenOdd,
                        into: &sink)
        }
    }

    /// Makes the edge, vertex and subpath buffers as large as a polygon `path` fills (one edge
    /// per verb, one vertex per point, one subpath per four verbs: a move, two lines at least
    /// and a close), dropping their contents: a large path (a block of seats) then builds
    /// without copying its buffers as they double. Curves and degenerate subpaths may still
    /// grow them. Constant time: no verb is read.
    @inline(__always) func reserveEdges(for path: Path) {
        let verbs = path.verbs.count, points = path.points.count
        if _slowPath(verbs > edgeCapacity) {
            edges.deallocate(); edgeCapacity = verbs; edges = .allocate(capacity: verbs)
        }
        if _slowPath(points > vertexCapacity) {
            vertices.deallocate(); vertexCapacity = points; vertices = .allocate(capacity: points)
        }
        if _slowPath(verbs / 4 > shapeCapacity) {
            shapes.deallocate(); shapeCapacity = verbs / 4; shapes = .allocate(capacity: shapeCapacity)
        }
    }

    private func ensureCells(_ n: Int, blocks: Int, coverageWidth: Int) {
        if n > cellCapacity {
            cells.deallocate()
            cellCapacity = Swift.max(n, 4096)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if blocks > blockCapacity {
            touchedBlocks.deallocate()
            blockCapacity = Swift.max(blocks, 64)
            touchedBlocks = .allocate(capacity: blockCapacity)
            touchedBlocks.initialize(repeating: 0, count: blockCapacity)
        }
        if coverageWidth > coverageCapacity {
            coverage.deallocate()
            coverageCapacity = Swift.max(coverageWidth, 256)
            coverage = .allocate(capacity: coverageCapacity)
        }
    }

    private func ensureBands(edges n: Int, bands: Int) {
        if n > indexCapacity {
            sortedEdges.deallocate(); bandOf.deallocate(); active.deallocate()
            indexCapacity = Swift.max(n, 1024)
            sortedEdges = .allocate(capacity: indexCapacity)
            bandOf = .allocate(capacity: indexCapacity); active = .allocate(capacity: indexCapacity)
        }
        if bands > bandCapacity {
            bandEnd.deallocate()
            bandCapacity = Swift.max(bands, 64)
            bandEnd = .allocate(capacity: bandCapacity)
        }
    }
}
