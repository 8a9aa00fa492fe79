import Geometry

/// The field as SportFan's `Field` shape draws it: the rectangle, the halfway line and the
/// centre circle (diameter a quarter of the field's width).
public enum FieldMarkings {
    /// The markings of `field` as one path (rect, midline, circle: three subpaths).
    public static func path(for field: Rect) -> Path {
        var p = Path()
        p.addRect(field)
        p.move(to: Point(x: field.midX, y: field.minY))
        p.addLine(to: Point(x: field.midX, y: field.maxY))
        // (SportFan moves to (midX, midX) first, a typo without effect: the ellipse starts its
        // own subpath.)
        p.addEllipse(in: centerCircle(for: field))
        return p
    }

    /// The centre circle's bounding square: side width / 4, centred on the field.
    public static func centerCircle(for field: Rect) -> Rect {
        Rect(x: field.midX - field.width / 8, y: field.midY - field.width / 8,
             width: field.width / 4, height: field.width / 4)
    }
}
