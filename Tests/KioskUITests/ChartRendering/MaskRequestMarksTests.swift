import Testing
@testable import KioskUI

/// Per-worker key marks merged into the mask cache's requests.
@Suite struct MaskRequestMarksTests {
    /// Keys marked by either of two workers (some by both) are requested once each, in key
    /// order; keys already requested stay requested once; nothing else is.
    @Test func theUnionOfTheWorkersMarksIsRequestedInKeyOrder() {
        let cache = SeatMaskCache()
        cache.configure(deviceSize: 6)
        let keys = cache.keyCount
        #expect(keys > 200)
        cache.request(130)
        let marks = MaskRequestMarks()
        let bits = marks.reset(keys: keys, workers: 2)
        let first = [3, 64, 65, 130, keys - 1], second = [0, 3, 127, 128]
        for k in first { bits[k >> 6] |= 1 << UInt64(k & 63) }
        for k in second { bits[marks.words + k >> 6] |= 1 << UInt64(k & 63) }
        marks.requestMarked(in: cache)
        let union = Set(first + second)
        for k in 0..<keys {
            #expect((cache.slot(ofKey: k) == -2) == union.contains(k), "key \(k)")
        }
        // A second reset clears both sets: nothing more is requested.
        _ = marks.reset(keys: keys, workers: 2)
        marks.requestMarked(in: cache)
        cache.generatePending(workers: RowBandWorkers(count: 1))
        #expect(cache.slotCount == union.count)
        #expect(cache.generated == union.count)
    }
}
