import CCacheLines
/// Where the colour of a drawn span comes from.
enum SpanSource {
    /// One premultiplied pixel for every position.
    case solid(UInt32)
    /// A gradient or image paint, valid for the fill call (a pointer: the shader is large, and
    /// copying it into every blender cost two memcpys per fill).
    case shader(UnsafePointer<PaintShader>)
}

/// A clip mask as seen from a target: `bytes[(y − originY)·stride + x − originX]` for the
/// pixels of the target's clip rect (which the mask covers).
struct MaskView {
    var bytes: UnsafePointer<UInt8>
    var originX: Int, originY: Int, stride: Int
}

/// A `CoverageSink` that composites a source into a surface with a blend mode, through an
/// optional clip mask.
struct SpanBlender: CoverageSink {
    let base: UnsafeMutableRawPointer
    let stride: Int
    let mode: BlendMode
    let source: SpanSource
    let solid: UInt32
    let isSolid: Bool
    let mask: MaskView?
    /// Opaque solid source-over with no mask: coverage 255 is a plain store, and
    /// `accumulatedSpan` blends while it sums.
    let opaqueSolidOver: Bool
    /// Opaque shader (`PaintShader.isOpaque`) source-over with no mask: a span of coverage 255
    /// is shaded straight into the target.
    let opaqueShaderOver: Bool
    /// Scratch rows at least as wide as the target.
    let scratchCoverage: UnsafeMutablePointer<UInt8>
    let scratchPixels: UnsafeMutablePointer<UInt32>

    init(surface: Surface, mode: BlendMode, source: SpanSource, mask: MaskView?,
         scratchCoverage: UnsafeMutablePointer<UInt8>, scratchPixels: UnsafeMutablePointer<UInt32>) {
        base = surface.baseAddress; stride = surface.stride
        self.mode = mode; self.source = source; self.mask = mask
        self.scratchCoverage = scratchCoverage; self.scratchPixels = scratchPixels
        if case .solid(let p) = source { solid = p; isSolid = true } else { solid = 0; isSolid = false }
        opaqueSolidOver = isSolid && mask == nil && mode == .sourceOver && solid >> 24 == 255
        if case .shader(let s) = source { opaqueShaderOver = mask == nil && mode == .sourceOver && s.pointee.isOpaque } else {
            opaqueShaderOver = false
        }
    }

    /// Under an opaque source-over without a mask the prefix sum and the blend are fused
    /// (`fusedOpaqueOver`): a solid source as it is, a shader's run shaded first.
    @inline(__always)
    mutating func accumulatedSpan(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, evenOdd: Bool,
                                  scratch: UnsafeMutablePointer<UInt8>) -> Int32 {
        if !evenOdd {
            if opaqueSolidOver {
                return fusedOpaqueOver(row(y) + x, count: count, cells: cells, source: SolidQuads(solid))
            }
            if opaqueShaderOver, case .shader(let s) = source {
                PaintShader.shade(s, x: x, y: y, count: count, into: scratchPixels)
                return fusedOpaqueOver(row(y) + x, count: count, cells: cells,
                                       source: PixelQuads(pixels: scratchPixels))
            }
        }
        return defaultAccumulatedSpan(y: y, x: x, count: count, cells: cells, evenOdd: evenOdd, scratch: scratch)
    }

    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (base + y &* stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Prefetches (for writing) every cache line of the box, all up front, so the misses
    /// overlap each other and the work before the blend instead of stalling each row's blend
    /// in turn. A hint: it never faults and changes no pixel.
    mutating func willTouch(rows: Range<Int>, x0: Int, x1: Int) {
        guard !rows.isEmpty else { return }
        var first = UnsafeRawPointer(row(rows.lowerBound) + x0), last = UnsafeRawPointer(row(rows.lowerBound) + x1)
        if x1 &- x0 < 16 {
            // At most 64 bytes a row (a seat's box): its first and last pixel's lines are all.
            for _ in rows {
                tribune_prefetch_for_write(first); tribune_prefetch_for_write(last)
                first += stride; last += stride
            }
            return
        }
        for _ in rows {
            var p = first
            while p <= last { tribune_prefetch_for_write(p); p += 64 }
            tribune_prefetch_for_write(last)
            first += stride; last += stride
        }
    }

    mutating func coverageSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        var cov = coverage
        if let m = mask {
            let mrow = m.bytes + ((y &- m.originY) &* m.stride &+ x &- m.originX)
            for i in 0..<count {
                scratchCoverage[i] = UInt8(truncatingIfNeeded: Compositor.mulCoverage(UInt32(coverage[i]), UInt32(mrow[i])))
            }
            cov = UnsafePointer(scratchCoverage)
        }
        let d = row(y) + x
        if isSolid {
            blendSolid(d, count: count, coverage: cov)
        } else {
            shade(y: y, x: x, count: count)
            blendPixels(d, count: count, coverage: cov)
        }
    }

    mutating func constantSpan(y: Int, x: Int, count: Int, alpha: UInt32) {
        if let m = mask {
            let mrow = m.bytes + ((y &- m.originY) &* m.stride &+ x &- m.originX)
            for i in 0..<count {
                scratchCoverage[i] = UInt8(truncatingIfNeeded: Compositor.mulCoverage(alpha, UInt32(mrow[i])))
            }
            let d = row(y) + x
            if isSolid { blendSolid(d, count: count, coverage: scratchCoverage) } else {
                shade(y: y, x: x, count: count)
                blendPixels(d, count: count, coverage: scratchCoverage)
            }
            return
        }
        let d = row(y) + x
        if isSolid {
            let s = solid
            if alpha == 255 {
                switch mode {
                case .sourceOver where s >> 24 == 255, .copy: d.update(repeating: s, count: count); return
                case .clear: d.update(repeating: 0, count: count); return
                default: break
                }
            }
            switch mode {
            case .sourceOver:
                let sc = alpha == 255 ? s : Compositor.scale(s, alpha)
                if sc == 0 { return }
                Compositor.overSpan(d, count: count, source: sc)
            case .copy: for i in 0..<count { d[i] = Compositor.copy(s, coverage: alpha, d[i]) }
            case .clear: for i in 0..<count { d[i] = Compositor.clear(coverage: alpha, d[i]) }
            }
        } else {
            if alpha == 255 && opaqueShaderOver, case .shader(let s) = source {
                PaintShader.shade(s, x: x, y: y, count: count, into: d)
                return
            }
            shade(y: y, x: x, count: count)
            let p = scratchPixels
            switch mode {
            // (Shaders give valid premultiplied pixels: the SIMD span's bytes equal the scalar's.)
            case .sourceOver: Compositor.sourceOverSpan(p, coverage: alpha, d, count: count)
            case .copy: for i in 0..<count { d[i] = Compositor.copy(p[i], coverage: alpha, d[i]) }
            case .clear: for i in 0..<count { d[i] = Compositor.clear(coverage: alpha, d[i]) }
            }
        }
    }

    @inline(__always) func shade(y: Int, x: Int, count: Int) {
        switch source {
        case .solid(let p): scratchPixels.update(repeating: p, count: count)
        case .shader(let s): PaintShader.shade(s, x: x, y: y, count: count, into: scratchPixels)
        }
    }

    @inline(__always) func blendSolid(_ d: UnsafeMutablePointer<UInt32>, count: Int, coverage cov: UnsafePointer<UInt8>) {
        let s = solid
        switch mode {
        case .sourceOver:
            if s >> 24 == 255 {
                for i in 0..<count {
                    let c = UInt32(cov[i])
                    if c == 255 { d[i] = s } else if c != 0 { d[i] = Compositor.opaqueOver(s, coverage: c, d[i]) }
                }
            } else {
                for i in 0..<count {
                    let c = UInt32(cov[i])
                    if c != 0 { d[i] = Compositor.sourceOver(s, coverage: c, d[i]) }
                }
            }
        case .copy:
            for i in 0..<count {
                let c = UInt32(cov[i])
                if c != 0 { d[i] = Compositor.copy(s, coverage: c, d[i]) }
            }
        case .clear:
            for i in 0..<count {
                let c = UInt32(cov[i])
                if c != 0 { d[i] = Compositor.clear(coverage: c, d[i]) }
            }
        }
    }

    @inline(__always) func blendPixels(_ d: UnsafeMutablePointer<UInt32>, count: Int, coverage cov: UnsafePointer<UInt8>) {
        let p = scratchPixels
        switch mode {
        case .sourceOver:
            for i in 0..<count {
                let c = UInt32(cov[i])
                if c != 0 { d[i] = Compositor.sourceOver(p[i], coverage: c, d[i]) }
            }
        case .copy:
            for i in 0..<count {
                let c = UInt32(cov[i])
                if c != 0 { d[i] = Compositor.copy(p[i], coverage: c, d[i]) }
            }
        case .clear:
            for i in 0..<count {
                let c = UInt32(cov[i])
                if c != 0 { d[i] = Compositor.clear(coverage: c, d[i]) }
            }
        }
    }
}
