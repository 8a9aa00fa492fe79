import Evdev
import Recording
import Testing
@testable import Kiosk

@Suite struct RecordingPlaybackTests {
    func recording() -> InputRecording {
        let syn = { (t: Int64) in InputEvent(time: t, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_REPORT, value: 0) }
        let x = { (t: Int64, v: Int32) in InputEvent(time: t, type: EvdevCode.EV_ABS, code: EvdevCode.ABS_MT_POSITION_X, value: v) }
        let dropped = InputEvent(time: 5000, type: EvdevCode.EV_SYN, code: EvdevCode.SYN_DROPPED, value: 0)
        return InputRecording(device: InputDevice(name: "p"), frames: [
            EvdevFrame(time: 0, events: [x(0, 1), syn(0)]),
            EvdevFrame(time: 5001, events: [dropped, x(5001, 2), syn(5001)]),
            EvdevFrame(time: 1_000_000, events: [x(1_000_000, 3), syn(1_000_000)]),
        ], format: .evemu)
    }

    @Test func offsetsScaleWithSpeed() {
        #expect(RecordingPlayback(recording: recording(), speed: 1).steps.map(\.offset) == [0, 5001, 1_000_000])
        #expect(RecordingPlayback(recording: recording(), speed: 2).steps.map(\.offset) == [0, 2501, 500_000])  // 2500.5 rounds up
        #expect(RecordingPlayback(recording: recording(), speed: 0.5).duration == 2_000_000)
        // Nonsense speeds play at normal speed rather than dividing by zero.
        #expect(RecordingPlayback(recording: recording(), speed: 0).duration == 1_000_000)
    }

    @Test func droppedMarkersAreNotPlayed() {
        let steps = RecordingPlayback(recording: recording(), speed: 1).steps
        #expect(steps[1].events.count == 2)
        #expect(steps[1].events.allSatisfy { !($0.type == EvdevCode.EV_SYN && $0.code == EvdevCode.SYN_DROPPED) })
        #expect(steps[1].events.last?.isSynReport == true)
    }
}
