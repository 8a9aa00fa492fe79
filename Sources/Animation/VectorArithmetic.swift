/// A vector space of animatable data, like SwiftUI's `VectorArithmetic`, with a fixed number of
/// `Double` components so the animator can keep running animations in flat `Double` arrays.
///
/// Interpolation is `from + (to − from)·p`; springs integrate each component independently.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The sum of the squared components (the dot product with itself).
    var magnitudeSquared: Double { get }
    /// How many `Double` components a value has (the same for every value of the type).
    static var scalarCount: Int { get }
    /// Writes the `scalarCount` components to `buffer[0 ..< scalarCount]`.
    func store(into buffer: UnsafeMutablePointer<Double>)
    /// Reads a value back from `buffer[0 ..< scalarCount]`.
    init(loadingFrom buffer: UnsafePointer<Double>)
}

extension VectorArithmetic {
    /// The value multiplied by `rhs`.
    @inlinable public func scaled(by rhs: Double) -> Self {
        var v = self
        v.scale(by: rhs)
        return v
    }

    /// `self + (to − self)·t`.
    @inlinable public func interpolated(towards to: Self, amount t: Double) -> Self {
        self + (to - self).scaled(by: t)
    }
}

extension Double: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= rhs }
    @inlinable public var magnitudeSquared: Double { self * self }
    @inlinable public static var scalarCount: Int { 1 }
    @inlinable public func store(into buffer: UnsafeMutablePointer<Double>) { buffer[0] = self }
    @inlinable public init(loadingFrom buffer: UnsafePointer<Double>) { self = buffer[0] }
}

/// The animatable data of a value with nothing to animate.
public struct EmptyAnimatableData: VectorArithmetic, Hashable {
    @inlinable public init() {}
    @inlinable public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    @inlinable public static func + (l: Self, r: Self) -> Self { l }
    @inlinable public static func - (l: Self, r: Self) -> Self { l }
    @inlinable public mutating func scale(by rhs: Double) {}
    @inlinable public var magnitudeSquared: Double { 0 }
    @inlinable public static var scalarCount: Int { 0 }
    @inlinable public func store(into buffer: UnsafeMutablePointer<Double>) {}
    @inlinable public init(loadingFrom buffer: UnsafePointer<Double>) {}
}

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
