import Udev

extension UdevContext {
    /// The event devices (`/dev/input/event*`) that udev tags as touchscreens
    /// (`ID_INPUT_TOUCHSCREEN=1`), sorted by device node.
    public func touchscreens() -> [InputDeviceInfo] {
        inputDevices(matchingProperty: "ID_INPUT_TOUCHSCREEN", value: "1")
    }
}
