import Geometry

extension InclusionExclusionResolver {
    /// The subject polygon clipped by polygon k's sides (Sutherland–Hodgman): the result (in
    /// one of the clip buffers, valid until the next clip), its vertex count, and whether any
    /// side cut it; nil when the intersection has no area (fewer than three vertices left, or
    /// the subject on or outside one side).
    ///
    /// `box` bounds the subject's vertices (min x, min y, max x, max y). Only the sides whose
    /// segments meet the box are clipped by: where k's outline crosses the box, the box's
    /// part inside k is its part inside those sides' half-planes (a path from inside k to a
    /// point outside it within the box leaves k through a side that meets the box, and a line
    /// leaving a half-plane does not come back). A side whose segment's bounds miss the box's
    /// (Cohen–Sutherland outcodes of its ends) or whose line has the box on one side (one
    /// corner tested) is passed over; a side with the whole box outside empties the result.
    /// When no side meets the box, k's outline misses it: the subject is wholly inside k or
    /// wholly outside, which one of its vertices tells.
    func clip(_ subject: UnsafePointer<SIMD2<Int32>>, count: Int, box: SIMD4<Int32>, by k: Int)
        -> (UnsafePointer<SIMD2<Int32>>, Int, Bool)? {
        clips &+= 1
        let pk = polygons[k]
        let v = vertices + pk.start
        let m = pk.count
        var src = subject
        var n = count
        var dst = clipA
        var cut = false
        var meets = false
        var s = sides
        let bounds = Bounds(box)
        var meeting = SidesMeetingBox(box, polygon: v, count: m)
        while let e = meeting.next() {
            let line = SideLine(from: v[e == 0 ? m &- 1 : e &- 1], to: v[e], orientation: orientation)
            let (least, most) = line.range(over: bounds)
            if least > 0 { continue }
            if most <= 0 { return nil }
            meets = true
            // A side keeps at most every vertex and adds one per crossing.
            if 2 &* n > clipCapacity {
                growClipBuffers(keeping: &src, count: n, other: &dst)
                s = sides
            }
            let (least1, most1) = line.values(of: src, count: n, into: s)
            if least1 >= 0 { continue }
            if most1 <= 0 { return nil }
            cut = true
            let out = InclusionExclusionResolver.keepNonNegative(src, s, count: n, into: dst)
            if out < 3 { return nil }
            src = UnsafePointer(dst)
            dst = dst == clipA ? clipB : clipA
            n = out
        }
        if meets { return (src, n, cut) }
        return isInside(subject[0], polygon: k) ? (subject, count, false) : nil
    }

    /// A subject's box (min x, min y, max x, max y) as the scalars the side tests take (lane
    /// extraction from SIMD costs more than their arithmetic).
    struct Bounds {
        let lowX: Int64, lowY: Int64, highX: Int64, highY: Int64
        @inline(__always) init(_ box: SIMD4<Int32>) {
            lowX = Int64(box.x); lowY = Int64(box.y); highX = Int64(box.z); highY = Int64(box.w)
        }
    }

    /// The line through a polygon's side b0 → b1 as the side value of a point,
    /// o·cross(b1 − b0, p − b0) = nx·(x − x0) + ny·(y − y0): positive on the polygon's side
    /// (o its orientation; −o for the outer side), exact in `Int64`.
    struct SideLine {
        let nx: Int64, ny: Int64, x0: Int64, y0: Int64

        @inline(__always) init(from b0: SIMD2<Int32>, to b1: SIMD2<Int32>, orientation o: Int64) {
            x0 = Int64(b0.x); y0 = Int64(b0.y)
            nx = o &* (y0 &- Int64(b1.y)); ny = o &* (Int64(b1.x) &- x0)
        }

        /// The least and greatest side value over the box: at its corner against the normal
        /// and at the opposite one.
        @inline(__always) func range(over b: Bounds) -> (least: Int64, most: Int64) {
            (nx &* ((nx >= 0 ? b.lowX : b.highX) &- x0) &+ ny &* ((ny >= 0 ? b.lowY : b.highY) &- y0),
             nx &* ((nx >= 0 ? b.highX : b.lowX) &- x0) &+ ny &* ((ny >= 0 ? b.highY : b.lowY) &- y0))
        }

        /// The side value of point `q` (0 on the line).
        @inline(__always) func value(of q: SIMD2<Int32>) -> Int64 {
            nx &* (Int64(q.x) &- x0) &+ ny &* (Int64(q.y) &- y0)
        }

        /// Writes the side values of the n points at `p` to `s`; returns their least and greatest.
        @inline(__always) func values(of p: UnsafePointer<SIMD2<Int32>>, count n: Int,
                                      into s: UnsafeMutablePointer<Int64>) -> (least: Int64, most: Int64) {
            var least = Int64.max, most = Int64.min
            for i in 0..<n {
                let c = value(of: p[i])
                s[i] = c
                least = Swift.min(least, c)
                most = Swift.max(most, c)
            }
            return (least, most)
        }

        /// The least and greatest side values of the n points at `p`.
        @inline(__always) func range(of p: UnsafePointer<SIMD2<Int32>>, count n: Int) -> (least: Int64, most: Int64) {
            var least = Int64.max, most = Int64.min
            for i in 0..<n {
                let c = value(of: p[i])
                least = Swift.min(least, c)
                most = Swift.max(most, c)
            }
            return (least, most)
        }
    }

    /// The sides of a polygon whose segments' bounds meet a box's (outcodes, `sidesMeeting`),
    /// in order: the sides that may cut a subject in the box.
    struct SidesMeetingBox: IteratorProtocol {
        let box: SIMD4<Int32>
        let v: UnsafePointer<SIMD2<Int32>>, count: Int
        var base = 0
        var bits: UInt64

        @inline(__always) init(_ box: SIMD4<Int32>, polygon v: UnsafePointer<SIMD2<Int32>>, count: Int) {
            self.box = box; self.v = v; self.count = count
            // (The sides 64 at a time: a few of them, as the box is a small subject's.)
            bits = InclusionExclusionResolver.sidesMeeting(box, v, count: count, from: 0)
        }

        /// The next side's end vertex (the side runs from the vertex before it, cyclically).
        @inline(__always) mutating func next() -> Int? {
            if bits == 0 && (base &+ 64 >= count || !refill()) { return nil }
            let e = base &+ bits.trailingZeroBitCount
            bits &= bits &- 1
            return e
        }

        /// The next 64 sides' bits, until some side meets the box; false past the last side.
        /// (Out of line: a polygon of more than 64 sides is rare, and the loop kept `next` from
        /// being inlined.)
        @inline(never) mutating func refill() -> Bool {
            while bits == 0 {
                base &+= 64
                if base >= count { return false }
                bits = InclusionExclusionResolver.sidesMeeting(box, v, count: count, from: base)
            }
            return true
        }
    }

    /// Bit e − `base` set for each side e in `base ..< min(base + 64, count)` (from vertex e − 1
    /// to e, cyclically, of the `count` vertices at `v`) whose ends are not both beyond one
    /// border of `box` (min x, min y, max x, max y; Cohen–Sutherland outcodes, four vertices at
    /// a time).
    @inline(__always)
    static func sidesMeeting(_ box: SIMD4<Int32>, _ v: UnsafePointer<SIMD2<Int32>>, count: Int, from base: Int)
        -> UInt64 {
        // Bit 0: left of the box, 1: right, 2: above, 3: below, from the differences' sign bits
        // (coordinates are under 2³⁰ in magnitude, so they cannot overflow).
        @inline(__always) func outcode(_ p: SIMD2<Int32>) -> UInt32 {
            (UInt32(bitPattern: p.x &- box.x) >> 31) | ((UInt32(bitPattern: box.z &- p.x) >> 31) << 1)
                | ((UInt32(bitPattern: p.y &- box.y) >> 31) << 2) | ((UInt32(bitPattern: box.w &- p.y) >> 31) << 3)
        }
        let end = Swift.min(base &+ 64, count)
        var previous = outcode(v[base == 0 ? count &- 1 : base &- 1])
        var bits: UInt64 = 0
        var e = base
        let lowX = SIMD4<Int32>(repeating: box.x), lowY = SIMD4<Int32>(repeating: box.y)
        let highX = SIMD4<Int32>(repeating: box.z), highY = SIMD4<Int32>(repeating: box.w)
        let none = SIMD4<UInt32>()
        while e &+ 4 <= end {
            let q = UnsafeRawPointer(v + e).loadUnaligned(as: SIMD8<Int32>.self)
            let xs = q.evenHalf, ys = q.oddHalf
            // (Each bit selected by a comparison's mask: one `pand` a border.)
            let codes = none.replacing(with: 1, where: xs .< lowX) | none.replacing(with: 2, where: xs .> highX)
                | none.replacing(with: 4, where: ys .< lowY) | none.replacing(with: 8, where: ys .> highY)
            let before = SIMD4(previous, codes[0], codes[1], codes[2])
            let meets = none.replacing(with: SIMD4<UInt32>(1, 2, 4, 8), where: (codes & before) .== none)
            bits |= UInt64(meets.wrappedSum()) &<< UInt64(e &- base)
            previous = codes[3]
            e &+= 4
        }
        while e < end {
            let code = outcode(v[e])
            if code & previous == 0 { bits |= 1 &<< UInt64(e &- base) }
            previous = code
            e &+= 1
        }
        return bits
    }

    /// One Sutherland–Hodgman step: the part of the polygon `src` (n vertices, `s` their side
    /// values) where the side value is ≥ 0, written to `dst`; returns its vertex count.
    @inline(__always)
    static func keepNonNegative(_ src: UnsafePointer<SIMD2<Int32>>, _ s: UnsafePointer<Int64>, count n: Int,
                                into dst: UnsafeMutablePointer<SIMD2<Int32>>) -> Int {
        var out = 0
        var pPrev = src[n &- 1], sPrev = s[n &- 1]
        for i in 0..<n {
            let p = src[i], sp = s[i]
            if (sPrev > 0 && sp < 0) || (sPrev < 0 && sp > 0) {
                dst[out] = InclusionExclusionResolver.crossing(pPrev, p, sPrev, sp)
                out &+= 1
            }
            if sp >= 0 { dst[out] = p; out &+= 1 }
            pPrev = p; sPrev = sp
        }
        return out
    }

    /// The point where segment p→q crosses a line, from their side values sp and sq (of
    /// opposite signs), rounded to 24.8.
    @inline(__always) private static func crossing(_ p: SIMD2<Int32>, _ q: SIMD2<Int32>, _ sp: Int64, _ sq: Int64)
        -> SIMD2<Int32> {
        let t = Double(sp) / (Double(sp) - Double(sq))
        return SIMD2(FastRounding.int32(Double(p.x) + Double(q.x &- p.x) * t),
                     FastRounding.int32(Double(p.y) + Double(q.y &- p.y) * t))
    }

    /// True when `p` lies strictly inside polygon k.
    func isInside(_ p: SIMD2<Int32>, polygon k: Int) -> Bool {
        let pk = polygons[k]
        let v = vertices + pk.start
        let px = Int64(p.x), py = Int64(p.y)
        var b0 = v[pk.count &- 1]
        for e in 0..<pk.count {
            let b1 = v[e]
            let c = Int64(b1.x &- b0.x) &* (py &- Int64(b0.y)) &- Int64(b1.y &- b0.y) &* (px &- Int64(b0.x))
            if orientation &* c <= 0 { return false }
            b0 = b1
        }
        return true
    }

    /// Replaces the clip buffers with ones for at least 2·`n` vertices; `src` (n vertices),
    /// when it is one of them, moves along, and `dst` becomes the other.
    @inline(never) func growClipBuffers(keeping src: inout UnsafePointer<SIMD2<Int32>>, count n: Int,
                                                other dst: inout UnsafeMutablePointer<SIMD2<Int32>>) {
        let capacity = Swift.max(2 * n, 2 * clipCapacity)
        let a = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: capacity)
        let b = UnsafeMutablePointer<SIMD2<Int32>>.allocate(capacity: capacity)
        if src == UnsafePointer(clipA) || src == UnsafePointer(clipB) {
            a.update(from: src, count: n)
            src = UnsafePointer(a)
            dst = b
        } else {
            dst = a
        }
        clipA.deallocate(); clipB.deallocate(); sides.deallocate()
        clipA = a; clipB = b
        sides = .allocate(capacity: capacity)
        clipCapacity = capacity
    }
}
