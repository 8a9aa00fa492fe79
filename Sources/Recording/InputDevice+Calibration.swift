import Evdev
import Gestures

extension InputDevice {
    /// `LIBINPUT_CALIBRATION_MATRIX` from the udev properties (identity when absent).
    public func calibrationMatrix() throws(RecordingError) -> CalibrationMatrix {
        guard let text = udevProperty("LIBINPUT_CALIBRATION_MATRIX") else { return .identity }
        guard let m = CalibrationMatrix(udevValue: text) else {
            throw RecordingError(file: "", line: nil,
                                 message: "LIBINPUT_CALIBRATION_MATRIX=\"\(text)\": expected six numbers \"a b c d e f\"")
        }
        return m
    }
}
