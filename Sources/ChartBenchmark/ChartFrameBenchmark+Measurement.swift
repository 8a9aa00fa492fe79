#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

extension ChartFrameBenchmark {
    /// One timed scenario, milliseconds.
    public struct Measurement: Sendable {
        public var name: String
        public var median: Double
        public var min: Double
        public var max: Double
        public var p99: Double
        public var runs: Int
        /// The target, when it has one.
        public var target: Double?
        /// Median CPU time of the process (all threads) per frame, ms.
        public var cpuMedian = 0.0
        /// Median and 99th percentile CPU time of the rendering thread per frame, ms: the
        /// frame's critical path when each worker has a core (the wall clock of a shared,
        /// overloaded machine also counts the waits for a core).
        public var threadMedian = 0.0
        public var threadP99 = 0.0
        public var note: String

        public var json: String {
            func n(_ v: Double) -> String { String(Int((v * 1000).rounded())).withDecimal() }
            var s = "{\"scenario\": \"\(name)\", \"median_ms\": \(n(median)), \"min_ms\": \(n(min)), \"max_ms\": \(n(max)), "
            s += "\"p99_ms\": \(n(p99)), \"cpu_median_ms\": \(n(cpuMedian)), \"thread_cpu_median_ms\": \(n(threadMedian)), \"thread_cpu_p99_ms\": \(n(threadP99)), \"runs\": \(runs)"
            if let target { s += ", \"target_ms\": \(n(target)), \"met\": \(median <= target)" }
            s += ", \"note\": \"\(note)\"}"
            return s
        }
    }

    public struct Report: Sendable {
        public var measurements: [Measurement] = []
        public var seatCount = 0
        public var seatsOnScreen = 0
        public var deviceSeatSize = 0.0
        public var zoom = 0.0
        public var tribunes = 0
        public var peakResidentMB = 0.0
        public var maskCount = 0
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

    /// CPU time of the whole process (all threads), ms: on a shared machine the wall clock also
    /// counts time spent waiting for a core.
    static func cpu() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// CPU time of the calling thread, ms. With the workers sharing a frame, this is the
    /// frame's critical path when every thread has a core of its own.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// Wall and CPU samples of one scenario.
    struct Samples {
        var wall: [Double] = []
        var cpu: [Double] = []
        var thread: [Double] = []
        mutating func time(_ body: () -> Void) {
            let c0 = ChartFrameBenchmark.cpu(), h0 = ChartFrameBenchmark.threadCPU(), t0 = ChartFrameBenchmark.now()
            body()
            wall.append(ChartFrameBenchmark.now() - t0)
            cpu.append(ChartFrameBenchmark.cpu() - c0)
            thread.append(ChartFrameBenchmark.threadCPU() - h0)
        }
    }

    static func measurement(_ name: String, _ samples: Samples, target: Double?, note: String) -> Measurement {
        var m = measurement(name, samples.wall, target: target, note: note)
        func median(_ v: [Double]) -> Double {
            let c = v.sorted()
            return c.isEmpty ? 0 : (c.count % 2 == 1 ? c[c.count / 2] : (c[c.count / 2 - 1] + c[c.count / 2]) / 2)
        }
        m.cpuMedian = median(samples.cpu)
        m.threadMedian = median(samples.thread)
        m.threadP99 = measurement(name, samples.thread, target: nil, note: "").p99
        return m
    }

    static func measurement(_ name: String, _ samples: [Double], target: Double?, note: String) -> Measurement {
        let s = samples.sorted()
        guard !s.isEmpty else { return Measurement(name: name, median: 0, min: 0, max: 0, p99: 0, runs: 0, target: target, cpuMedian: 0, note: note) }
        let median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        let p99 = s[Swift.min(s.count - 1, Int((Double(s.count) * 0.99).rounded(.up)) - 1)]
        return Measurement(name: name, median: median, min: s[0], max: s[s.count - 1], p99: p99, runs: s.count,
                           target: target, cpuMedian: 0, note: note)
    }

    /// Peak resident set size of this process, MB (`getrusage`, kilobytes on Linux).
    public static func peakResidentMB() -> Double {
        var u = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
        #else
        getrusage(RUSAGE_SELF, &u)
        #endif
        return Double(u.ru_maxrss) / 1024
    }
}
