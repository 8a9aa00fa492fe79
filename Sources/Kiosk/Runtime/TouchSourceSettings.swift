import Geometry
import Gestures

/// What the runtime asks of a touch source factory: the seat, the device filter, calibration
/// and how the picture sits on the panel (the logical screen size and the one rotation shared
/// with the display).
public struct TouchSourceSettings: Sendable {
    public var seat: String
    public var deviceName: String?
    public var calibration: CalibrationMatrix?
    /// The upright picture (logical screen), px.
    public var screenSize: Size
    public var rotation: DisplayRotation
    /// The panel's active area in mm (panel orientation), when configured.
    public var physicalSize: Size?
}
