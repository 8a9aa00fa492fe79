/// A piece of chrome text and how it may give way when its box is too small for it: wrap
/// into up to `maxLines` lines, then shrink from `size` down to `floor` (px per em). Text that
/// still does not fit ends with an ellipsis; `essential` text (names, prices, totals, buttons,
/// notes) must never come to that, and the layout tests check it does not.
struct ChromeText {
    var string: String
    var bold = false
    /// Preferred em size, px.
    var size: Double
    /// The smallest em size, px.
    var floor: Double
    var maxLines = 1
    var essential = true
    var centered = false

    /// `units` and `floorUnits` in the layout's chrome units; neither below `layout.textFloor`.
    init(_ string: String, _ units: Double, floorUnits: Double = 0, bold: Bool = false, lines: Int = 1,
         centered: Bool = false, essential: Bool = true, layout: KioskLayout) {
        self.string = string
        self.bold = bold
        size = max(units * layout.chromeUnit, layout.textFloor)
        floor = min(size, max(floorUnits * layout.chromeUnit, layout.textFloor))
        maxLines = lines
        self.centered = centered
        self.essential = essential
    }

    /// `string` on one line at `size` px, not shrinking: text sized by its own rule (the seat
    /// callout's, from the panel's millimetres).
    init(_ string: String, px size: Double, bold: Bool) {
        self.string = string
        self.bold = bold
        self.size = size
        floor = size
    }
}
