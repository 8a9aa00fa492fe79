// replay-bench: the 29-second 3M recording (evemu-data/3m.event, 3,422 kernel frames) read,
// converted to touch frames and replayed through the kiosk's screens (KioskSession) on the virtual clock,
// without frame output. Prints wall-clock times (best of 5).
import Foundation
import Geometry
import KioskUI
import Recording
import Seating
import Gestures
import Raster
import Animation

var url = URL(fileURLWithPath: #filePath)  // <package>/Benchmarks/ReplayBench/main.swift
for _ in 0..<3 { url.deleteLastPathComponent() }
let path = CommandLine.arguments.dropFirst().first
    ?? url.appendingPathComponent("Tests/Fixtures/recordings/evemu/evemu-data/3m.event").path
guard FileManager.default.fileExists(atPath: path) else {
    // The default recording is part of the repository: its absence is an error, not a skip.
    FileHandle.standardError.write(Data("replay-bench: \(path) not found (the recordings live in Tests/Fixtures/recordings)\n".utf8))
    exit(1)
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

// The kiosk's screens rendered at 1920×1080: the overview, zoomed into a tribune with two
// seats chosen, and the confirmation dialog over it (best of 10 renders each), three ways:
// cold (chart picture dropped: everything drawn, as every frame was before damage tracking),
// full (into another surface: chrome drawn over the cached chart picture) and unchanged (the
// same surface again: nothing to repaint). Plus the hold countdown ticking and the spinner.
struct ScreenTimes { var name: String; var cold: Double; var full: Double; var unchanged: Double }
func renderTimes() -> (screens: [ScreenTimes], tick: Double, tickArea: Int, spinner: Double, spinnerArea: Int) {
    let screen = Size(width: 1920, height: 1080)
    let clock = VirtualClock()
    var configuration = KioskSession.Configuration(screenSize: screen, pixelsPerMillimetre: 4)
    configuration.takePrices(from: venue)
    let session = KioskSession(venue: venue, configuration: configuration, clock: clock)
    let surface = Surface(width: 1920, height: 1080), other = Surface(width: 1920, height: 1080)
    func step(_ t: Double) { clock.set(to: t); session.advance(to: t) }
    func tap(_ p: Point, at t: Double) {
        step(t)
        session.handle(TouchFrame(timestamp: t, touches: [.init(id: Int(t * 1000), location: p, phase: .began)]))
        step(t + 0.05)
        session.handle(TouchFrame(timestamp: t + 0.05, touches: [.init(id: Int(t * 1000), location: p, phase: .ended)]))
    }
    func best(_ before: () -> Void = {}, _ target: () -> Surface) -> Double {
        var b = Double.infinity
        for _ in 0..<10 {
            before()
            let s = target()
            b = min(b, seconds { session.render(into: s) })
        }
        return b * 1000
    }
    func measure(_ name: String) -> ScreenTimes {
        let cold = best({ session.invalidateFrameCache() }) { surface }
        var flip = false
        let full = best { flip.toggle(); return flip ? other : surface }
        session.render(into: surface)
        let unchanged = best { surface }
        return ScreenTimes(name: name, cold: cold, full: full, unchanged: unchanged)
    }
    var out: [ScreenTimes] = []
    step(2)
    out.append(measure("overview"))
    let t = venue.tribunes.firstIndex { $0.kind == .rect }!
    let b = venue.tribunes[t].bounds
    tap(session.interaction.presentedView.screenPoint(fromChart: Point(x: b.midX, y: b.midY)), at: 2.5)
    step(4)
    let s = venue.tribunes[t].seats.lowerBound + venue.tribunes[t].seats.count / 2
    for (k, seat) in [s, s + 1].enumerated() {
        tap(session.interaction.presentedView.screenPoint(fromChart: venue.seats[seat].center), at: 4.5 + Double(k))
    }
    step(7)
    for seat in [s, s + 1] { session.receive(.seatHeld(venue.seatIDs[seat], expiresAt: 7 + 300.5)) }
    out.append(measure("zoomed, 2 seats"))
    // The countdown: one tick a render.
    session.render(into: surface)
    var tick = Double.infinity, tickArea = 0
    for k in 1...10 {
        step(7 + Double(k))
        var damage: [PixelRect] = []
        tick = min(tick, seconds { damage = session.render(into: surface) })
        tickArea = damage.reduce(0) { $0 + $1.width * $1.height }
    }
    // Buy: the processing card's spinner turning, a frame every 16 ms.
    let buy = session.frame(of: .buy)!
    tap(buy.center, at: 18)
    step(18.5)
    session.render(into: surface)
    var spinner = Double.infinity, spinnerArea = 0
    for k in 1...10 {
        step(18.5 + 0.016 * Double(k))
        var damage: [PixelRect] = []
        spinner = min(spinner, seconds { damage = session.render(into: surface) })
        spinnerArea = damage.reduce(0) { $0 + $1.width * $1.height }
    }
    session.receive(.purchased(orderID: "bench", seats: [s, s + 1].map { venue.seatIDs[$0] }))
    step(19)
    out.append(measure("dialog"))
    return (out, tick * 1000, tickArea, spinner * 1000, spinnerArea)
}
let times = renderTimes()
print("render 1920×1080, ms (best of 10)      cold    full  unchanged")
for s in times.screens {
    print("  " + s.name.padding(toLength: 34, withPad: " ", startingAt: 0)
          + String(format: "%7.2f %7.2f %8.3f", s.cold, s.full, s.unchanged))
}
print(String(format: "  countdown tick: %.3f ms (%d px repainted); processing spinner frame: %.3f ms (%d px)",
             times.tick, times.tickArea, times.spinner, times.spinnerArea))
