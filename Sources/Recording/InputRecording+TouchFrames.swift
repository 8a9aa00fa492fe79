import Gestures

extension InputRecording {
    /// The `TouchFrame`s libinput would deliver for this recording on `mapping`'s display
    /// (see `EvdevTouchEmulator`). Refuses devices that are not touchscreens.
    public func touchFrames(mapping: DisplayMapping) throws(RecordingError) -> [TouchFrame] {
        var emulator: EvdevTouchEmulator
        do { emulator = try EvdevTouchEmulator(device: device, mapping: mapping) } catch { throw error.inFile(path) }
        var out: [TouchFrame] = []
        out.reserveCapacity(frames.count)
        for f in frames { if let t = emulator.process(f) { out.append(t) } }
        return out
    }
}
