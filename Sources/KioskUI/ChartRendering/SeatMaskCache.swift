#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Seating

/// Seats drawn like glyphs: 8-bit coverage masks of the seat shape, keyed by (device
/// rotation step, sub-pixel phase x, phase y) for one device seat size, generated on demand and
/// kept until the seat size changes.
///
/// - Phase: a seat's device centre is rounded to 1/8 px; the mask of phase (kx, ky) holds the
///   seat centred at (kx/8, ky/8) from its base pixel, so the rounding error is ≤ 1/16 px per
///   axis.
/// - Rotation: `rotationSteps` equal steps per turn, chosen so that the outline moves by at
///   most `rotationTolerance` px at the shape's farthest point.
/// - Level of detail: below `dotThreshold` px the seat is a dot — an axis-aligned square of the
///   seat's filled area, exact-area coverage (so its total coverage does not change with the
///   sub-pixel position: no shimmer), with no rotation steps at all.
///
/// Masks live in one byte arena; `info(slot:)` gives each mask's tight box relative to the
/// seat's base pixel. Not thread-safe, except `generatePending`, which splits the work over
/// the workers itself.
final class SeatMaskCache {
    /// Sub-pixel phases per axis.
    static let phases = 8
    /// log₂ `phases`.
    static let phaseBits = 3
    /// Largest outline displacement (px) a rotation step may cause.
    static let rotationTolerance = 0.04
    /// Device seat sizes (px) below this draw as dots.
    static let dotThreshold = 2.5

    struct MaskInfo {
        /// Byte offset of the mask in the arena.
        var offset: Int32
        /// Top-left of the mask relative to the seat's base pixel.
        var x0: Int16, y0: Int16
        var width: UInt16, height: UInt16
    }

    /// The device seat side (px) the masks are for; −1 before `configure`.
    private(set) var deviceSize = -1.0
    private(set) var isDot = false
    private(set) var rotationSteps = 1
    /// Pixels from a seat's base pixel to its mask box's edge: every mask fits in a square of
    /// side `slotSide` around the base pixel.
    private(set) var margin = 1
    private(set) var slotSide = 4

    /// Per key: the slot, −1 when missing, −2 when requested.
    private var slotOfKey: UnsafeMutablePointer<Int32>
    private var keyCapacity = 0
    private(set) var keyCount = 0
    private var infos: UnsafeMutablePointer<MaskInfo>
    private var infoCapacity = 0
    private(set) var slotCount = 0
    /// The masks, tight rows of `width` bytes, a slot of `slotSide`² bytes each, followed by
    /// `arenaPadding` bytes: any mask row can be read as one 8-byte load
    /// (`SeatMaskBlender.blendOpaque`).
    private(set) var arena: UnsafeMutablePointer<UInt8>
    private var arenaCapacity = 0
    static let arenaPadding = SeatMaskBlender.rowLoadWidth
    private var pending: [Int32] = []
    /// Where each rotation step's run of pending keys begins (`generatePending`'s work items).
    private var stepRuns: [Int32] = []

    /// Flattened seat outlines per rotation step (device px, relative to the seat centre).
    /// (All in arenas the workers read through pointers: nested arrays cost a retain and a
    /// release per mask, contended between the workers — a tenth of a cold 4K frame.)
    private var outlinePoints: UnsafeMutablePointer<SIMD2<Float>>
    private var outlinePointCount = 0, outlinePointCapacity = 0
    /// Contour starts, relative to their rotation step's first point.
    private var outlineStarts: UnsafeMutablePointer<Int32>
    private var outlineStartCount = 0, outlineStartCapacity = 0
    /// Per rotation step: its first point, its first contour start and its contour count
    /// (count −1: not built yet).
    private var outlineOf: UnsafeMutablePointer<SIMD3<Int32>>
    private var outlineOfCapacity = 0

    /// Masks generated since the cache was created (for benchmarks and tests).
    private(set) var generated = 0

    /// The unrotated unit-square template (back and squab), its farthest point from the
    /// centre, and its filled fraction of the square.
    static let templateRadius: Double = {
        var r = 0.0
        for p in SeatShape.unitFill.points { r = max(r, ((p.x - 0.5) * (p.x - 0.5) + (p.y - 0.5) * (p.y - 0.5)).squareRoot()) }
        return r
    }()
    static let templateArea: Double = {
        var sink = PolygonCollector()
        SeatShape.unitFill.flatten(tolerance: 0.001, into: &sink)
        sink.finish()
        var area = 0.0
        for k in 0..<(sink.starts.count - 1) {
            let s = Int(sink.starts[k]), e = Int(sink.starts[k + 1])
            var a = 0.0
            for i in s..<e {
                let p = sink.points[i], q = sink.points[i + 1 == e ? s : i + 1]
                a += Double(p.x) * Double(q.y) - Double(q.x) * Double(p.y)
            }
            area += abs(a) / 2
        }
        return area
    }()

    init() {
        slotOfKey = .allocate(capacity: 1)
        infos = .allocate(capacity: 1)
        arena = .allocate(capacity: 1)
        outlinePoints = .allocate(capacity: 1)
        outlineStarts = .allocate(capacity: 1)
        outlineOf = .allocate(capacity: 1)
        scratchRasterizers = .allocate(capacity: 1)
        scratchBuffers = .allocate(capacity: 1)
    }

    deinit {
        slotOfKey.deallocate(); infos.deallocate(); arena.deallocate()
        outlinePoints.deallocate(); outlineStarts.deallocate(); outlineOf.deallocate()
        for w in 0..<scratchCount {
            scratchRasterizers[w].release()
            scratchBuffers[w].deallocate()
        }
        scratchRasterizers.deallocate(); scratchBuffers.deallocate()
    }

    /// Forgets every rotation step's outline (a new size, or none).
    private func resetOutlines(steps: Int) {
        outlinePointCount = 0; outlineStartCount = 0
        if steps > outlineOfCapacity {
            outlineOf.deallocate()
            outlineOfCapacity = steps
            outlineOf = .allocate(capacity: steps)
        }
        outlineOf.initialize(repeating: SIMD3(0, 0, -1), count: Swift.max(0, steps))
    }

    /// Bytes held by the cache.
    var memoryFootprint: Int {
        keyCapacity * 4 + infoCapacity * MemoryLayout<MaskInfo>.stride + arenaCapacity
    }

    /// Prepares for seats of side `size` device px; drops every mask when the size changes.
    func configure(deviceSize size: Double) {
        guard size != deviceSize else { return }
        deviceSize = size
        isDot = !(size >= SeatMaskCache.dotThreshold)
        let radius: Double
        if isDot {
            radius = size * SeatMaskCache.templateArea.squareRoot() * 0.7072
            rotationSteps = 1
        } else {
            radius = size * SeatMaskCache.templateRadius
            let steps = (Double.pi * radius / (4 * SeatMaskCache.rotationTolerance)).rounded(.up)
            rotationSteps = 4 * Int(Swift.min(Swift.max(steps, 1), 65536))
        }
        margin = Int((radius + 0.125).rounded(.up)) + 1
        slotSide = 2 * margin + 2
        keyCount = rotationSteps * SeatMaskCache.phases * SeatMaskCache.phases
        if keyCount > keyCapacity {
            slotOfKey.deallocate()
            keyCapacity = keyCount
            slotOfKey = .allocate(capacity: keyCapacity)
        }
        slotOfKey.initialize(repeating: -1, count: keyCount)
        slotCount = 0
        pending.removeAll(keepingCapacity: true)
        resetOutlines(steps: isDot ? 0 : rotationSteps)
    }

    /// Drops every mask (cold cache) and forgets the size.
    func purge() {
        deviceSize = -1
        slotCount = 0
        pending.removeAll()
        resetOutlines(steps: 0)
        infos.deallocate(); infos = .allocate(capacity: 1); infoCapacity = 0
        arena.deallocate(); arena = .allocate(capacity: 1); arenaCapacity = 0
    }

    /// The rotation step of device angle `angle` (radians) among `steps` (`rotationSteps`) per
    /// turn. Static, so loops on several threads need not touch the cache object (its
    /// reference count would bounce between cores).
    @inline(__always) static func rotationStep(_ angle: Double, steps: Int) -> Int {
        if steps == 1 { return 0 }
        let t = angle * (Double(steps) / (2 * Double.pi))
        // `t.rounded()` without libm's `round` (once per seat): the truncation's rest is exact.
        var q = Int(t)
        let rest = t - Double(q)
        if rest >= 0.5 { q &+= 1 } else if rest <= -0.5 { q &-= 1 }
        if q < 0 || q >= steps { q %= steps; if q < 0 { q += steps } }  // (a division only off the first turn)
        return q
    }

    /// Per key its slot (−1: missing, −2: requested), for readers on several threads.
    var slotTable: UnsafePointer<Int32> { UnsafePointer(slotOfKey) }

    /// The slot of `key`, or a negative value when it has no mask yet.
    @inline(__always) func slot(ofKey key: Int) -> Int32 { slotOfKey[key] }

    @inline(__always) func info(slot: Int32) -> MaskInfo { infos[Int(slot)] }

    /// Asks for `key`'s mask at the next `generatePending`.
    @inline(__always) func request(_ key: Int) {
        if slotOfKey[key] == -1 { slotOfKey[key] = -2; pending.append(Int32(key)) }
    }

    var hasPending: Bool { !pending.isEmpty }

    /// True when every key has a mask or is requested (nothing left to ask for).
    var everyKeyRequested: Bool { slotCount + pending.count >= keyCount }

    /// Generates every requested mask, split over `workers` by key (masks depend only on their
    /// key, so the split never changes a pixel).
    func generatePending(workers: RowBandWorkers) {
        guard !pending.isEmpty else { return }
        pending.sort()
        let count = pending.count
        let first = slotCount
        slotCount += count
        let side = slotSide
        if slotCount > infoCapacity {
            let bigger = Swift.max(slotCount, infoCapacity * 2, 256)
            let n = UnsafeMutablePointer<MaskInfo>.allocate(capacity: bigger)
            if infoCapacity > 0 { n.moveInitialize(from: infos, count: first) }
            infos.deallocate(); infos = n; infoCapacity = bigger
        }
        let needBytes = slotCount * side * side
        if needBytes + SeatMaskCache.arenaPadding > arenaCapacity {
            let bigger = Swift.max(needBytes + SeatMaskCache.arenaPadding, arenaCapacity * 2, 4096)
            let n = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
            let kept = arenaCapacity > 0 ? first * side * side : 0
            n.initialize(from: arena, count: kept)
            // (The rest too: the padding and a slot's unused bytes are read, then masked off.)
            (n + kept).initialize(repeating: 0, count: bigger - kept)
            arena.deallocate(); arena = n; arenaCapacity = bigger
        }
        // Outlines of the rotation steps in use (sequential: shared arrays).
        if !isDot {
            let perRotation = SeatMaskCache.phases * SeatMaskCache.phases
            for key in pending {
                let q = Int(key) / perRotation
                if outlineOf[q].z < 0 { buildPolygon(q) }
            }
        }
        for i in 0..<count {
            slotOfKey[Int(pending[i])] = Int32(first + i)
        }
        let keys = pending
        prepareScratch(workers: workers.count)
        if isDot {
            workers.run(count: count) { worker, index in
                self.generate(key: Int(keys[index]), slot: first + index, worker: worker)
            }
        } else {
            // One item per rotation step in use (keys are sorted, so a step's keys are a run):
            // its outline is rasterized once for all its phases.
            let perRotation = SeatMaskCache.phases * SeatMaskCache.phases
            stepRuns.removeAll(keepingCapacity: true)
            for i in 0..<count where i == 0 || Int(keys[i]) / perRotation != Int(keys[i - 1]) / perRotation {
                stepRuns.append(Int32(i))
            }
            stepRuns.append(Int32(count))
            let runs = stepRuns
            let tables = SeatMaskRasterizer.fitsTable(radius: deviceSize * SeatMaskCache.templateRadius)
            workers.run(count: runs.count - 1) { worker, run in
                let begin = Int(runs[run]), end = Int(runs[run + 1])
                if tables {
                    let outline = self.outlineOf[Int(keys[begin]) / perRotation]
                    self.scratchRasterizers[worker]._withUnsafeGuaranteedRef {
                        $0.prepare(points: self.outlinePoints + Int(outline.x), starts: self.outlineStarts + Int(outline.y),
                                   contours: Int(outline.z))
                    }
                }
                for index in begin..<end {
                    self.generate(key: Int(keys[index]), slot: first + index, worker: worker, fromTable: tables)
                }
            }
        }
        generated += count
        pending.removeAll(keepingCapacity: true)
    }

    private func buildPolygon(_ q: Int) {
        let angle = Double(q) * 2 * Double.pi / Double(rotationSteps)
        let d = deviceSize
        let t = AffineTransform(translationX: -0.5, y: -0.5)
            .concatenating(AffineTransform(scaleX: d, y: d))
            .concatenating(AffineTransform(rotationAngle: angle))
        var sink = PolygonCollector()
        SeatShape.unitFill.flatten(tolerance: 0.1, transform: t, into: &sink)
        sink.finish()
        let points = sink.points, starts = sink.starts
        if outlinePointCount + points.count > outlinePointCapacity {
            let bigger = Swift.max(outlinePointCount + points.count, 2 * outlinePointCapacity, 256)
            let n = UnsafeMutablePointer<SIMD2<Float>>.allocate(capacity: bigger)
            n.update(from: outlinePoints, count: outlinePointCount)
            outlinePoints.deallocate(); outlinePoints = n; outlinePointCapacity = bigger
        }
        if outlineStartCount + starts.count > outlineStartCapacity {
            let bigger = Swift.max(outlineStartCount + starts.count, 2 * outlineStartCapacity, 64)
            let n = UnsafeMutablePointer<Int32>.allocate(capacity: bigger)
            n.update(from: outlineStarts, count: outlineStartCount)
            outlineStarts.deallocate(); outlineStarts = n; outlineStartCapacity = bigger
        }
        (outlinePoints + outlinePointCount).update(from: points, count: points.count)
        (outlineStarts + outlineStartCount).update(from: starts, count: starts.count)
        outlineOf[q] = SIMD3(Int32(outlinePointCount), Int32(outlineStartCount), Int32(Swift.max(0, starts.count - 1)))
        outlinePointCount += points.count; outlineStartCount += starts.count
    }

    /// Per-worker scratch: a rasterizer and a slot-sized byte buffer (made before the workers
    /// start, so they only read these; held unmanaged, so reading one costs no retain).
    private var scratchRasterizers: UnsafeMutablePointer<Unmanaged<SeatMaskRasterizer>>
    private var scratchBuffers: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
    private var scratchCount = 0, scratchBufferCapacity = 0

    private func prepareScratch(workers: Int) {
        let need = slotSide * slotSide
        if workers > scratchCount || need > scratchBufferCapacity {
            let count = Swift.max(workers, scratchCount), capacity = Swift.max(need, scratchBufferCapacity)
            let rasterizers = UnsafeMutablePointer<Unmanaged<SeatMaskRasterizer>>.allocate(capacity: count)
            let buffers = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>.allocate(capacity: count)
            for w in 0..<count {
                rasterizers[w] = w < scratchCount ? scratchRasterizers[w] : Unmanaged.passRetained(SeatMaskRasterizer())
                if w < scratchCount { scratchBuffers[w].deallocate() }
                buffers[w] = .allocate(capacity: capacity)
            }
            scratchRasterizers.deallocate(); scratchBuffers.deallocate()
            scratchRasterizers = rasterizers; scratchBuffers = buffers
            scratchCount = count; scratchBufferCapacity = capacity
        }
    }

    /// Makes `key`'s mask in `slot`: a dot's by its formula; with `fromTable`, from the worker's
    /// table, which must hold the key's rotation step (`prepare`); else rasterized on its own.
    private func generate(key: Int, slot: Int, worker: Int, fromTable: Bool = false) {
        let buffer = scratchBuffers[worker]
        let side = slotSide
        let perRotation = SeatMaskCache.phases * SeatMaskCache.phases
        let ky = (key % perRotation) / SeatMaskCache.phases, kx = key % SeatMaskCache.phases
        let written: SIMD4<Int>
        if isDot {
            let cx = Double(margin) + Double(kx) / Double(SeatMaskCache.phases)
            let cy = Double(margin) + Double(ky) / Double(SeatMaskCache.phases)
            SeatMaskCache.dot(centerX: cx, centerY: cy,
                              side: deviceSize * SeatMaskCache.templateArea.squareRoot(), width: side, height: side,
                              into: buffer)
            written = SIMD4(0, 0, side, side)
        } else if fromTable {
            written = scratchRasterizers[worker]._withUnsafeGuaranteedRef {
                $0.mask(phaseX: kx, phaseY: ky, margin: margin, side: side, into: buffer)
            }
        } else {
            let outline = outlineOf[key / perRotation]
            let cx = Double(margin) + Double(kx) / Double(SeatMaskCache.phases)
            let cy = Double(margin) + Double(ky) / Double(SeatMaskCache.phases)
            scratchRasterizers[worker]._withUnsafeGuaranteedRef {
                $0.rasterize(points: outlinePoints + Int(outline.x), starts: outlineStarts + Int(outline.y),
                             contours: Int(outline.z), dx: cx, dy: cy, width: side, height: side, into: buffer)
            }
            written = SIMD4(0, 0, side, side)
        }
        // Tight box (within what was written), copied to the slot: each row's first and last
        // covered pixel, looked for from both ends.
        var minX = side, minY = side, maxX = -1, maxY = -1
        for y in written.y..<written.w {
            let row = buffer + y * side
            var first = written.x
            while first < written.z && row[first] == 0 { first &+= 1 }
            if first == written.z { continue }
            var last = written.z &- 1
            while row[last] == 0 { last &-= 1 }
            if first < minX { minX = first }
            if last > maxX { maxX = last }
            if y < minY { minY = y }
            maxY = y
        }
        let offset = slot * side * side
        if maxX < 0 {
            infos[slot] = MaskInfo(offset: Int32(offset), x0: 0, y0: 0, width: 0, height: 0)
            return
        }
        let w = maxX - minX + 1, h = maxY - minY + 1
        let out = arena + offset
        for y in 0..<h { (out + y * w).update(from: buffer + (minY + y) * side + minX, count: w) }
        infos[slot] = MaskInfo(offset: Int32(offset), x0: Int16(minX - margin), y0: Int16(minY - margin),
                               width: UInt16(w), height: UInt16(h))
    }

    /// Exact-area coverage of the axis-aligned square of `side` centred at (cx, cy).
    static func dot(centerX cx: Double, centerY cy: Double, side: Double, width: Int, height: Int,
                    into out: UnsafeMutablePointer<UInt8>) {
        let h = side / 2
        func overlap(_ i: Int, _ c: Double) -> Double {
            max(0, min(Double(i + 1), c + h) - max(Double(i), c - h))
        }
        for y in 0..<height {
            let oy = overlap(y, cy)
            for x in 0..<width {
                let v = min(1, overlap(x, cx) * oy)
                out[y * width + x] = UInt8(v * 255 + 0.5)
            }
        }
    }
}
