#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster
import Seating

/// What the map shows: each category's display colour and non-colour cue, and the looks of
/// the five seat statuses. The chart (tribunes at the overview, seats when zoomed) and the
/// legend draw from the same style.
///
/// Display colours are the Okabe–Ito palette (Okabe & Ito 2002, chosen to stay apart under
/// protanopia, deuteranopia and tritanopia), given to the venue's categories in their order;
/// the venue file's own colours are not shown (the generator's orange, navy, steel blue and
/// teal map hue for hue onto orange, blue, sky blue and bluish green). Cues cycle through
/// solid, dots, lines, grid, columns and backslash hatching, so the first six categories
/// differ by pattern as well as colour; statuses use patterns and glyphs no category uses
/// (stripes, sparse dots, ✓, ✕).
public struct MapStyle: Hashable, Sendable {
    /// One category's look as a free seat.
    public struct CategoryLook: Hashable, Sendable {
        public var color: Color
        /// The cue's ink: the colour darkened, or lightened when it is dark itself.
        public var ink: Color
        public var pattern: SeatPattern
    }

    /// Per venue category, in the venue's order.
    public let categories: [CategoryLook]
    /// Device pixels per pattern pixel for every look this style gives (`patternScale(pixelsPerMillimetre:)`).
    public let patternScale: Int
    /// The high-contrast theme's seats: every status other than free carries its own mark
    /// (✓ selected, ❚❚ held, ✕ sold, — not for sale) on a plain fill whose contrast with the
    /// mark is at least 7:1, so the statuses differ by shape and not only by colour or a
    /// fine pattern (`shaped(_:)`). Free seats keep their category's colour and cue.
    public var seatShapes = false

    /// Okabe–Ito without black, in the order categories take them.
    public static let okabeIto: [Color] = [
        Color(red: 230 / 255, green: 159 / 255, blue: 0),           // orange
        Color(red: 0, green: 114 / 255, blue: 178 / 255),           // blue
        Color(red: 86 / 255, green: 180 / 255, blue: 233 / 255),    // sky blue
        Color(red: 0, green: 158 / 255, blue: 115 / 255),           // bluish green
        Color(red: 213 / 255, green: 94 / 255, blue: 0),            // vermillion
        Color(red: 204 / 255, green: 121 / 255, blue: 167 / 255),   // reddish purple
        Color(red: 240 / 255, green: 228 / 255, blue: 66 / 255),    // yellow
    ]

    /// The category cues, in the order categories take them.
    public static let cues: [SeatPattern] = [.solid, .dots, .lines, .grid, .columns, .backslash]

    /// The status looks other than free.
    public static let selected = SeatLook(fill: .white, ink: .white, pattern: .solid, glyph: .check,
                                          glyphColor: Color(red: 0.05, green: 0.07, blue: 0.12))
    public static let held = SeatLook(fill: Color(red: 0.66, green: 0.67, blue: 0.70), ink: Color(red: 0.34, green: 0.35, blue: 0.39),
                                      pattern: .stripes)
    public static let sold = SeatLook(fill: Color(red: 0.24, green: 0.25, blue: 0.29), ink: Color(red: 0.24, green: 0.25, blue: 0.29),
                                      pattern: .solid, glyph: .cross, glyphColor: Color(red: 0.66, green: 0.67, blue: 0.71))
    public static let blocked = SeatLook(fill: Color(red: 0.10, green: 0.12, blue: 0.18), ink: Color(red: 0.58, green: 0.60, blue: 0.65),
                                         pattern: .sparseDots, outline: Color(red: 0.58, green: 0.60, blue: 0.65))

    /// The status looks of the high-contrast theme (`seatShapes`): a mark each, no pattern.
    /// Mark against fill (WCAG 2): dark on white ≈ 18:1, dark on the grey ≈ 8:1, white on
    /// the dark grey ≈ 12:1, white on the navy ≈ 17:1.
    public static let shapedHeld = SeatLook(fill: Color(red: 0.66, green: 0.67, blue: 0.70), ink: Color(red: 0.66, green: 0.67, blue: 0.70),
                                            pattern: .solid, glyph: .pause, glyphColor: Color(red: 0.05, green: 0.07, blue: 0.12))
    public static let shapedSold = SeatLook(fill: Color(red: 0.24, green: 0.25, blue: 0.29), ink: Color(red: 0.24, green: 0.25, blue: 0.29),
                                            pattern: .solid, glyph: .cross, glyphColor: .white)
    public static let shapedBlocked = SeatLook(fill: Color(red: 0.10, green: 0.12, blue: 0.18), ink: Color(red: 0.10, green: 0.12, blue: 0.18),
                                               pattern: .solid, glyph: .dash, glyphColor: .white)

    /// The style for a venue's categories, patterns drawn with `patternScale` px per pattern
    /// pixel, statuses marked by shape when `seatShapes`.
    public init(categories: [SeatCategory], patternScale: Int = 1, seatShapes: Bool = false) {
        self.categories = categories.indices.map { MapStyle.categoryLook($0) }
        self.patternScale = patternScale
        self.seatShapes = seatShapes
    }

    public init(venue: Venue, patternScale: Int = 1, seatShapes: Bool = false) {
        self.init(categories: venue.categories, patternScale: patternScale, seatShapes: seatShapes)
    }

    /// This style with `seatShapes` set to `on`.
    public func shaped(_ on: Bool) -> MapStyle {
        var m = self
        m.seatShapes = on
        return m
    }

    /// Device pixels per pattern pixel on a panel of `pixelsPerMillimetre`: the smallest power
    /// of two (up to 8) making a pattern pixel at least 0.25 mm, so a tile is at least 2 mm and
    /// the finest line 0.25 mm — 1 at 4 px/mm or less (and unknown), 2 on a 32" 4K (5.4 px/mm)
    /// or a 7" (6 px/mm), 4 above 8 px/mm.
    public static func patternScale(pixelsPerMillimetre ppm: Double) -> Int {
        guard ppm.isFinite, ppm > 0 else { return 1 }
        var k = 1
        while k < 8 && Double(k) < 0.25 * ppm - 1e-9 { k *= 2 }
        return k
    }

    /// The look of category index `i` (any index: colours and cues cycle).
    public static func categoryLook(_ i: Int) -> CategoryLook {
        let k = Swift.max(i, 0)
        let c = okabeIto[k % okabeIto.count]
        // Relative luminance (WCAG) decides whether the ink darkens or lightens.
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        let y = 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        let ink = y > 0.18 ? c.mixed(with: .black, 0.45) : c.mixed(with: .white, 0.45)
        return CategoryLook(color: c, ink: ink, pattern: cues[k % cues.count])
    }

    /// The category look of index `i` (the style's own, else the cycle's).
    public func category(_ i: Int) -> CategoryLook {
        categories.indices.contains(i) ? categories[i] : MapStyle.categoryLook(i)
    }

    /// The look of a seat status with the legend highlighting `highlight` (nil: nothing): a
    /// status other than the highlighted one fades toward `background`.
    public func look(_ status: SeatLook.Status, highlight: SeatLook.Status?, background: Color) -> SeatLook {
        let l = look(status)
        guard let h = highlight, h != status else { return l }
        return l.faded(toward: background, SeatLook.highlightFade)
    }

    /// Bit `p` set: the look of `ChartScene.Paint` `p` carries a mark (the statuses' paints
    /// below `hidden`; free seats never do).
    var markedPaints: UInt32 {
        var bits: UInt32 = 0
        for p in 0..<ChartScene.Paint.hidden where ChartScene.Paint.status(p).map({ look($0).glyph != .none }) == true {
            bits |= 1 << UInt32(p)
        }
        return bits
    }

    /// The look of a seat status.
    public func look(_ status: SeatLook.Status) -> SeatLook {
        var l: SeatLook
        switch status {
        case .free(let i):
            let c = category(i)
            l = SeatLook(fill: c.color, ink: c.ink, pattern: c.pattern)
        case .selected: l = MapStyle.selected
        case .held: l = seatShapes ? MapStyle.shapedHeld : MapStyle.held
        case .sold: l = seatShapes ? MapStyle.shapedSold : MapStyle.sold
        case .blocked: l = seatShapes ? MapStyle.shapedBlocked : MapStyle.blocked
        }
        l.patternScale = patternScale
        return l
    }

    /// A tribune's look: its category's colour and cue, moved a fraction `dim` (0…1) toward
    /// `background` (`tribuneDim(deviceSeat:)`).
    public func tribuneLook(category i: Int, background: Color, dim: Double) -> SeatLook {
        let c = category(i)
        var l = SeatLook(fill: c.color.mixed(with: background, dim), ink: c.ink.mixed(with: background, dim), pattern: c.pattern)
        l.patternScale = patternScale
        return l
    }

    /// How far a tribune's fill goes toward the background for seats `deviceSeat` px wide: at
    /// the overview seats are dots and the tribune keeps nearly its category's colour, so it
    /// reads as one patterned field; zoomed (seats of 12 px and more) it darkens so the seats,
    /// in full colour, stand out on it; in between it ramps.
    public static func tribuneDim(deviceSeat: Double) -> Double {
        let t = Swift.min(Swift.max((deviceSeat - 6) / 6, 0), 1)
        return t.isFinite ? 0.12 + (0.45 - 0.12) * t : 0.45
    }

    /// Where patterns are anchored for chart → device `m`: the device pixel of the chart's
    /// origin, rounded, so a pan by whole pixels moves the patterns with the map.
    public static func patternOrigin(_ m: AffineTransform) -> (x: Int, y: Int) {
        func pixel(_ v: Double) -> Int { v.isFinite && abs(v) < 1e9 ? Int(v.rounded()) : 0 }
        return (pixel(m.tx), pixel(m.ty))
    }

    /// Device → chart for patterns drawn under chart → device `m` (anchored at `patternOrigin`).
    public static func patternPlacement(_ m: AffineTransform) -> AffineTransform {
        let o = patternOrigin(m)
        return AffineTransform(translationX: Double(o.x), y: Double(o.y)).concatenating(m.inverted())
    }

    /// Each tribune's category: the one most of its seats have (ties to the lower index; a
    /// tribune without seats: 0). Generated stadiums give a tribune one category by ring, with
    /// a few wheelchair spaces in the innermost ring, so the majority is the tribune's price.
    public static func tribuneCategories(_ venue: Venue) -> [Int] {
        let n = Swift.max(venue.categories.count, 1)
        var counts = [Int](repeating: 0, count: n)
        return venue.tribunes.map { t in
            for k in 0..<n { counts[k] = 0 }
            for s in t.seats { counts[Swift.min(Int(venue.seats[s].category), n - 1)] += 1 }
            var best = 0
            for k in 1..<n where counts[k] > counts[best] { best = k }
            return best
        }
    }
}
