/// An input event device as udev describes it.
public struct InputDeviceInfo: Hashable, Sendable {
    /// E.g. `/dev/input/event3`.
    public var deviceNode: String
    /// The kernel's device name, e.g. `ILITEK ILITEK-TP`.
    public var name: String
    /// The `LIBINPUT_CALIBRATION_MATRIX` udev property, when a rule sets one.
    public var calibrationMatrix: String?

    public init(deviceNode: String, name: String, calibrationMatrix: String? = nil) {
        self.deviceNode = deviceNode; self.name = name; self.calibrationMatrix = calibrationMatrix
    }
}
