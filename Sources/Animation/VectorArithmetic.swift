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
