/// How a path is stroked, with SwiftUI's/cairo's meanings. Widths and dash lengths are in user
/// space (the current transform scales them).
public struct StrokeStyle: Hashable, Sendable {
    public enum LineCap: String, Hashable, Sendable { case butt, round, square }
    public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }

    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// Miters longer than `miterLimit · lineWidth` (tip to inner corner ratio, as cairo and
    /// SVG define it) are drawn as bevels.
    public var miterLimit: Double
    /// Alternating on/off lengths; empty means solid. Negative or all-zero patterns draw solid.
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }
}
