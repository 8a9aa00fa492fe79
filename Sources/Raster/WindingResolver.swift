import Geometry

/// Rewrites a set of edges whose winding numbers overlap or cross into an equivalent set whose
/// winding is only 0 or 1, so exact-area accumulation gives the exact covered area.
///
/// Accumulation sums the winding over each pixel, which is the covered area only where the
/// winding in the pixel stays within {0, 1} (or {0, −1}); where edges cross or subpaths
/// overlap (stars, flowers, stroke outlines) a pixel can hold windings 0, 1 and 2, or +1 and −1.
/// The resolver sweeps the edges top to bottom in slabs that contain no vertex and no crossing
/// (split at every vertex y and at each crossing, rounded down to the 1/256-px grid), orders
/// the edges of each slab by x, and keeps each edge with weight f(w right) − f(w left) ∈
/// {−1, 0, 1}, where f is the fill rule's inside test (w ≠ 0, or w odd). An edge keeps one
/// piece while its weight stays the same, so edges of a simple region pass through whole.
/// The only approximation is x rounded to 1/256 px where an edge is cut (area error ≪ 1/255
/// of a pixel).
final class WindingResolver {
    struct Piece {
        var xTop: Int32, yTop: Int32, xBot: Int32, yBot: Int32
        /// +1 for an edge drawn downwards, −1 upwards (the accumulator's winding step).
        var sign: Int32
        /// The open output piece: its weight (0 = none) and start.
        var pendWeight: Int32 = 0, pendX: Int32 = 0, pendY: Int32 = 0
        var slope: Double
        var xa = 0.0, xb = 0.0

        @inline(__always) func x(at y: Int32) -> Double { Double(xTop) + Double(y &- yTop) * slope }

        @inline(__always) func roundedX(at y: Int32) -> Int32 {
            if y == yTop { return xTop }
            if y == yBot { return xBot }
            return FastRounding.int32(x(at: y))
        }
    }

    private var pieces: UnsafeMutablePointer<Piece>
    private var pieceCapacity = 64
    private var order: UnsafeMutablePointer<Int32>
    private var active: UnsafeMutablePointer<Int32>
    private var indexCapacity = 64
    /// The resolved edges of the last `resolve`.
    private(set) var output: UnsafeMutablePointer<SIMD4<Int32>>
    private var outputCapacity = 256
    private(set) var outputCount = 0
    /// Set when a `resolve` finds two edges crossing (not only overlapping windings); whoever
    /// reads it clears it (`Rasterizer.takeCrossed`), so the common fill only tests a flag.
    var crossed = false
    private var pieceCount = 0

    init() {
        pieces = .allocate(capacity: pieceCapacity)
        order = .allocate(capacity: indexCapacity); active = .allocate(capacity: indexCapacity)
        output = .allocate(capacity: outputCapacity)
    }

    deinit {
        pieces.deallocate(); order.deallocate(); active.deallocate(); output.deallocate()
    }

    /// Resolves `edges[0 ..< count]` (24.8 fixed point) into `output`. Only edges with
    /// `selected[i] != 0` (all when nil), and only their parts between `bandTop` and
    /// `bandBottom`, are resolved; everything else is copied as is. The caller guarantees that
    /// no pixel row has both resolved parts and other edges' winding inside the same pixel.
    /// Returns false (output unusable) when the sweep would take more than `workBudget` piece
    /// visits: a huge tangled path (10⁶ vertices) then keeps the plain accumulation.
    @discardableResult
    func resolve(edges: UnsafePointer<SIMD4<Int32>>, count: Int, selected: UnsafePointer<UInt8>?,
                 bandTop: Int32, bandBottom: Int32, evenOdd: Bool) -> Bool {
        outputCount = 0
        pieceCount = 0
        for i in 0..<count {
            let e = edges[i]
            if let s = selected, s[i] == 0 { emit(e); continue }
            var x0 = e.x, y0 = e.y, x1 = e.z, y1 = e.w
            var sign: Int32 = 1
            if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); sign = -1 }
            if y0 == y1 { continue }
            if y1 <= bandTop || y0 >= bandBottom { emit(e); continue }
            var p = Piece(xTop: x0, yTop: y0, xBot: x1, yBot: y1, sign: sign,
                          slope: Double(x1 &- x0) / Double(y1 &- y0))
            // Parts outside the band go through unchanged.
            if y0 < bandTop {
                let xc = p.roundedX(at: bandTop)
                emitOriented(x0, y0, xc, bandTop, sign)
                p.xTop = xc; p.yTop = bandTop
            }
            if y1 > bandBottom {
                let xc = p.roundedX(at: bandBottom)
                emitOriented(xc, bandBottom, x1, y1, sign)
                p.xBot = xc; p.yBot = bandBottom
            }
            p.slope = Double(p.xBot &- p.xTop) / Double(p.yBot &- p.yTop)
            addPiece(p)
        }
        work = 0
        if pieceCount > 0 { return sweep(evenOdd: evenOdd) }
        return true
    }

    /// Piece visits allowed per `resolve` (bounds the sweep's O(slabs × active) time). Wide
    /// dashed strokes of tight curves in exact outlines take up to 6.3 M (27 000 pieces, issue
    /// 29's stroke-212); over the budget they kept the plain accumulation, winding 2 summed.
    static let workBudget = 16_000_000
    private var work = 0

    @inline(__always) private func emit(_ e: SIMD4<Int32>) {
        if outputCount == outputCapacity { growOutput() }
        output[outputCount] = e
        outputCount &+= 1
    }

    /// Emits the segment from (xa, ya) down to (xb, yb) as an edge whose winding step is `sign`.
    @inline(__always) private func emitOriented(_ xa: Int32, _ ya: Int32, _ xb: Int32, _ yb: Int32, _ sign: Int32) {
        emit(sign > 0 ? SIMD4(xa, ya, xb, yb) : SIMD4(xb, yb, xa, ya))
    }

    private func addPiece(_ p: Piece) {
        if pieceCount == pieceCapacity {
            let n = UnsafeMutablePointer<Piece>.allocate(capacity: pieceCapacity * 2)
            n.moveInitialize(from: pieces, count: pieceCount)
            pieces.deallocate()
            pieces = n; pieceCapacity *= 2
        }
        (pieces + pieceCount).initialize(to: p)
        pieceCount &+= 1
    }

    private func growOutput() {
        let n = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: outputCapacity * 2)
        n.moveInitialize(from: output, count: outputCount)
        output.deallocate()
        output = n; outputCapacity *= 2
    }

    @inline(__always) private func inside(_ w: Int32, evenOdd: Bool) -> Int32 {
        evenOdd ? (w & 1) : (w != 0 ? 1 : 0)
    }

    /// Ends piece k's open output piece at y.
    @inline(__always) private func flush(_ k: Int, at y: Int32) {
        let w = pieces[k].pendWeight
        if w == 0 { return }
        let p = pieces[k]
        if y > p.pendY { emitOriented(p.pendX, p.pendY, p.roundedX(at: y), y, w) }
        pieces[k].pendWeight = 0
    }

    private func sweep(evenOdd: Bool) -> Bool {
        let n = pieceCount
        if n > indexCapacity {
            order.deallocate(); active.deallocate()
            indexCapacity = Swift.max(n, indexCapacity * 2)
            order = .allocate(capacity: indexCapacity); active = .allocate(capacity: indexCapacity)
        }
        for i in 0..<n { order[i] = Int32(i) }
        let pc = pieces
        var byTop = UnsafeMutableBufferPointer(start: order, count: n)
        byTop.sort { pc[Int($0)].yTop < pc[Int($1)].yTop }

        var next = 0, activeCount = 0
        var y = pieces[Int(order[0])].yTop
        while true {
            while next < n && pieces[Int(order[next])].yTop == y {
                active[activeCount] = order[next]; activeCount &+= 1; next &+= 1
            }
            if activeCount == 0 {
                if next >= n { break }
                y = pieces[Int(order[next])].yTop
                continue
            }
            var yEnd = next < n ? pieces[Int(order[next])].yTop : Int32.max
            for a in 0..<activeCount { yEnd = Swift.min(yEnd, pieces[Int(active[a])].yBot) }
            work &+= activeCount
            if work > WindingResolver.workBudget { return false }
            sweepSlab(from: y, to: yEnd, activeCount: activeCount, evenOdd: evenOdd)
            var kept = 0
            for a in 0..<activeCount {
                let k = Int(active[a])
                if pieces[k].yBot == yEnd { flush(k, at: yEnd) } else { active[kept] = active[a]; kept &+= 1 }
            }
            activeCount = kept
            y = yEnd
        }
        return true
    }

    /// Processes the rows ya0 ..< yEnd, in which no piece starts or ends, cutting them further
    /// where two pieces cross.
    private func sweepSlab(from ya0: Int32, to yEnd: Int32, activeCount: Int, evenOdd: Bool) {
        let pc = pieces, act = active
        var ya = ya0
        while ya < yEnd {
            for a in 0..<activeCount {
                let k = Int(act[a])
                pc[k].xa = pc[k].x(at: ya); pc[k].xb = pc[k].x(at: yEnd)
            }
            // Insertion sort by x at the slab top, then by x at its bottom (nearly sorted from
            // the previous slab).
            var i = 1
            while i < activeCount {
                let k = act[i]
                let xa = pc[Int(k)].xa, xb = pc[Int(k)].xb
                var j = i - 1
                while j >= 0 {
                    let q = pc[Int(act[j])]
                    if q.xa < xa || (q.xa == xa && q.xb <= xb) { break }
                    act[j + 1] = act[j]
                    j -= 1
                }
                act[j + 1] = k
                i += 1
            }
            // The first crossing of two neighbours ends this slab.
            var yb = yEnd
            if activeCount > 1 {
                for a in 0..<(activeCount - 1) {
                    let l = pc[Int(act[a])], r = pc[Int(act[a + 1])]
                    if l.xb > r.xb {
                        crossed = true
                        let gapA = r.xa - l.xa, gapB = l.xb - r.xb
                        let t = gapA / (gapA + gapB)
                        var yc = ya &+ Int32(Swift.max(0, Swift.min(Double(yEnd &- ya), (t * Double(yEnd &- ya)).rounded(.down))))
                        if yc <= ya { yc = ya &+ 1 }
                        if yc < yb { yb = yc }
                    }
                }
            }
            // Winding left to right; each piece's weight is the change of the inside test.
            var w: Int32 = 0
            for a in 0..<activeCount {
                let k = Int(act[a])
                let before = inside(w, evenOdd: evenOdd)
                w &+= pc[k].sign
                let weight = inside(w, evenOdd: evenOdd) &- before
                if weight != pc[k].pendWeight {
                    flush(k, at: ya)
                    if weight != 0 {
                        pc[k].pendWeight = weight; pc[k].pendX = pc[k].roundedX(at: ya); pc[k].pendY = ya
                    }
                }
            }
            ya = yb
        }
    }
}
