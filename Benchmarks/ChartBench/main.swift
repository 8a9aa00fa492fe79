// chart-bench: the chart renderer at display rate (issue #13). Usage:
//   swift run -c release chart-bench [--json] [--seats N] [--repeats N] [--threads N] [--size WxH] [--export-seats FILE.json]
// The same measurements as `tribune bench`; scripts/chart_peers.py runs this and the peers
// (Blend2D, Skia, cairo) on the exported seats and prints one table.
import ChartBenchmark
import Foundation

var options = ChartFrameBenchmark.Options()
var json = false
var export: String?
var args = CommandLine.arguments.dropFirst().makeIterator()
while let a = args.next() {
    switch a {
    case "--json": json = true
    case "--seats": options.seats = max(100, Int(args.next() ?? "") ?? options.seats)
    case "--repeats", "--repeat": options.repeats = max(3, Int(args.next() ?? "") ?? options.repeats)
    case "--threads": options.threads = max(1, Int(args.next() ?? "") ?? options.threads)
    case "--no-direct": options.direct = false
    case "--size":
        do { try options.setScreenSize(args.next() ?? "") } catch {
            FileHandle.standardError.write("chart-bench: \(error)\n".data(using: .utf8)!)
            exit(2)
        }
    case "--export-seats": export = args.next()
    case "--only": options.only = args.next()
    case "--seat-shapes": options.seatShapes = true
    default:
        FileHandle.standardError.write("chart-bench: unknown argument '\(a)'; expected --json, --seats N, --repeats N, --threads N, --size WxH, --no-direct, --export-seats FILE, --only full|pan|pinch|toggle|zoom|replay|shapes|direct, --seat-shapes\n".data(using: .utf8)!)
        exit(2)
    }
}
let bench = ChartFrameBenchmark(options: options)
if let export {
    do { try bench.exportSeats(to: export) } catch {
        FileHandle.standardError.write("chart-bench: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
}
ChartFrameBenchmark.printReport(bench, json: json)
