/// Per-worker bit sets over seat-mask keys, for asking `SeatMaskCache` for the masks of a
/// frame's seats on every worker at once: each worker marks, in its own set, the keys of its
/// tiles' seats that have no mask yet; `requestMarked` then merges the sets into the cache's
/// requests in key order (the cache's pending list comes out sorted, and the scan takes no lock).
///
/// Used for key spaces up to `maxKeys` (every seat size up to the large ones of a zoomed-in
/// view); the sets are `maxKeys / 64` words per worker at most and are reused frame to frame.
final class MaskRequestMarks {
    /// Key counts above this are requested seat by seat, on one thread.
    static let maxKeys = 1 << 18
    private var bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    private var capacity = 0
    /// Words per worker's set, and sets in use.
    private(set) var words = 0, sets = 0

    deinit { bits.deallocate() }

    /// Clears `workers` sets of `keys` bits (≤ `maxKeys`) and returns them: worker w's set
    /// starts at word `w · words`.
    func reset(keys: Int, workers: Int) -> UnsafeMutablePointer<UInt64> {
        words = (Swift.max(0, keys) + 63) >> 6
        sets = Swift.max(1, workers)
        let need = words * sets
        if need > capacity {
            bits.deallocate()
            capacity = Swift.max(need, 2 * capacity)
            bits = .allocate(capacity: capacity)
        }
        bits.update(repeating: 0, count: need)
        return bits
    }

    /// Requests from `cache` every key marked in any set, in increasing key order.
    func requestMarked(in cache: SeatMaskCache) {
        for i in 0..<words {
            var v: UInt64 = 0
            for w in 0..<sets { v |= bits[w &* words &+ i] }
            while v != 0 {
                cache.request(i &<< 6 &+ v.trailingZeroBitCount)
                v &= v &- 1
            }
        }
    }
}
