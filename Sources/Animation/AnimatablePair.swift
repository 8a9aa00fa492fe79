/// Two vectors side by side: the way to animate several properties of one value at once
/// (SwiftUI's `AnimatablePair`). Nest pairs for more than two.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    @inlinable public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    @inlinable public static var zero: Self { Self(.zero, .zero) }
    @inlinable public static func + (l: Self, r: Self) -> Self { Self(l.first + r.first, l.second + r.second) }
    @inlinable public static func - (l: Self, r: Self) -> Self { Self(l.first - r.first, l.second - r.second) }
    @inlinable public static func == (l: Self, r: Self) -> Bool { l.first == r.first && l.second == r.second }
    @inlinable public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
    @inlinable public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
    @inlinable public static var scalarCount: Int { First.scalarCount + Second.scalarCount }
    @inlinable public func store(into buffer: UnsafeMutablePointer<Double>) {
        first.store(into: buffer)
        second.store(into: buffer + First.scalarCount)
    }
    @inlinable public init(loadingFrom buffer: UnsafePointer<Double>) {
        first = First(loadingFrom: buffer)
        second = Second(loadingFrom: buffer + First.scalarCount)
    }
}
