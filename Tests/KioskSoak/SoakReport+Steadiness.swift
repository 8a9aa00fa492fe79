/// The checks on the process after warm-up: resident memory within the allowance, and
/// descriptors and threads that do not trend up.
///
/// Counts are read between visitors, and a count there is not always the process's steady
/// level: the pooled HTTP connection is closed by a 503, a dropped answer or a restart and
/// reopened by the next request (the full soak saw descriptors dip 28 → 25 once), and NIO
/// starts a thread of its blocking-IO pool lazily and lets it go (a 9th thread seen once).
/// Such a count comes back. A leak does not: it raises the level the count sits at. So each
/// count's steady level over a stretch of samples is its median there (a dip or a spike in a
/// few samples moves neither), and the check is that the level of the last third of the samples
/// after warm-up is not above the middle third's. (The lowest sample was the level until a
/// 200-visitor run failed on sockets: a fault had closed the pool once in the middle third and
/// never in the last, so the lowest went 1 → 4 with the level at 4 throughout.) The first third
/// is printed but not compared: a pool that settles once, a little after warm-up, is a step and
/// not a trend.
extension SoakReport {
    /// The samples after warm-up in three stretches (the last ones longer when they do not divide).
    var thirds: [[Sample]] {
        let later = afterWarmup
        guard later.count >= 3 else { return [] }
        let n = later.count / 3
        return [Array(later[..<n]), Array(later[n..<(2 * n)]), Array(later[(2 * n)...])]
    }

    /// The counts watched for leaks, by name, each read from a sample.
    static let watchedCounts: [(String, @Sendable (ProcessGauge) -> Int)] = [
        ("other fds", { $0.descriptors - $0.sockets }),
        ("sockets", { $0.sockets }),
        ("threads", { $0.threads }),
    ]

    /// Each watched count's steady level (its median; the lower middle of an even count) in each
    /// third, by name.
    var steadyLevels: [(String, [Int])] {
        let parts = thirds
        guard !parts.isEmpty else { return [] }
        return Self.watchedCounts.map { name, read in (name, parts.map { part in Self.median(part.map { read($0.gauge) }) }) }
    }

    /// The middle value of `counts` (the lower of the two middle ones when even); 0 when empty.
    static func median(_ counts: [Int]) -> Int {
        let sorted = counts.sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }

    /// Resident growth's least-squares slope over the first and the second half of the samples
    /// after warm-up, MB per 100 visitors: creep that stops shows a second half near zero.
    var memorySlopes: (Double, Double)? {
        let later = afterWarmup
        guard later.count >= 4 else { return nil }
        let half = later.count / 2
        return (Self.slope(Array(later[..<half])), Self.slope(Array(later[half...])))
    }

    /// The same for the heap in use (`mallinfo2`): a leak shows here, fragmentation does not.
    var heapSlopes: (Double, Double)? {
        let later = afterWarmup
        guard later.count >= 4 else { return nil }
        let half = later.count / 2
        return (Self.slope(Array(later[..<half]), \.heapInUseBytes), Self.slope(Array(later[half...]), \.heapInUseBytes))
    }

    static func slope(_ samples: [Sample], _ bytes: KeyPath<ProcessGauge, Int> = \.residentBytes) -> Double {
        let xs = samples.map { Double($0.visitors) / 100 }, ys = samples.map { Double($0.gauge[keyPath: bytes]) / 1_048_576 }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        return sxx > 0 ? sxy / sxx : 0
    }

    /// Memory within the allowance; no watched count's steady level higher in the last third
    /// than in the middle one.
    mutating func checkProcess() {
        guard baseline != nil else { fail("no warm-up sample"); return }
        if memoryGrowth > memoryAllowance {
            fail("resident memory grew \(memoryGrowth) bytes after warm-up (allowed \(memoryAllowance))")
        }
        guard !thirds.isEmpty else { fail("fewer than 3 samples after warm-up"); return }
        for (name, levels) in steadyLevels where levels[2] > levels[1] {
            fail("\(name): the typical (median) count rose from \(levels[1]) in the middle third of the run to \(levels[2]) in the last (a leak)")
        }
    }
}
