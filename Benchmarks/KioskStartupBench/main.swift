// kiosk-startup-bench: how long `tribune run` takes from the kernel starting its process to the
// first frame on screen (issue 29: ≤ 300 ms with a 60,000-seat venue on this machine's host
// path). Each run is a process of its own running `KioskRuntime.run()` — the kiosk's whole
// start: configuration, venue file, display, session, loop, control socket — on a headless
// display (the host has no DRM device; the VM tests give the figure on a real kernel). The
// kiosk measures itself (`first_frame_ms` in its status, from /proc/self/stat's start time);
// this program asks its control socket for it once it answers, then stops it with SIGTERM.
//
// Usage: kiosk-startup-bench [--seats N] [--runs N] [--size WxH]...
#if canImport(Glibc)
import Glibc
#endif
import Displays
import Foundation
import Kiosk
import Seating

/// One line on standard error and exit status 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("kiosk-startup-bench: \(message)\n".utf8))
    exit(2)
}

/// The child: the kiosk on a headless display of `width`×`height` until SIGTERM.
func runKiosk(venue: String, socket: String, width: Int, height: Int) -> Never {
    KioskRuntime.bootstrapLogging()
    let overrides = [(key: "venue", value: venue), (key: "touch.enabled", value: "false"), (key: "control_socket", value: socket),
                     (key: "idle.timeout", value: "3600"), (key: "idle.blank_after", value: "0")]
    do {
        let configuration = try KioskConfiguration.load(file: nil, optional: true, overrides: overrides)
        let runtime = KioskRuntime(configuration: configuration, configurationFile: nil, optional: true, overrides: overrides,
                                   environment: [:], touchFactory: nil) { _, _ in HeadlessDisplay(width: width, height: height) }
        exit(try runtime.run())
    } catch {
        fail("kiosk: \(error)")
    }
}

/// Starts a kiosk process and returns its `first_frame_ms`, asked once its socket answers.
func measure(venue: String, directory: String, width: Int, height: Int, run: Int) -> Double {
    let socket = "\(directory)/control-\(run).sock"
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--child", venue, socket, "\(width)", "\(height)"]
    child.standardError = FileHandle(forWritingAtPath: "/dev/null")
    do { try child.run() } catch { fail("cannot start \(CommandLine.arguments[0]): \(error)") }
    defer {
        kill(child.processIdentifier, SIGTERM)
        child.waitUntilExit()
    }
    // Wait for the event (the socket answering), with a ceiling for a kiosk that never does.
    let ceiling = Date().addingTimeInterval(120)
    while Date() < ceiling {
        if !child.isRunning { fail("the kiosk exited with status \(child.terminationStatus) before answering") }
        if let answer = try? ControlClient.send("status", to: socket, timeout: 10),
           let document = try? JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any] {
            guard let ms = document["first_frame_ms"] as? Double else { fail("status without first_frame_ms: \(document)") }
            return ms
        }
        usleep(5_000)
    }
    fail("the kiosk's control socket did not answer within 120 s")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
    guard arguments.count == 5, let w = Int(arguments[3]), let h = Int(arguments[4]) else { fail("--child VENUE SOCKET W H") }
    runKiosk(venue: arguments[1], socket: arguments[2], width: w, height: h)
}
var seats = 60_000, runs = 9
var sizes: [(Int, Int)] = []
var i = 0
while i < arguments.count {
    let value = i + 1 < arguments.count ? arguments[i + 1] : ""
    switch arguments[i] {
    case "--seats": seats = Int(value) ?? { fail("--seats takes a whole number, not '\(value)'") }()
    case "--runs": runs = Int(value) ?? { fail("--runs takes a whole number, not '\(value)'") }()
    case "--size":
        let p = value.split(separator: "x").compactMap { Int($0) }
        guard p.count == 2, p[0] >= 240, p[1] >= 240 else { fail("--size takes WxH (each side at least 240), not '\(value)'") }
        sizes.append((p[0], p[1]))
    default: fail("unknown argument '\(arguments[i])'; expected --seats N, --runs N, --size WxH")
    }
    i += 2
}
if sizes.isEmpty { sizes = [(1920, 1080), (3840, 2160)] }
guard seats > 0, runs > 0 else { fail("--seats and --runs must be positive") }

let directory = NSTemporaryDirectory() + "kiosk-startup-\(getpid())"
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let venuePath = directory + "/stadium.venue.json"
let venue = StadiumGenerator.generate(.forSeatCount(seats))
do { try VenueFile.write(venue, to: venuePath) } catch { fail("cannot write \(venuePath): \(error)") }
print("== kiosk start-up: process start (kernel) → first frame on screen, `tribune run`'s runtime on a headless display")
print("   venue: \(venue.seatCount) seats in \(venue.tribunes.count) tribunes; \(runs) runs per size, each a new process; target ≤ 300 ms")
var run = 0
for (w, h) in sizes {
    var samples: [Double] = []
    for _ in 0..<runs {
        samples.append(measure(venue: venuePath, directory: directory, width: w, height: h, run: run))
        run += 1
    }
    samples.sort()
    let median = samples[samples.count / 2]
    print(String(format: "%-10@ median %7.1f ms   min %7.1f ms   max %7.1f ms   ≤ 300: %@", "\(w)x\(h)" as NSString, median,
                 samples[0], samples[samples.count - 1], (median <= 300 ? "met" : "MISSED") as NSString))
}
