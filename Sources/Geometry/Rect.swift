/// An axis-aligned rectangle with CGRect's semantics: `origin` and `size`, where a negative
/// width or height extends the rect to the left or up. `minX…maxY` always give the
/// standardized edges.
///
/// `Rect.null` (the result of intersecting disjoint rects) has an infinite origin and is empty;
/// the union with `null` is the other rect.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The smallest rect containing both points.
    @inlinable public init(corner p: Point, _ q: Point) {
        self.init(x: Swift.min(p.x, q.x), y: Swift.min(p.y, q.y),
                  width: Swift.abs(q.x - p.x), height: Swift.abs(q.y - p.y))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    public static let infinite = Rect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
                                      width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    @inlinable public var width: Double { Swift.abs(size.width) }
    @inlinable public var height: Double { Swift.abs(size.height) }
    @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
    @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
    @inlinable public var midX: Double { (minX + maxX) / 2 }
    @inlinable public var midY: Double { (minY + maxY) / 2 }
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// The same rect with a non-negative width and height.
    @inlinable public var standardized: Rect {
        isNull ? self : Rect(x: minX, y: minY, width: width, height: height)
    }
    /// True for `Rect.null`: the result of intersecting rects that do not meet.
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    /// True when null, or with zero width or height (or NaN extents).
    @inlinable public var isEmpty: Bool { isNull || !(width > 0) || !(height > 0) }
    @inlinable public var isInfinite: Bool { self == Rect.infinite }

    /// The rect shrunk by `dx` on the left and right and `dy` on top and bottom (grown when
    /// negative); null when it would turn inside out.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        let s = standardized
        let w = s.size.width - 2 * dx, h = s.size.height - 2 * dy
        if w < 0 || h < 0 { return .null }
        return Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: w, height: h)
    }
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
    /// The smallest rect containing both; `null` is the identity.
    @inlinable public func union(_ r: Rect) -> Rect {
        if isNull { return r.standardized }
        if r.isNull { return standardized }
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
    /// The common part; `null` when the rects do not meet (touching edges give a zero-size rect).
    @inlinable public func intersection(_ r: Rect) -> Rect {
        if isNull || r.isNull { return .null }
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    @inlinable public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }
    /// Half-open containment like CGRect: `minX ≤ x < maxX`, `minY ≤ y < maxY`.
    @inlinable public func contains(_ p: Point) -> Bool {
        !isNull && p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// True when `r` lies wholly inside; an empty receiver contains nothing.
    @inlinable public func contains(_ r: Rect) -> Bool {
        if isEmpty || r.isNull { return false }
        return r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    public var description: String { "Rect(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
