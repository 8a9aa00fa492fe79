import Foundation
import Testing
import Geometry
import Gestures
import Recording
import Seating
@testable import KioskUI

@Suite struct KioskReplayTests {
    static let recordings: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
    }()

    /// A tap on a tribune, then (after the zoom) a drag: synthetic touch frames.
    static func session(_ venue: Venue, size: Size) -> [TouchFrame] {
        let view = ChartViewState(viewSize: size, chartSize: venue.size)
        let t = venue.tribunes.firstIndex { $0.kind == .rect }!
        let p = view.screenPoint(fromChart: Point(x: venue.tribunes[t].bounds.midX, y: venue.tribunes[t].bounds.midY))
        var frames = [TouchFrame(timestamp: 0.1, touches: [.init(id: 0, location: p, phase: .began)]),
                      TouchFrame(timestamp: 0.18, touches: [.init(id: 0, location: p, phase: .ended)])]
        for k in 0...20 {
            let q = Point(x: 100 + Double(k) * 6, y: 100)
            frames.append(TouchFrame(timestamp: 1.5 + Double(k) * 0.01,
                                     touches: [.init(id: 1, location: q, phase: k == 0 ? .began : k == 20 ? .ended : .moved)]))
        }
        return frames
    }

    func replay(_ frames: [TouchFrame], directory: String?, size: Size, rotation: DisplayRotation = .degrees0) -> (ReplayReport, [Data]) {
        let venue = StadiumGenerator.generate(.design())
        var configuration = KioskSession.Configuration(screenSize: size, pixelsPerMillimetre: 4)
        configuration.boxOfficeConfigured = false
        let replay = KioskReplay(venue: venue, configuration: configuration,
                                 options: .init(framesDirectory: directory, every: 15, timing: true, rotation: rotation))
        var target = replay
        ReplayTimeline(frames: frames, start: 0).run(&target)
        var pngs: [Data] = []
        if let directory {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
                pngs.append(FileManager.default.contents(atPath: directory + "/" + name) ?? Data())
            }
        }
        return (replay.report(), pngs)
    }

    @Test func replayingTwiceGivesIdenticalReportsAndFrames() throws {
        let size = Size(width: 320, height: 240)
        let frames = Self.session(StadiumGenerator.generate(.design()), size: size)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tribune-replay-\(getpid())").path
        let a = base + "/a", b = base + "/b"
        for d in [a, b] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: base) }
        let (r1, f1) = replay(frames, directory: a, size: size)
        let (r2, f2) = replay(frames, directory: b, size: size)
        #expect(r1.withoutTiming.json() == r2.withoutTiming.json())
        #expect(f1 == f2)
        // Ticks at 0, 1/60 … until the drag ends at 1.7 s and the view settles: frames 0…102.
        #expect(r1.frames == 103)
        #expect(f1.count == 7)  // 0, 15, …, 90
        #expect(r1.taps == 1)
        #expect(r1.zoom == ChartViewState.tribuneZoom)
        // 20 steps of 6 px, but a lifting finger stops contributing in the frame it lifts
        // (the gestures' rule), so the drag is 19 × 6 px.
        #expect(abs(r1.translation.x - 114) < 1e-9 && r1.translation.y == 0)
        #expect(abs(r1.offset.x - 114) < 1e-9 && r1.offset.y == 0)
        #expect(r1.renderMax > 0)
    }

    @Test func sharedRecordingReplaysDeterministically() throws {
        let path = Self.recordings + "/evemu/evemu-devices/touchscreens/EP0430M09.2-finger-scroll-down.events"
        guard FileManager.default.fileExists(atPath: path) else {
            print("recordings not found at ../shared/recordings (relative to the package root); skipped"); return
        }
        let size = Size(width: 1280, height: 768)
        let frames = try RecordingReader.read(path: path).touchFrames(mapping: DisplayMapping(size: size))
        let (r1, _) = replay(frames, directory: nil, size: size)
        let (r2, _) = replay(frames, directory: nil, size: size)
        #expect(r1 == r2)
        #expect(r1.renderMax == 0 && r1.framesWritten == 0)
        #expect(abs(r1.translation.y) > 100 && abs(r1.translation.x) < abs(r1.translation.y) / 4)  // a two-finger vertical scroll
    }
}
