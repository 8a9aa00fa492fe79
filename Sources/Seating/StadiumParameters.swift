/// What the stadium generator needs: SportFan's drawing generalised by four numbers.
///
/// The design is `width` = the view's width, `sectors` = 4, `rowsPerTribune` = 10 (seat size =
/// tribune height × 0.1), `tribuneWidthDivisor` = 3 and `tribuneHeightDivisor` = 4.5 (a tribune
/// measures sectorDiff/3 × sectorDiff/4.5). `design(width:)` gives exactly that.
public struct StadiumParameters: Hashable, Sendable {
    /// Width of the stadium; the height is width / 1.3.
    public var width: Double
    /// Number of concentric rings (SportFan: `sectorsNumber`).
    public var sectors: Int
    /// Rows of seats across a tribune; the seat size is tribune height × (1 / rows).
    public var rowsPerTribune: Int
    /// Tribune width = sectorDiff / this.
    public var tribuneWidthDivisor: Double
    /// Tribune height = sectorDiff / this.
    public var tribuneHeightDivisor: Double

    public init(width: Double, sectors: Int, rowsPerTribune: Int, tribuneWidthDivisor: Double,
                tribuneHeightDivisor: Double = 4.5) {
        self.width = width; self.sectors = sectors; self.rowsPerTribune = rowsPerTribune
        self.tribuneWidthDivisor = tribuneWidthDivisor; self.tribuneHeightDivisor = tribuneHeightDivisor
    }

    /// SportFan's stadium exactly.
    public static func design(width: Double = 1000) -> StadiumParameters {
        StadiumParameters(width: width, sectors: 4, rowsPerTribune: 10, tribuneWidthDivisor: 3)
    }

    /// The aspect of the stadium (width : height).
    public static let aspect = 1.3

    /// A reason the parameters cannot make a stadium, or nil.
    public var problem: String? {
        if !(width.isFinite && width > 0) { return "width must be a positive number, found \(width)" }
        if !(1...64).contains(sectors) { return "sectors must be 1…64, found \(sectors)" }
        if !(1...200).contains(rowsPerTribune) { return "rows per tribune must be 1…200, found \(rowsPerTribune)" }
        if !(tribuneWidthDivisor.isFinite && tribuneWidthDivisor >= 0.5) {
            return "tribune width divisor must be ≥ 0.5, found \(tribuneWidthDivisor)"
        }
        if !(tribuneHeightDivisor.isFinite && tribuneHeightDivisor > 2) {
            return "tribune height divisor must be > 2 (tribunes must fit between rings), found \(tribuneHeightDivisor)"
        }
        return nil
    }
}
