import Foundation
import Geometry
import SceneFile
import Testing
@testable import ChartBenchmark

@Suite("Chart frame benchmark")
struct ChartFrameBenchmarkTests {
    @Test func statisticsOfOddAndEvenSampleCounts() {
        // Sorted 1…5: median the middle one, p99 the ⌈0.99·5⌉-th = 5th.
        let odd = ChartFrameBenchmark.measurement("odd", [5, 1, 3, 2, 4], target: 3, note: "")
        #expect(odd.median == 3 && odd.min == 1 && odd.max == 5 && odd.p99 == 5 && odd.runs == 5)
        // Even count: the mean of the two middle samples.
        let even = ChartFrameBenchmark.measurement("even", [4, 1, 3, 2], target: nil, note: "")
        #expect(even.median == 2.5 && even.p99 == 4)
        // 200 samples 1…200: p99 is the 198th.
        let many = ChartFrameBenchmark.measurement("many", (1...200).map(Double.init), target: nil, note: "")
        #expect(many.p99 == 198)
        #expect(ChartFrameBenchmark.measurement("none", [], target: nil, note: "").runs == 0)
    }

    @Test func jsonLinesCarryThousandths() {
        var m = ChartFrameBenchmark.measurement("full", [1.5, 2.25, 0.0004], target: 8, note: "n")
        m.cpuMedian = 1
        #expect(m.json == "{\"scenario\": \"full\", \"median_ms\": 1.500, \"min_ms\": 0.000, \"max_ms\": 2.250, \"p99_ms\": 2.250, "
                + "\"cpu_median_ms\": 1.000, \"thread_cpu_median_ms\": 0.000, \"thread_cpu_p99_ms\": 0.000, \"runs\": 3, "
                + "\"target_ms\": 8.000, \"met\": true, \"note\": \"n\"}")
        #expect("-5".withDecimal() == "-0.005")
        #expect("12345".withDecimal() == "12.345")
    }

    @Test func onlyNarrowsTheScenarios() {
        var options = ChartFrameBenchmark.Options()
        options.seats = 100
        options.only = "pan"
        #expect(ChartFrameBenchmark(options: options).scenarioNames == ["pan"])
        options.only = "direct"
        #expect(ChartFrameBenchmark(options: options).scenarioNames == ["direct"])
        options.direct = false
        #expect(ChartFrameBenchmark(options: options).scenarioNames.isEmpty)
    }

    /// The kiosk-frame scenarios reach the frames they name: a legend entry tapped (its cells
    /// stand in rows with gaps), a tribune zoomed into and home again, a pan, seats tapped — each timed at least
    /// once (an empty sample would print 0 ms as "met").
    @Test func sessionScenariosTimeEveryFrameTheyName() {
        var options = ChartFrameBenchmark.Options()
        options.seats = 3_000
        options.width = 960
        options.height = 540
        options.repeats = 3
        options.only = "session"
        let report = ChartFrameBenchmark(options: options).run()
        let names = report.measurements.map(\.name)
        #expect(names.count == 6 && names.allSatisfy { $0.hasPrefix("session:") }, "\(names)")
        for m in report.measurements { #expect(m.runs > 0 && m.max > 0, "\(m.name): \(m.runs) runs") }
    }

    @Test func exportedSeatsAreASceneWithOneFillPerSeat() throws {
        var options = ChartFrameBenchmark.Options()
        options.seats = 300
        let bench = ChartFrameBenchmark(options: options)
        let path = NSTemporaryDirectory() + "chart-bench-seats-" + UUID().uuidString + ".json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try bench.exportSeats(to: path)
        let scene = try SceneFile(contentsOfFile: path)
        #expect(scene.width == options.width && scene.height == options.height)
        #expect(scene.operations.count == bench.chart.venue.seats.count)
        // Every seat is on screen (the benchmark's view is chosen so): each fill's path lies inside the canvas.
        for case let .fill(path, _, _, _, _) in scene.operations {
            let box = path.boundingRect
            #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(scene.width) && box.maxY <= Double(scene.height))
        }
    }

    @Test func anUnwritablePathIsAnErrorNamingIt() {
        var options = ChartFrameBenchmark.Options()
        options.seats = 100
        let bench = ChartFrameBenchmark(options: options)
        #expect { try bench.exportSeats(to: "/nonexistent-folder/seats.json") } throws: { error in
            (error as? ChartFrameBenchmarkError)?.message.contains("/nonexistent-folder/seats.json") == true
        }
    }
}
