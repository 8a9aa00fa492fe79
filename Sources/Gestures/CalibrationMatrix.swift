/// libinput's touch calibration: the first two rows `a b c / d e f` of a 3×3 matrix applied in
/// normalized device space (x, y in 0…1 across the axis range; c, f in multiples of it):
/// x' = a·x + b·y + c, y' = d·x + e·y + f. The udev property `LIBINPUT_CALIBRATION_MATRIX`.
public struct CalibrationMatrix: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// Parses `"a b c d e f"` (udev's format); nil unless exactly six finite numbers.
    public init?(udevValue: String) {
        let parts = udevValue.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\"" })
        let values = parts.compactMap { Double($0) }
        guard parts.count == 6, values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    public var isIdentity: Bool { self == .identity }

    @inlinable public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }
}
