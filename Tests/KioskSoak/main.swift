// kiosk-soak: `tribune run`'s kiosk, headless, on a virtual clock, sold to by synthetic
// visitors against a real `tribune-boxoffice serve` behind a fault proxy (restarts, 503 bursts,
// dropped answers, 2 s latency, a full disk for the journal). `make soak` runs the full soak,
// KioskTests a short one. Prints the table; exits 1 when a check failed.
//
// Usage: kiosk-soak [--visitors N] [--frames N] [--seed N] [--directory DIR]
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One line on standard error.
func complain(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

var options = SoakRun.Options()
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else { complain("kiosk-soak: \(flag) needs a value"); exit(2) }
    switch flag {
    case "--visitors": options.visitors = Int(value) ?? options.visitors
    case "--frames": options.minimumFrames = Int(value) ?? options.minimumFrames
    case "--seed": options.seed = UInt64(value) ?? options.seed
    case "--directory": options.directory = value
    default: complain("kiosk-soak: unknown option \(flag)"); exit(2)
    }
}
let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
options.boxOfficeExecutable = here.appendingPathComponent("tribune-boxoffice").path
let temporary = options.directory.isEmpty
if temporary { options.directory = NSTemporaryDirectory() + "kiosk-soak-\(getpid())" }

let status: Int32 = await {
    do {
        let soak = try await SoakRun(options)
        defer { soak.boxOffice.stop(); soak.proxy.stop() }
        try soak.run()
        soak.report.checkProcess()
        print(soak.report.table)
        return soak.report.failures.isEmpty ? 0 : 1
    } catch {
        complain("kiosk-soak: \(error)")
        return 2
    }
}()
if temporary && status == 0 { try? FileManager.default.removeItem(atPath: options.directory) }
exit(status)
