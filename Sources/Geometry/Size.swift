/// A width and a height, in the units of the space they measure.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    public static let zero = Size(width: 0, height: 0)

    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }
    public var description: String { "\(width)×\(height)" }

    @inlinable public static func * (s: Size, k: Double) -> Size { Size(width: s.width * k, height: s.height * k) }
}
