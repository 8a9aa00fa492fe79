import Geometry

/// The anti-aliased path rasterizer: exact-area signed coverage (the font-rs / AGG / Blend2D
/// family) in integer cells, swept row by row into a `CoverageSink`.
///
/// Curves are flattened after the transform to ≤ 0.1 device px and clipped while edges are
/// built (`EdgeBuilder`). Cells cover only the path's bounding box: a small path (every seat)
/// is one dense band; a large one is processed in bands of at most `cellBudget` cells with an
/// active edge list, so memory stays bounded and nothing is cleared per call — the sweep zeroes
/// exactly the cells it reads, per-row touched ranges skip untouched cells, and inside wide
/// rows runs of untouched cells become constant spans (solid interiors are plain stores).
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
    /// accumulating, so the sweep skips untouched runs (ring and outline interiors) outright.
    static let blockSweepCells = 24

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
    let shapeBoxes = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: Rasterizer.maxPairwiseShapes)
    let shapeOfBox = UnsafeMutablePointer<Int32>.allocate(capacity: Rasterizer.maxPairwiseShapes)
    let hitBox = UnsafeMutablePointer<UInt8>.allocate(capacity: Rasterizer.maxPairwiseShapes)
    var cells: UnsafeMutablePointer<Int32>
    var cellCapacity = 0
    var rowMin: UnsafeMutablePointer<Int32>
    var rowMax: UnsafeMutablePointer<Int32>
    var rowCapacity = 0
    /// Touched 8-cell blocks per row of a dense band (see `sweepBlocks`); all zero between calls.
    var touchedBlocks: UnsafeMutablePointer<UInt64>
    var coverage: UnsafeMutablePointer<UInt8>
    var coverageCapacity = 0
    // Band bookkeeping for large paths: edge indices bucketed by first band, and the active list.
    var bucketHead: UnsafeMutablePointer<Int32>
    var bucketCapacity = 0
    var nextInBucket: UnsafeMutablePointer<Int32>
    var active: UnsafeMutablePointer<Int32>
    var indexCapacity = 0

    init() {
        edges = .allocate(capacity: edgeCapacity)
        shapes = .allocate(capacity: shapeCapacity)
        vertices = .allocate(capacity: vertexCapacity)
        selection = .allocate(capacity: 1)
        cells = .allocate(capacity: 1)
        rowMin = .allocate(capacity: 1); rowMax = .allocate(capacity: 1)
        touchedBlocks = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
        bucketHead = .allocate(capacity: 1)
        nextInBucket = .allocate(capacity: 1); active = .allocate(capacity: 1)
    }

    deinit {
        edges.deallocate(); shapes.deallocate(); vertices.deallocate(); selection.deallocate()
        shapeBoxes.deallocate(); shapeOfBox.deallocate(); hitBox.deallocate(); cells.deallocate(); rowMin.deallocate(); rowMax.deallocate()
        touchedBlocks.deallocate(); coverage.deallocate(); bucketHead.deallocate(); nextInBucket.deallocate(); active.deallocate()
    }

    /// Clamps a clip rect to what the fixed-point edges can address (0 ..< 2²¹ px).
    static func addressable(_ clip: PixelRect) -> PixelRect {
        clip.intersection(PixelRect(x: 0, y: 0, width: 1 << 21, height: 1 << 21))
    }

    /// Builds the clipped edges of `path` mapped through `transform`; returns the edge count.
    func buildEdges(_ path: Path, transform: AffineTransform, clip: PixelRect) -> EdgeSummary {
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
        let e = buildEdgesInside(path, transform: transform, clip: clip)
            ?? buildEdges(path, transform: transform, clip: clip)
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
        let e = preparedEdges(path, transform: transform, rule: rule, clip: clip)
        guard e.count > 0 else { return }
        rasterizeEdges(e, rule: rule, clip: clip, into: &sink)
    }

    /// Rasterizes the edges last built by `buildEdges`; `clip` must contain the clip they were
    /// built with horizontally from the edges' left end (its right border ends the spans).
    func rasterizeEdges<S: CoverageSink>(_ e: EdgeSummary, rule: FillRule, clip: PixelRect, into sink: inout S) {
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
        ensureCells(stride * bandRows, rows: bandRows, coverageWidth: Swift.max(stride, clip.width) + 2)

        if bandRows >= height {
            // One dense band: every row is swept across the whole box, so no per-row ranges.
            let lastX = Swift.min(cx1, clip.maxX - 1)
            if lastX >= cx0 { sink.willTouch(rows: rowBegin..<rowEnd, x0: cx0, x1: lastX) }
            if stride >= Rasterizer.blockSweepCells && stride <= 512 {
                for i in 0..<count {
                    CoverageAccumulator.accumulate(edge: edges[i], rowBegin: Int32(rowBegin), rowEnd: Int32(rowEnd),
                                                   cells: cells, originX: cx0, originY: Int32(rowBegin), stride: stride,
                                                   rowMin: rowMin, rowMax: rowMax, track: false, blocks: touchedBlocks)
                }
                sweepBlocks(rows: rowBegin..<rowEnd, cellOriginX: cx0, stride: stride, clip: clip, evenOdd: evenOdd,
                            into: &sink)
                return
            }
            for i in 0..<count {
                CoverageAccumulator.accumulate(edge: edges[i], rowBegin: Int32(rowBegin), rowEnd: Int32(rowEnd),
                                               cells: cells, originX: cx0, originY: Int32(rowBegin), stride: stride,
                                               rowMin: rowMin, rowMax: rowMax, track: false)
            }
            for r in 0..<height { rowMin[r] = Int32(cx0); rowMax[r] = Int32(cx1) }
            sweep(rows: rowBegin..<rowEnd, cellOriginX: cx0, stride: stride, clip: clip, evenOdd: evenOdd, into: &sink)
            return
        }

        // Banded: bucket edges by the band of their top row, keep an active list.
        for r in 0..<bandRows { rowMin[r] = Int32.max; rowMax[r] = Int32.min }
        let bands = (height + bandRows - 1) / bandRows
        ensureIndices(edges: count, buckets: bands)
        for b in 0..<bands { bucketHead[b] = -1 }
        for i in 0..<count {
            let e = edges[i]
            let top = Int(Swift.min(e.y, e.w) >> 8)
            let b = (top - rowBegin) / bandRows
            nextInBucket[i] = bucketHead[b]
            bucketHead[b] = Int32(i)
        }
        var activeCount = 0
        for b in 0..<bands {
            let y0 = rowBegin + b * bandRows, y1 = Swift.min(rowEnd, y0 + bandRows)
            var k = bucketHead[b]
            while k >= 0 { active[activeCount] = k; activeCount += 1; k = nextInBucket[Int(k)] }
            var kept = 0
            for a in 0..<activeCount {
                let idx = active[a]
                let e = edges[Int(idx)]
                CoverageAccumulator.accumulate(edge: e, rowBegin: Int32(y0), rowEnd: Int32(y1),
                                               cells: cells, originX: cx0, originY: Int32(y0), stride: stride,
                                               rowMin: rowMin, rowMax: rowMax)
                // Keep edges that reach below this band.
                if Int((Swift.max(e.y, e.w) &- 1) >> 8) >= y1 { active[kept] = idx; kept += 1 }
            }
            activeCount = kept
            sweep(rows: y0..<y1, cellOriginX: cx0, stride: stride, clip: clip, evenOdd: evenOdd, into: &sink)
        }
    }

    /// Prefix-sums each row of the band, zeroing the cells it reads, and emits coverage spans.
    @inline(__always)
    private func sweep<S: CoverageSink>(rows: Range<Int>, cellOriginX: Int, stride: Int, clip: PixelRect,
                                         evenOdd: Bool, into sink: inout S) {
        let vx1 = clip.maxX
        let cov = coverage
        for y in rows {
            let r = y - rows.lowerBound
            let lo = Int(rowMin[r]), hi = Int(rowMax[r])
            if lo > hi { continue }
            rowMin[r] = Int32.max; rowMax[r] = Int32.min
            let cellRow = cells + (r * stride - cellOriginX)
            let visEnd = Swift.min(hi + 1, vx1)
            var acc: Int32 = 0
            var x = lo
            if visEnd - lo >= 64 {
                // Wide rows: runs of untouched cells keep the coverage constant; hand them over as
                // constant spans (solid interiors become plain stores).
                x = sweepWideRow(y: y, cellRow: cellRow, from: lo, to: visEnd, acc: &acc, evenOdd: evenOdd, into: &sink)
            } else if visEnd > lo {
                acc = sink.accumulatedSpan(y: y, x: lo, count: visEnd - lo, cells: cellRow + lo, evenOdd: evenOdd,
                                           scratch: cov)
                x = visEnd
            }
            while x <= hi { cellRow[x] = 0; x &+= 1 }
            if hi + 1 < vx1 {
                let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                if a != 0 { sink.constantSpan(y: y, x: hi + 1, count: vx1 - hi - 1, alpha: a) }
            }
        }
    }

    /// Sweeps a dense band whose touched 8-cell blocks are marked in `touchedBlocks`: runs of
    /// marked blocks become coverage spans (their cells summed and zeroed), the runs between
    /// them and the rest of the row constant spans of the running coverage.
    private func sweepBlocks<S: CoverageSink>(rows: Range<Int>, cellOriginX cx0: Int, stride: Int, clip: PixelRect,
                                               evenOdd: Bool, into sink: inout S) {
        let vx1 = clip.maxX
        let cov = coverage
        for y in rows {
            let r = y - rows.lowerBound
            var bits = touchedBlocks[r]
            touchedBlocks[r] = 0
            let cellRow = cells + (r * stride - cx0)
            var acc: Int32 = 0
            var x = cx0
            while bits != 0 {
                let b = bits.trailingZeroBitCount
                let run = (~(bits >> UInt64(b))).trailingZeroBitCount
                bits = run + b >= 64 ? 0 : bits & ~(((1 &<< UInt64(run)) &- 1) &<< UInt64(b))
                let s = cx0 + 8 * b, e = Swift.min(cx0 + 8 * (b + run), cx0 + stride)
                if s > x && x < vx1 {
                    let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                    if a != 0 { sink.constantSpan(y: y, x: x, count: Swift.min(s, vx1) - x, alpha: a) }
                }
                let visible = Swift.min(e, vx1)
                var i = s
                if visible > s {
                    // The running sum enters as part of the first cell, so the sink's fused
                    // sum-and-blend can take the run.
                    cellRow[s] &+= acc
                    acc = sink.accumulatedSpan(y: y, x: s, count: visible - s, cells: cellRow + s, evenOdd: evenOdd,
                                               scratch: cov)
                    i = visible
                }
                while i < e { cellRow[i] = 0; i &+= 1 }
                x = e
            }
            if x < vx1 {
                let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                if a != 0 { sink.constantSpan(y: y, x: x, count: vx1 - x, alpha: a) }
            }
        }
    }

    /// True when the 8 cells at `p` are all zero.
    @inline(__always) private func blockIsZero(_ p: UnsafeMutablePointer<Int32>) -> Bool {
        let r = UnsafeRawPointer(p)
        return (r.loadUnaligned(as: UInt64.self) | r.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | r.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | r.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) == 0
    }

    /// Sweeps cells `from ..< to` of one row, emitting coverage spans for touched stretches and
    /// constant spans for runs of zero cells (checked 8 at a time); returns `to`.
    private func sweepWideRow<S: CoverageSink>(y: Int, cellRow: UnsafeMutablePointer<Int32>, from lo: Int, to end: Int,
                                                acc: inout Int32, evenOdd: Bool, into sink: inout S) -> Int {
        let cov = coverage
        var x = lo, spanStart = lo
        while x < end {
            if x &+ 8 <= end && blockIsZero(cellRow + x) {
                var runEnd = x &+ 8
                while runEnd &+ 8 <= end && blockIsZero(cellRow + runEnd) { runEnd &+= 8 }
                if x > spanStart { sink.coverageSpan(y: y, x: spanStart, count: x - spanStart, coverage: cov) }
                let a = CoverageAccumulator.alpha(acc, evenOdd: evenOdd)
                if a != 0 { sink.constantSpan(y: y, x: x, count: runEnd - x, alpha: a) }
                x = runEnd; spanStart = x
                continue
            }
            let stop = Swift.min(x &+ 8, end)
            while x < stop {
                acc &+= cellRow[x]; cellRow[x] = 0
                cov[x &- spanStart] = UInt8(truncatingIfNeeded: CoverageAccumulator.alpha(acc, evenOdd: evenOdd))
                x &+= 1
            }
        }
        if end > spanStart { sink.coverageSpan(y: y, x: spanStart, count: end - spanStart, coverage: cov) }
        return end
    }

    private func ensureCells(_ n: Int, rows: Int, coverageWidth: Int) {
        if n > cellCapacity {
            cells.deallocate()
            cellCapacity = Swift.max(n, 4096)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if rows > rowCapacity {
            rowMin.deallocate(); rowMax.deallocate(); touchedBlocks.deallocate()
            rowCapacity = Swift.max(rows, 64)
            rowMin = .allocate(capacity: rowCapacity); rowMax = .allocate(capacity: rowCapacity)
            touchedBlocks = .allocate(capacity: rowCapacity)
            touchedBlocks.initialize(repeating: 0, count: rowCapacity)
        }
        if coverageWidth > coverageCapacity {
            coverage.deallocate()
            coverageCapacity = Swift.max(coverageWidth, 256)
            coverage = .allocate(capacity: coverageCapacity)
        }
    }

    private func ensureIndices(edges n: Int, buckets: Int) {
        if n > indexCapacity {
            nextInBucket.deallocate(); active.deallocate()
            indexCapacity = Swift.max(n, 1024)
            nextInBucket = .allocate(capacity: indexCapacity); active = .allocate(capacity: indexCapacity)
        }
        if buckets > bucketCapacity {
            bucketHead.deallocate()
            bucketCapacity = Swift.max(buckets, 64)
            bucketHead = .allocate(capacity: bucketCapacity)
        }
    }
}
