#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChartFrameBenchmark {
    /// Runs `bench` and prints each measurement as it is made, then the scene and memory:
    /// a table, or JSON lines (`{"scenario": …, "median_ms": …}`, then `{"info": …}`).
    /// `progress` is told how many of `scenarioNames` are done: before the first, and after each
    /// measurement is printed; `beforePrinting` runs before each printed line (to clear a bar).
    public static func printReport(_ bench: ChartFrameBenchmark, json: Bool, progress: (Int) -> Void = { _ in },
                                   beforePrinting: () -> Void = {}) {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func ms(_ v: Double) -> String {
            let t = Int((v * 100).rounded())
            let s = String(t / 100) + "." + (t % 100 < 10 ? "0" : "") + String(t % 100)
            return String(repeating: " ", count: Swift.max(0, 8 - s.count)) + s
        }
        if !json {
            print(pad("scenario", 46) + "  median ms   min ms   max ms   p99 ms  CPU med  thr med  thr p99   target (on the median)")
            print(String(repeating: "-", count: 100))
        }
        var done = 0
        progress(0)
        let report = bench.run { m in
            beforePrinting()
            defer { fflush(nil); done += 1; progress(done) }
            if json { print(m.json) } else {
                var line = pad(m.name, 46) + "  " + ms(m.median) + " " + ms(m.min) + " " + ms(m.max) + " " + ms(m.p99) + " " + ms(m.cpuMedian) + " " + ms(m.threadMedian) + " " + ms(m.threadP99)
                if let t = m.target {
                    line += "   ≤ " + ms(t).trimmingLeadingSpaces() + " wall " + (m.median <= t ? "met" : "MISSED")
                        + ", thread CPU " + (m.threadMedian <= t ? "met" : "MISSED")
                }
                if m.name.hasPrefix("replay") {
                    line += "   p99 ≤ 16 wall " + (m.p99 <= 16 ? "met" : "MISSED") + ", thread CPU " + (m.threadP99 <= 16 ? "met" : "MISSED")
                }
                print(line + "   (" + m.note + ")")
            }
        }
        beforePrinting()
        let mem = Int(report.peakResidentMB.rounded())
        if json {
            print("{\"info\": {\"seats\": \(report.seatCount), \"seats_on_screen\": \(report.seatsOnScreen), "
                  + "\"tribunes\": \(report.tribunes), \"device_seat_px\": \(Double(Int(report.deviceSeatSize * 100)) / 100), "
                  + "\"zoom\": \(Double(Int(report.zoom * 1000)) / 1000), \"masks\": \(report.maskCount), "
                  + "\"threads\": \(bench.options.threads), \"peak_rss_mb\": \(mem), \"peak_rss_target_mb\": 150}}")
        } else {
            print("seats \(report.seatCount) (\(report.seatsOnScreen) on screen), tribunes \(report.tribunes), "
                  + "seat \(Double(Int(report.deviceSeatSize * 100)) / 100) px at zoom \(Double(Int(report.zoom * 1000)) / 1000), "
                  + "\(bench.options.width)×\(bench.options.height), rotation \(bench.options.rotationDegrees)°, "
                  + "\(bench.options.threads) threads")
            print("peak memory (maxrss) of the renderer's scenarios: \(mem) MB   ≤ 150" + (mem <= 150 ? "  met" : "  MISSED")
                  + "; with the kiosk sessions: \(Int(peakResidentMB().rounded())) MB")
        }
    }
}
