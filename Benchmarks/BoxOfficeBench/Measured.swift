/// One measurement's requests summarised: count, failures, wall time and latency percentiles.
struct Measured {
    var requests: Int
    var failures: Int
    /// Wall time of the measurement, s.
    var seconds: Double
    /// Latency percentiles and maximum, ms.
    var p50: Double
    var p99: Double
    var max: Double
    var requestsPerSecond: Double { Double(requests) / seconds }

    /// From every request's latency (ms, any order).
    init(latencies: [Double], failures: Int, seconds: Double) {
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        requests = sorted.count
        self.failures = failures
        self.seconds = seconds
        p50 = percentile(0.5)
        p99 = percentile(0.99)
        max = sorted.last ?? 0
    }
}
