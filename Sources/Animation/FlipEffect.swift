import Geometry

/// A card flip about an axis through the view's centre, with perspective
/// (`m34 = −1/max(width, height)`). Past 90° the back faces the viewer: `showsBackSide` turns
/// true so the renderer swaps to the back content, and the rotation is shifted by 180° so the
/// back content is not mirrored.
public struct FlipEffect: GeometryEffect, Hashable {
    /// The rotation in degrees; any value (taken modulo 360 for the side).
    public var angle: Double
    /// The rotation axis in the view's plane, e.g. (0, 1) for a horizontal flip about the
    /// vertical axis.
    public var axisX: Double, axisY: Double

    public init(angle: Double, axis: (x: Double, y: Double) = (0, 1)) {
        self.angle = angle; axisX = axis.x; axisY = axis.y
    }

    public var animatableData: Double {
        get { angle }
        set { angle = newValue }
    }

    /// True while the back side faces the viewer: angle modulo 360 in [90°, 270°).
    public var showsBackSide: Bool {
        guard angle.isFinite else { return false }
        var a = angle.truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        return a >= 90 && a < 270
    }

    public func effectValue(size: Size) -> ProjectionTransform {
        let w = size.width, h = size.height
        let shown = showsBackSide ? angle - 180 : angle
        var t = Transform3D.identity
        let extent = max(w, h)
        if extent > 0 { t.m34 = -1 / extent }
        t = t.rotated(by: shown * .pi / 180, x: axisX, y: axisY, z: 0)
        t = t.translatedBy(x: -w / 2, y: -h / 2, z: 0)
        return ProjectionTransform(t).concatenating(ProjectionTransform(AffineTransform(translationX: w / 2, y: h / 2)))
    }
}
