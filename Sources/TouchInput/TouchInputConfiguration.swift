import Geometry
import Gestures

/// How the live touch path is set up: which seat, which picture the touches land on, and
/// which device drives it.
public struct TouchInputConfiguration: Sendable {
    /// The udev seat libinput assigns (`ID_SEAT`), normally `seat0`.
    public var seat: String = "seat0"
    /// The upright picture's size in pixels (what the UI sees), before the display rotation.
    public var displaySize: Size
    /// The display rotation shared with the renderer (clockwise).
    public var rotation: DisplayRotation
    /// Replaces the device's `LIBINPUT_CALIBRATION_MATRIX`; applied by libinput with
    /// `libinput_device_config_calibration_set_matrix`. Nil: the udev property applies by itself.
    public var calibration: CalibrationMatrix?
    /// With several touchscreens, the one that drives the display: its name as libinput reports
    /// it (`libinput list-devices`), its kernel name (`event5`) or its node (`/dev/input/event5`).
    /// Nil: every touchscreen on the seat.
    public var deviceName: String?
    /// The panel's active area in millimetres (panel orientation), for devices that report no
    /// axis resolution. Nil: unknown unless the device reports it.
    public var physicalSize: Size?

    public init(displaySize: Size, rotation: DisplayRotation) {
        self.displaySize = displaySize
        self.rotation = rotation
    }

    /// The mapping from normalized, calibrated panel coordinates to picture pixels. Calibration
    /// is left out: libinput has applied it before the coordinates reach Tribune.
    public var displayMapping: DisplayMapping { DisplayMapping(size: displaySize, rotation: rotation, calibration: nil) }
}
