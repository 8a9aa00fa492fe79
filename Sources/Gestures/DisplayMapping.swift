import Geometry

/// Where touches land on the picture: the picture's size in pixels (upright, as the UI sees
/// it), the display rotation, and an optional calibration that overrides the device's own
/// `LIBINPUT_CALIBRATION_MATRIX` (what `libinput_device_config_calibration_set_matrix` does
/// on the live path).
///
/// Touch positions arrive normalized over the panel's axis ranges, exactly
/// `libinput_event_touch_get_x_transformed(event, 1)` = `(x − min) / (max − min + 1)` after
/// calibration, in the panel's own orientation. With rotation R (clockwise) the upright
/// picture of size W×H is drawn turned by R, so a panel point (u, v) is the picture point
/// 0°: (u·W, v·H) · 90°: (v·W, (1−u)·H) · 180°: ((1−u)·W, (1−v)·H) · 270°: ((1−v)·W, u·H).
public struct DisplayMapping: Hashable, Sendable {
    /// The upright picture's size, px.
    public var size: Size
    public var rotation: DisplayRotation
    /// Replaces the device's calibration matrix when set.
    public var calibration: CalibrationMatrix?

    public init(size: Size, rotation: DisplayRotation = .degrees0, calibration: CalibrationMatrix? = nil) {
        self.size = size; self.rotation = rotation; self.calibration = calibration
    }

    /// The picture point (px, y down) of the normalized panel point (u, v).
    @inlinable public func screenPoint(u: Double, v: Double) -> Point {
        switch rotation {
        case .degrees0: return Point(x: u * size.width, y: v * size.height)
        case .degrees90: return Point(x: v * size.width, y: (1 - u) * size.height)
        case .degrees180: return Point(x: (1 - u) * size.width, y: (1 - v) * size.height)
        case .degrees270: return Point(x: (1 - v) * size.width, y: u * size.height)
        }
    }
}
