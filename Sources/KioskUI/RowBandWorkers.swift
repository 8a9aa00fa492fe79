import Dispatch

/// A fixed set of worker threads for one frame's work: item `i` always goes to worker
/// `i mod count` (row bands interleave, so the top and bottom of the chart share the load),
/// and every item's result depends only on the item, never on the worker — so one thread and
/// two give bit-identical frames.
///
/// Workers are real threads (`DispatchQueue.concurrentPerform`, one iteration per worker);
/// below `inlineLimit` items the calling thread does everything (waking a thread costs more
/// than a few tiles).
final class RowBandWorkers: @unchecked Sendable {
    /// Number of workers (≥ 1).
    let count: Int
    /// Work lists shorter than this run on the calling thread.
    var inlineLimit = 4

    init(count: Int) { self.count = Swift.max(1, count) }

    /// Calls `body(worker, item)` for every item in `0 ..< items`, worker `item mod count`;
    /// fewer than `inlineBelow` items (default `inlineLimit`) run on the calling thread.
    func run(count items: Int, inlineBelow: Int? = nil, _ body: (Int, Int) -> Void) {
        guard items > 0 else { return }
        if count == 1 || items < (inlineBelow ?? inlineLimit) {
            // Same assignment, one thread: worker indices still select per-worker scratch.
            for i in 0..<items { body(i % count, i) }
            return
        }
        let n = count
        withoutActuallyEscaping(body) { body in
            let box = BodyBox(body)
            DispatchQueue.concurrentPerform(iterations: n) { w in
                var i = w
                while i < items { box.body(w, i); i += n }
            }
        }
    }
}

/// Carries a non-Sendable closure into `concurrentPerform`; the workers touch disjoint data.
private final class BodyBox: @unchecked Sendable {
    let body: (Int, Int) -> Void
    init(_ body: @escaping (Int, Int) -> Void) { self.body = body }
}
