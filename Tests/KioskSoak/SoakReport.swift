import Foundation

/// What the soak counted and measured, its verdict, and the table it prints.
struct SoakReport {
    struct Sample {
        var visitors: Int, frames: Int, virtualSeconds: Double
        var gauge: ProcessGauge
        var caches: Caches
        var warmup: Bool
        var glyphCacheBytes: Int { caches.glyphBytes }
    }

    /// The kiosk's text caches: each is bounded, and each fills as new strings, glyphs, sizes
    /// and sub-pixel phases are drawn, so resident growth they explain stops at their bound.
    struct Caches {
        /// Glyph masks (an LRU bounded at 16 MiB of masks), bytes and entries.
        var glyphBytes = 0, glyphs = 0
        /// Text layouts (an LRU of at most 1,024).
        var layouts = 0
    }

    var visitors = 0
    var kinds: [SoakVisitor.Kind: Int] = [:]
    var purchases = 0, purchasesFailed = 0, seatsHeld = 0
    var frames = 0, touchFrames = 0
    var samples: [Sample] = []
    var faults: [FaultProxy.Fault: Int] = [:]
    var restarts: (terminated: Int, killed: Int) = (0, 0)
    var restartsMidPurchase = 0
    var diskFull = 0
    var journal: [String: Int] = [:]
    var boxOfficeOrders = 0, tickets = 0
    /// Box-office orders the journal holds as other than confirmed (an outcome the kiosk did not learn).
    var unconfirmedSold: [String] = []
    private(set) var failures: [String] = []
    private var start: Double?
    var memoryAllowance = 2 << 20

    mutating func startTime(_ now: Double) -> Double {
        if start == nil { start = now }
        return start ?? now
    }

    mutating func fail(_ message: String) { failures.append(message) }

    mutating func count(_ o: SoakVisitor.Outcome, visitor: Int) {
        visitors += 1
        kinds[o.kind, default: 0] += 1
        if o.purchased { purchases += 1 }
        if o.purchaseFailed { purchasesFailed += 1 }
        seatsHeld += o.heldSeats
        if let away = o.endedAway { fail("visitor \(visitor) (\(o.kind.rawValue)) left the kiosk at \(away), not at home with an empty cart") }
    }

    mutating func sample(visitors: Int, frames: Int, virtualSeconds: Double, gauge: ProcessGauge, caches: Caches, warmup: Bool) {
        samples.append(Sample(visitors: visitors, frames: frames, virtualSeconds: virtualSeconds, gauge: gauge,
                              caches: caches, warmup: warmup))
    }

    /// The last warm-up sample, against which growth is measured.
    var baseline: Sample? { samples.last { $0.warmup } }
    var afterWarmup: [Sample] { samples.filter { !$0.warmup } }

    /// Resident growth after warm-up: the highest later sample less the baseline, bytes.
    var memoryGrowth: Int {
        guard let b = baseline else { return 0 }
        return (afterWarmup.map(\.gauge.residentBytes).max() ?? b.gauge.residentBytes) - b.gauge.residentBytes
    }

    /// Heap in use at the last sample less the baseline's, bytes: what was allocated and kept.
    var heapGrowth: Int {
        guard let b = baseline, let last = samples.last else { return 0 }
        return last.gauge.heapInUseBytes - b.gauge.heapInUseBytes
    }

    var table: String {
        func mb(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1_048_576) }
        var lines = ["== kiosk soak"]
        func row(_ name: String, _ value: String) { lines.append(name.padding(toLength: 34, withPad: " ", startingAt: 0) + value) }
        row("visitor sessions", "\(visitors) (" + SoakVisitor.Kind.allCases.map { "\($0.rawValue) \(kinds[$0] ?? 0)" }.joined(separator: ", ") + ")")
        row("frames presented", "\(frames)")
        row("touch frames", "\(touchFrames)")
        row("seats held by visitors", "\(seatsHeld)")
        row("purchases confirmed on screen", "\(purchases)")
        row("purchases refused on screen", "\(purchasesFailed)")
        row("journal entries", journal.keys.sorted().map { "\($0) \(journal[$0] ?? 0)" }.joined(separator: ", "))
        row("box-office orders (this kiosk)", "\(boxOfficeOrders), \(tickets) live tickets")
        row("faults: 503 bursts' answers", "\(faults[.unavailable] ?? 0)")
        row("faults: 2 s latency", "\(faults[.slow] ?? 0)")
        row("faults: dropped answers", "\(faults[.dropped] ?? 0)")
        row("faults: box-office restarts", "\(restarts.terminated) SIGTERM, \(restarts.killed) SIGKILL (\(restartsMidPurchase) mid-purchase)")
        row("faults: journal disk full", "\(diskFull) purchases")
        row("resident growth after warm-up", "\(mb(memoryGrowth)) MB (allowed \(mb(memoryAllowance)) MB)")
        if let b = baseline, let last = samples.last {
            row("glyph cache growth after warm-up", "\(mb(last.glyphCacheBytes - b.glyphCacheBytes)) MB (an LRU bounded at 16 MiB)")
        }
        row("heap in use growth after warm-up", "\(mb(heapGrowth)) MB (mallinfo2)")
        if let (first, second) = memorySlopes {
            row("resident slope, 1st / 2nd half", String(format: "%+.3f / %+.3f MB per 100 visitors", first, second))
        }
        if let (first, second) = heapSlopes {
            row("heap in use slope, 1st / 2nd half", String(format: "%+.3f / %+.3f MB per 100 visitors", first, second))
        }
        if !steadyLevels.isEmpty {
            row("steady counts (thirds' medians)", steadyLevels.map { name, levels in
                name + " " + levels.map(String.init).joined(separator: " → ") }.joined(separator: ", "))
        }
        lines.append("memory curve:")
        lines.append("  visitors    frames  virtual s   RSS MB  heap MB  glyphs MB (masks)  layouts  fds (sockets)  threads")
        for s in samples {
            lines.append(String(format: "  %8d  %8d  %9.0f  %7@  %7@  %9@ (%5d)  %7d  %3d (%3d)      %7d%@", s.visitors, s.frames, s.virtualSeconds,
                                mb(s.gauge.residentBytes), mb(s.gauge.heapInUseBytes), mb(s.glyphCacheBytes), s.caches.glyphs,
                                s.caches.layouts, s.gauge.descriptors, s.gauge.sockets,
                                s.gauge.threads, s.warmup ? "  (warm-up)" : ""))
        }
        if !unconfirmedSold.isEmpty { lines.append("orders the kiosk did not learn the outcome of: " + unconfirmedSold.joined(separator: "; ")) }
        lines.append(failures.isEmpty ? "PASS" : "FAIL (\(failures.count)):\n  " + failures.prefix(40).joined(separator: "\n  "))
        return lines.joined(separator: "\n")
    }
}
