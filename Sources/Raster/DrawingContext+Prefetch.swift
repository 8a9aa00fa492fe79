import CCacheLines
import Geometry

extension DrawingContext {
    /// The most bytes of a path's points `willDraw` fetches (16 cache lines, 64 points): enough
    /// for a small shape, where a miss costs most relative to the work.
    static let prefetchedPointBytes = 1024

    /// A hint that `path` is filled or stroked soon: the start of its points and its verbs are
    /// fetched into the cache now. A caller running through many small paths (a scene of
    /// 20,000 seats, each with its own arrays on the heap) calls it a few paths ahead, so their
    /// misses overlap the work on the paths before. Draws nothing; never faults.
    public func willDraw(_ path: Path) {
        path.points.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let n = Swift.min(bytes.count, DrawingContext.prefetchedPointBytes)
            var offset = 0
            while offset < n { tribune_prefetch_for_read(base + offset); offset &+= 64 }
            tribune_prefetch_for_read(base + (n &- 1))
        }
        path.verbs.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { tribune_prefetch_for_read(base) }
        }
    }
}
