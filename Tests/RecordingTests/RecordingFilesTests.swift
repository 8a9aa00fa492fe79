import Evdev
import Foundation
import Testing
import Geometry
import Gestures
@testable import Recording
import TestFixtures

@Suite struct RecordingFilesTests {
    /// A recording the repository does not hold is an error that names the path (so the test
    /// that wanted it fails, saying what is missing), not a skip.
    @Test func aMissingRecordingIsAnErrorNamingIt() {
        #expect(throws: MissingRecording.self) { try Recordings.data("no-such.event") }
        do {
            _ = try Recordings.devices("touchscreens/no-such.events")
            Issue.record("no error for a missing recording")
        } catch {
            #expect(error.path == Recordings.root + "/evemu/evemu-devices/touchscreens/no-such.events")
            #expect(error.description.hasPrefix("recording not found: " + error.path))
        }
    }

    @Test func everyFixtureRecordingParsesAndReplays() throws {
        let (recordings, descriptions) = try Recordings.files()
        #expect(recordings.count >= 20)
        for path in descriptions {
            let device = try RecordingReader.readDescription(path: path)
            #expect(!device.name.isEmpty, "\(path)")
            #expect(device.positionAxes != nil, "\(path)")
        }
        for path in recordings {
            let recording = try RecordingReader.read(path: path)
            #expect(!recording.frames.isEmpty, "\(path)")
            let frames = try recording.touchFrames(mapping: DisplayMapping(size: Size(width: 1920, height: 1080)))
            #expect(!frames.isEmpty, "\(path)")
            var target = LoggingTarget()
            let timeline = ReplayTimeline(frames: frames)
            let displayed = timeline.run(&target)
            #expect(displayed >= Int(recording.duration * 60) - 1, "\(path)")
        }
    }

    /// The 3M recording: 3,422 kernel frames over 29.1 s, 60 slots, up to 10 fingers.
    @Test func threeMRecordingShape() throws {
        let r = try RecordingReader.read(path: Recordings.data("3m.event"))
        #expect(r.frames.count == 3422)
        #expect(abs(r.duration - 29.1) < 0.1)
        #expect(r.device.axis(EvdevCode.ABS_MT_SLOT)?.maximum == 59)
        #expect(r.device.axis(EvdevCode.ABS_MT_POSITION_X)?.fuzz == 15)
        let frames = try r.touchFrames(mapping: DisplayMapping(size: Size(width: 1920, height: 1200)))
        let most = frames.map { $0.touches.filter { $0.phase != .ended && $0.phase != .cancelled }.count }.max()
        #expect(most == 10)
    }

    @Test func eventOnlyFileUsesSiblingDescription() throws {
        let path = try Recordings.devices("tablets/Wacom ISDv4 E6 Finger.double-tap-center.events")
        let r = try RecordingReader.read(path: path)
        #expect(r.device.name.contains("ISDv4 E6"))
        #expect(r.device.axis(EvdevCode.ABS_MT_POSITION_X)?.maximum == 2776)
    }

    @Test func atmelFastTapsGiveNineTaps() throws {
        let path = try Recordings.devices("touchscreens/Atmel maXTouch Touchscreen.1-finger-fast-taps.events")
        let frames = try RecordingReader.read(path: path).touchFrames(mapping: DisplayMapping(size: Size(width: 800, height: 480)))
        let downs = frames.flatMap(\.touches).filter { $0.phase == .began }.count
        #expect(downs == 9)
    }
}
