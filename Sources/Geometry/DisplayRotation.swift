/// How the picture is turned on the panel, clockwise: the one value shared by the renderer
/// (which draws the upright picture turned by it into the framebuffer) and by touch (which
/// turns the panel's coordinates back into the upright picture's).
public enum DisplayRotation: Int, Hashable, Sendable, CaseIterable {
    case degrees0 = 0, degrees90 = 90, degrees180 = 180, degrees270 = 270

    /// 0, 90, 180 or 270 (also −90, 360…: any multiple of 90); nil otherwise.
    public init?(degrees: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.init(rawValue: d)
    }

    /// True for 90 and 270: the panel's width is the picture's height.
    public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }
}
