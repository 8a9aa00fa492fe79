import Dispatch
import Synchronization

/// A fixed set of worker threads for one frame's work. Items are handed out in order, each to
/// the first worker free (an atomic counter), so an uneven frame — dense rows of the chart
/// next to empty ones — keeps both threads busy to the end. Every item's result depends only
/// on the item, never on the worker that took it (worker indices select scratch space only),
/// so one thread and two give bit-identical frames.
///
/// Workers are real threads (`DispatchQueue.concurrentPerform`, one iteration per worker);
/// below `inlineLimit` items the calling thread does everything (waking a thread costs more
/// than a few tiles).
final class RowBandWorkers: @unchecked Sendable {
    /// Number of workers (≥ 1).
    let count: Int
    /// Work lists shorter than this run on the calling thread.
    let inlineLimit = 4

    init(count: Int) { self.count = Swift.max(1, count) }

    /// One worker: everything on the calling thread (for work before a frame has workers).
    static let callingThread = RowBandWorkers(count: 1)

    /// Calls `body(worker, item)` once for every item in `0 ..< items`, items taken in order by
    /// whichever worker is free; fewer than `inlineBelow` items (default `inlineLimit`) run on
    /// the calling thread, with worker `item mod count` (so per-worker scratch is still split).
    func run(count items: Int, inlineBelow: Int? = nil, _ body: (Int, Int) -> Void) {
        guard items > 0 else { return }
        if count == 1 || items < (inlineBelow ?? inlineLimit) {
            for i in 0..<items { body(i % count, i) }
            return
        }
        let n = Swift.min(count, items)
        withoutActuallyEscaping(body) { body in
            let box = BodyBox(body)
            let next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: n) { w in
                while true {
                    let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    if i >= items { break }
                    box.body(w, i)
                }
            }
        }
    }
}

/// Carries a non-Sendable closure into `concurrentPerform`; the workers touch disjoint data.
private final class BodyBox: @unchecked Sendable {
    let body: (Int, Int) -> Void
    init(_ body: @escaping (Int, Int) -> Void) { self.body = body }
}
