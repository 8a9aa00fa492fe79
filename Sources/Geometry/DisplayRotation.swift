/// How the upright picture is turned on the panel, clockwise: the one value shared by the
/// renderer and the presenter (which draw the upright picture turned by it into the panel's
/// buffer) and by touch (which turns the panel's coordinates back into the upright picture's).
/// With `.degrees90` the picture's top-left pixel lands at the panel's top-right.
public enum DisplayRotation: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case degrees0 = 0, degrees90 = 90, degrees180 = 180, degrees270 = 270

    /// 0, 90, 180 or 270 (also −90, 360…: any multiple of 90); nil otherwise.
    public init?(degrees: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.init(rawValue: d)
    }

    /// The rotation that compensates a DRM connector's `panel orientation` property value
    /// (`Normal`, `Upside Down`, `Left Side Up`, `Right Side Up`). "Left Side Up" means the panel's
    /// left edge is at the top (mounted turned 90° clockwise), so content turns 90° counter-clockwise
    /// (`.degrees270`); Weston maps it to its counter-clockwise transform 90, the same thing.
    /// Unknown names are `.degrees0`.
    public init(panelOrientation name: String) {
        switch name {
        case "Upside Down": self = .degrees180
        case "Left Side Up": self = .degrees270
        case "Right Side Up": self = .degrees90
        default: self = .degrees0
        }
    }

    public var description: String { "\(rawValue)°" }

    /// Applies `self` then `other` (rotations add).
    public func followed(by other: DisplayRotation) -> DisplayRotation {
        DisplayRotation(rawValue: (rawValue + other.rawValue) % 360) ?? .degrees0
    }

    /// True for 90 and 270: the panel's width is the picture's height.
    public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }

    /// The upright picture's size, px, for a panel (device) of `w`×`h` px.
    public func logicalSize(deviceWidth w: Int, deviceHeight h: Int) -> (width: Int, height: Int) {
        swapsAxes ? (h, w) : (w, h)
    }

    /// The panel pixel showing pixel (x, y) of an upright `lw`×`lh` picture.
    public func devicePoint(x: Int, y: Int, logicalWidth lw: Int, logicalHeight lh: Int) -> (x: Int, y: Int) {
        switch self {
        case .degrees0: (x, y)
        case .degrees90: (lh - 1 - y, x)
        case .degrees180: (lw - 1 - x, lh - 1 - y)
        case .degrees270: (y, lw - 1 - x)
        }
    }
}
