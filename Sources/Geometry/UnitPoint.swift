/// A point in a unit square (0…1 on each axis) used as an anchor, like SwiftUI's `UnitPoint`.
/// (0, 0) is the top-left (leading) corner, (1, 1) the bottom-right.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The anchor's position inside `rect`.
    @inlinable public func point(in rect: Rect) -> Point {
        Point(x: rect.origin.x + x * rect.size.width, y: rect.origin.y + y * rect.size.height)
    }
}
