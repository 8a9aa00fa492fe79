/// A price category: seats of one category cost the same and share a colour on the chart.
public struct SeatCategory: Hashable, Sendable {
    /// Stable id used by seats and by the box office (e.g. "CAT1").
    public var id: String
    /// Name shown in the legend.
    public var name: String
    /// `name` in other languages (the file's optional `names`).
    public var names: LocalizedNames
    /// Colour as "#RRGGBB" (sRGB).
    public var color: String
    /// Price in minor units of `currency` (cents for EUR).
    public var priceMinor: Int64
    /// ISO 4217 code, three upper-case letters.
    public var currency: String

    public init(id: String, name: String, names: LocalizedNames = [:], color: String, priceMinor: Int64, currency: String) {
        self.id = id; self.name = name; self.names = names; self.color = color; self.priceMinor = priceMinor; self.currency = currency
    }
}
