import ArgumentParser
import ChartBenchmark
import Glibc
import Kiosk

/// `tribune bench [--json] [--seats N] [--size WxH] [--threads N]`: the chart renderer's benchmark
/// (issues #13, #29) — the same measurements as `chart-bench`, on the generated stadium at a
/// screen size (1920×1080 unless told).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the chart renderer: full redraw, pan, pinch, seat toggle, zoom animation, gesture replay.",
        usage: "tribune bench [<options>]",
        discussion: """
            Prints one line per scenario with median, minimum and maximum milliseconds over several \
            runs and, where it has one, the scenario's time budget with "met" or "MISSED": the median \
            frame must leave room for the rest of the kiosk's work within one 60 Hz display frame \
            (16.7 ms), e.g. a full redraw 8 ms, a pan frame 2 ms; replays: p99 within 16 ms. --json \
            prints JSON lines instead. Build with -c release for meaningful numbers. \
            scripts/chart_peers.py adds Blend2D, Skia and cairo on the same seats.

            Example:
              swift build -c release && .build/release/tribune bench --seats 60000
              tribune bench --size 3840x2160 --threads 1
              tribune bench --json --repeats 31 > chart-bench.jsonl
            """)

    @Flag(name: .long, help: "Print JSON lines.")
    var json = false

    @Option(name: .long, help: "Seats in the generated stadium.")
    var seats: Int = 60_000

    @Option(name: .long, help: "The screen in pixels, WxH (\(ChartFrameBenchmark.Options.screenSides.lowerBound)…\(ChartFrameBenchmark.Options.screenSides.upperBound) each).")
    var size: String = "1920x1080"

    @Option(name: .long, help: "Runs per scenario (≥ 3).")
    var repeats: Int = 15

    @Option(name: .long, help: "Worker threads (≥ 1).")
    var threads: Int = 2

    @Option(name: .long, help: "Also write the full-redraw frame's seats as a scene file for the peer renderers.")
    var exportSeats: String?

    func validate() throws {
        guard seats >= 100 else { throw ValidationError("--seats must be at least 100, got \(seats)") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1, got \(threads)") }
        _ = try benchmarkOptions()
    }

    /// The options `--size` and the rest describe, or a validation error naming the bad one.
    func benchmarkOptions() throws -> ChartFrameBenchmark.Options {
        var options = ChartFrameBenchmark.Options()
        options.seats = seats
        options.repeats = max(3, repeats)
        options.threads = threads
        do { try options.setScreenSize(size) } catch { throw ValidationError(error.message) }
        return options
    }

    func run() throws {
        let bench = ChartFrameBenchmark(options: try benchmarkOptions())
        if let path = exportSeats { try bench.exportSeats(to: path) }
        // Each scenario's line is printed as it is measured; on a terminal a bar counts scenarios.
        let bar = isatty(2) == 1 ? ProgressDisplay(title: "scenarios", total: bench.scenarioNames.count) : nil
        ChartFrameBenchmark.printReport(bench, json: json, progress: { bar?.update($0) }, beforePrinting: { bar?.clear() })
    }
}
