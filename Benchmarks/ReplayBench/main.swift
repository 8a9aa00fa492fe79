// replay-bench: the 29-second 3M recording (evemu-data/3m.event, 3,422 kernel frames) read,
// converted to touch frames and replayed through the kiosk's screens (KioskSession) on the virtual clock,
// without frame output. Prints wall-clock times (best of 5).
import Foundation
import Geometry
import KioskUI
import Recording
import Seating
import Gestures

var url = URL(fileURLWithPath: #filePath)
for _ in 0..<3 { url.deleteLastPathComponent() }
let path = CommandLine.arguments.dropFirst().first
    ?? url.deletingLastPathComponent().appendingPathComponent("shared/recordings/evemu/evemu-data/3m.event").path
guard FileManager.default.fileExists(atPath: path) else {
    print("replay-bench: \(path) not found (the shared recordings live at ../shared/recordings); skipped")
    exit(0)
}
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
}
let size = Size(width: 1920, height: 1200)
let venue = StadiumGenerator.generate(.design())
var best = (read: Double.infinity, convert: Double.infinity, replay: Double.infinity, total: Double.infinity)
var summary = ""
for _ in 0..<5 {
    var recording: InputRecording!
    var frames: [Gestures.TouchFrame] = []
    var replay: KioskReplay!
    let r = try seconds { recording = try RecordingReader.read(path: path) }
    let c = try seconds { frames = try recording.touchFrames(mapping: DisplayMapping(size: size)) }
    let p = seconds {
        var configuration = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 1920 / 474)
        configuration.boxOfficeConfigured = false
        replay = KioskReplay(venue: venue, configuration: configuration, options: .init(timing: false))
        var target = replay!
        ReplayTimeline(frames: frames, start: 0, end: recording.duration).run(&target)
    }
    best = (min(best.read, r), min(best.convert, c), min(best.replay, p), min(best.total, r + c + p))
    let rep = replay.report()
    summary = "\(recording.frames.count) kernel frames, \(frames.count) touch frames, \(rep.frames) display frames, \(String(format: "%.1f", recording.duration)) s recorded"
}
print("replay-bench \(URL(fileURLWithPath: path).lastPathComponent): \(summary)")
print(String(format: "  read %.3f s  convert %.3f s  replay %.3f s  total %.3f s (best of 5, no frame output)",
             best.read, best.convert, best.replay, best.total))
