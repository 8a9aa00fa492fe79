/// An 8-bit coverage mask (A8) over a rectangle of device pixels: the clip of a
/// `DrawingContext` after `clip(to: path)`. Immutable once built; saved states share it.
final class CoverageMask {
    /// The device pixels the mask covers; coverage outside is 0.
    let bounds: PixelRect
    /// `bounds.width · bounds.height` bytes, row-major.
    let bytes: UnsafeMutablePointer<UInt8>

    /// A mask of zeros.
    init(bounds: PixelRect) {
        self.bounds = bounds
        let n = Swift.max(1, bounds.width * bounds.height)
        bytes = .allocate(capacity: n)
        bytes.initialize(repeating: 0, count: n)
    }

    deinit { bytes.deallocate() }

    /// The coverage at device pixel (x, y), 0 outside.
    func value(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.minX, x < bounds.maxX, y >= bounds.minY, y < bounds.maxY else { return 0 }
        return bytes[(y - bounds.minY) * bounds.width + x - bounds.minX]
    }

    /// The mask seen from a target whose pixel (0, 0) is device pixel `origin`.
    func view(targetOriginX ox: Int, y oy: Int) -> MaskView {
        MaskView(bytes: UnsafePointer(bytes), originX: bounds.minX - ox, originY: bounds.minY - oy, stride: bounds.width)
    }
}

/// A `CoverageSink` that writes coverage into a `CoverageMask`, multiplied by the previous
/// clip mask when there is one (nested path clips intersect).
struct MaskWriter: CoverageSink {
    let mask: CoverageMask
    let previous: MaskView?

    mutating func coverageSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let b = mask.bounds
        let out = mask.bytes + ((y - b.minY) * b.width + x - b.minX)
        if let p = previous {
            let prow = p.bytes + ((y &- p.originY) &* p.stride &+ x &- p.originX)
            for i in 0..<count {
                out[i] = UInt8(truncatingIfNeeded: Compositor.mulCoverage(UInt32(coverage[i]), UInt32(prow[i])))
            }
        } else {
            out.update(from: coverage, count: count)
        }
    }

    mutating func constantSpan(y: Int, x: Int, count: Int, alpha: UInt32) {
        let b = mask.bounds
        let out = mask.bytes + ((y - b.minY) * b.width + x - b.minX)
        if let p = previous {
            let prow = p.bytes + ((y &- p.originY) &* p.stride &+ x &- p.originX)
            for i in 0..<count {
                out[i] = UInt8(truncatingIfNeeded: Compositor.mulCoverage(alpha, UInt32(prow[i])))
            }
        } else {
            out.update(repeating: UInt8(truncatingIfNeeded: alpha), count: count)
        }
    }
}
