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
