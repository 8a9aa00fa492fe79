import Raster

/// How the logical (rendered) image is turned on the way to the panel: the shadow buffer has the
/// logical size, the dumb buffer the mode's size. `.r90` turns the image 90° clockwise on screen,
/// so the logical top-left pixel lands at the panel's top-right. One value for rendering and touch.
public enum DRMRotation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270

    /// `degrees` in {0, 90, 180, 270} (also negative or ≥ 360 multiples of 90); nil otherwise.
    public init?(degrees: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.init(rawValue: d)
    }

    public var description: String { "\(rawValue)°" }

    /// Applies `self` then `other` (rotations add).
    public func followed(by other: DRMRotation) -> DRMRotation { DRMRotation(degrees: rawValue + other.rawValue)! }

    /// Whether width and height swap between logical and device space.
    public var swapsAxes: Bool { self == .r90 || self == .r270 }

    /// The logical (shadow) size for a device (mode) size.
    public func logicalSize(deviceWidth w: Int, deviceHeight h: Int) -> (width: Int, height: Int) {
        swapsAxes ? (h, w) : (w, h)
    }

    /// The device pixel showing logical pixel (x, y) of a `logicalWidth`×`logicalHeight` image.
    public func devicePoint(x: Int, y: Int, logicalWidth lw: Int, logicalHeight lh: Int) -> (x: Int, y: Int) {
        switch self {
        case .r0: (x, y)
        case .r90: (lh - 1 - y, x)
        case .r180: (lw - 1 - x, lh - 1 - y)
        case .r270: (y, lw - 1 - x)
        }
    }

    /// The device rectangle covered by a logical rectangle.
    public func deviceRect(_ r: PixelRect, logicalWidth lw: Int, logicalHeight lh: Int) -> PixelRect {
        switch self {
        case .r0: r
        case .r90: PixelRect(x: lh - r.maxY, y: r.x, width: r.height, height: r.width)
        case .r180: PixelRect(x: lw - r.maxX, y: lh - r.maxY, width: r.width, height: r.height)
        case .r270: PixelRect(x: r.y, y: lw - r.maxX, width: r.height, height: r.width)
        }
    }

    /// The rotation that compensates a connector's `panel orientation` property value
    /// (`Normal`, `Upside Down`, `Left Side Up`, `Right Side Up`). "Left Side Up" means the panel's
    /// left edge is at the top (mounted turned 90° clockwise), so content turns 90° counter-clockwise
    /// (`.r270`); Weston maps it to its counter-clockwise transform 90, the same thing.
    public init(panelOrientation name: String) {
        switch name {
        case "Upside Down": self = .r180
        case "Left Side Up": self = .r270
        case "Right Side Up": self = .r90
        default: self = .r0
        }
    }
}
