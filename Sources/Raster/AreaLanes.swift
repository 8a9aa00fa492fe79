/// Float lanes for `CoverageAccumulator`'s column areas (`coverRow`): one piece (`Float`) or
/// four (`SIMD4<Float>`, in `PieceBatch`'s three-column flush), so both compute a piece's areas
/// with one body. Every operation is IEEE's, rounded once (Swift contracts no multiply-add), so
/// a lane computes exactly what `Float` does.
protocol AreaLanes {
    /// Every lane `v`.
    init(every v: Float)
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    /// Lane-wise min(self, 1); no lane is NaN.
    var atMostOne: Self { get }
}

extension Float: AreaLanes {
    @inline(__always) init(every v: Float) { self = v }
    @inline(__always) var atMostOne: Float { Swift.min(self, 1) }
}

extension SIMD4: AreaLanes where Scalar == Float {
    @inline(__always) init(every v: Float) { self.init(repeating: v) }
    @inline(__always) var atMostOne: Self { replacing(with: 1, where: self .> 1) }
}
