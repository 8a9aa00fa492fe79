#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster

/// How one seat (or a legend swatch, or a tribune at the overview) looks: a fill colour, an
/// ink pattern over it, a glyph and an outline. Every status and every category has a
/// non-colour cue (a pattern or a glyph), so colour is never the only way to tell them apart.
///
/// Patterns are 8 × 8 tiles of pattern pixels, each `patternScale` × `patternScale` device
/// pixels (`MapStyle.patternScale`: about 2 mm a tile on the panel), anchored at the surface's
/// origin: they read the same at every zoom, and a seat and its tribune share one phase.
public struct SeatLook: Hashable, Sendable {
    /// The five things a seat can be for a visitor.
    public enum Status: Hashable, Sendable {
        /// For sale, in the venue's category `category` (its index in `Venue.categories`).
        case free(category: Int)
        /// Chosen by this visitor.
        case selected
        /// Held by another kiosk.
        case held
        case sold
        /// Not for sale (blocked, kept back).
        case blocked
    }

    /// A mark drawn in the middle of the seat (unrotated, so it always reads the same way).
    /// `pause` and `dash` are the high-contrast theme's (`MapStyle.seatShapes`).
    public enum Glyph: Int, Hashable, Sendable, CaseIterable {
        case none
        /// ✓, for the visitor's own seats.
        case check
        /// ✕, for sold seats.
        case cross
        /// Two upright bars (the pause sign: on hold), for seats held by another kiosk.
        case pause
        /// A level bar (the no-entry sign's), for seats not for sale.
        case dash
    }

    public var fill: Color
    /// The pattern's colour (where `pattern` has a bit set).
    public var ink: Color
    public var pattern: SeatPattern
    public var glyph: Glyph
    public var glyphColor: Color
    /// A thin outline (vector drawing only: swatches and the zoomed tribune's seats).
    public var outline: Color?
    /// Device pixels per pattern pixel, a power of two (1, 2, 4 or 8); set by `MapStyle`.
    public var patternScale = 1

    public init(fill: Color, ink: Color, pattern: SeatPattern, glyph: Glyph = .none, glyphColor: Color = .black,
                outline: Color? = nil) {
        self.fill = fill; self.ink = ink; self.pattern = pattern
        self.glyph = glyph; self.glyphColor = glyphColor; self.outline = outline
    }

    /// The look moved a fraction `t` (0…1) toward `ground`: what the map shows of seats the
    /// legend highlight does not pick out.
    public func faded(toward ground: Color, _ t: Double) -> SeatLook {
        var l = SeatLook(fill: fill.mixed(with: ground, t), ink: ink.mixed(with: ground, t), pattern: pattern, glyph: glyph,
                         glyphColor: glyphColor.mixed(with: ground, t), outline: outline?.mixed(with: ground, t))
        l.patternScale = patternScale
        return l
    }

    /// How far looks outside a legend highlight fade toward the background.
    public static let highlightFade = 0.72

    /// The colour of device pixel (`x`, `y`) inside the seat (before coverage).
    @inline(__always) public func color(x: Int, y: Int) -> Color {
        pattern.isInk(x: x, y: y, scale: patternScale) ? ink : fill
    }

    /// The glyph's outline in the unit square (y down), to be stroked with `glyphLineWidth`
    /// (units of the square's side) and round caps.
    public static func glyphPath(_ glyph: Glyph) -> Path {
        var p = Path()
        switch glyph {
        case .none: break
        case .check:
            p.move(to: Point(x: 0.20, y: 0.52)); p.addLine(to: Point(x: 0.42, y: 0.74)); p.addLine(to: Point(x: 0.80, y: 0.28))
        case .cross:
            p.move(to: Point(x: 0.26, y: 0.26)); p.addLine(to: Point(x: 0.74, y: 0.74))
            p.move(to: Point(x: 0.74, y: 0.26)); p.addLine(to: Point(x: 0.26, y: 0.74))
        case .pause:
            p.move(to: Point(x: 0.32, y: 0.22)); p.addLine(to: Point(x: 0.32, y: 0.78))
            p.move(to: Point(x: 0.68, y: 0.22)); p.addLine(to: Point(x: 0.68, y: 0.78))
        case .dash:
            p.move(to: Point(x: 0.18, y: 0.5)); p.addLine(to: Point(x: 0.82, y: 0.5))
        }
        return p
    }

    /// Stroke width of a glyph, in units of its box's side.
    public static let glyphLineWidth = 0.16

    /// Where a seat's glyph goes: on the squab (`SeatShape`: the rect (0, ½, 1 − k, ½ − ⅒) of
    /// the unit square, k = ⅓ − ⅒), a square of side `glyphSide` centred `glyphOffset` from the
    /// seat's centre, both in seat sides, unrotated (turn the offset with the seat).
    public static let glyphOffset = Point(x: (1 - (1.0 / 3 - 0.1)) / 2 - 0.5, y: 0.2)
    public static let glyphSide = 0.36

    /// The glyph's square for a seat centred at `center`, of side `size`, turned by `rotation`
    /// (radians), in the seat's coordinates.
    public static func glyphBox(center: Point, size: Double, rotation: Double) -> Rect {
        let c = cos(rotation), s = sin(rotation)
        let dx = glyphOffset.x * size, dy = glyphOffset.y * size
        let side = glyphSide * size
        return Rect(x: center.x + dx * c - dy * s - side / 2, y: center.y + dx * s + dy * c - side / 2, width: side, height: side)
    }
}

/// An 8 × 8 px ink pattern: bit `y · 8 + x` set means pixel (x mod 8, y mod 8) takes the ink.
public struct SeatPattern: Hashable, Sendable {
    public var bits: UInt64

    public init(bits: UInt64) { self.bits = bits }

    /// The pattern whose ink pixels are those where `ink(x, y)` holds (x, y in 0..<8).
    public init(_ ink: (Int, Int) -> Bool) {
        var b: UInt64 = 0
        for y in 0..<8 { for x in 0..<8 where ink(x, y) { b |= 1 << UInt64(y * 8 + x) } }
        bits = b
    }

    @inline(__always) public func isInk(x: Int, y: Int) -> Bool {
        bits >> UInt64(((y & 7) << 3) | (x & 7)) & 1 != 0
    }

    /// Whether device pixel (`x`, `y`) takes the ink when a pattern pixel is `scale` (a power
    /// of two) device pixels wide: the pattern pixel (⌊x / scale⌋, ⌊y / scale⌋).
    @inline(__always) public func isInk(x: Int, y: Int, scale: Int) -> Bool {
        let shift = scale.trailingZeroBitCount
        return isInk(x: x >> shift, y: y >> shift)
    }

    /// The fraction of the tile that is ink (0…1).
    public var inkFraction: Double { Double(bits.nonzeroBitCount) / 64 }

    public static let solid = SeatPattern(bits: 0)
    /// 2 × 2 px dots every 4 px.
    public static let dots = SeatPattern { x, y in (x & 3) >= 1 && (x & 3) <= 2 && (y & 3) >= 1 && (y & 3) <= 2 }
    /// 1 px horizontal lines every 4 px.
    public static let lines = SeatPattern { _, y in y & 3 == 0 }
    /// A 1 px grid every 8 px.
    public static let grid = SeatPattern { x, y in x & 7 == 0 || y & 7 == 0 }
    /// 1 px vertical lines every 4 px.
    public static let columns = SeatPattern { x, _ in x & 3 == 0 }
    /// 2 px lines falling to the right (↘), every 8 px.
    public static let backslash = SeatPattern { x, y in (x - y) & 7 < 2 }
    /// Bold stripes rising to the right (↗), half ink: held by another kiosk.
    public static let stripes = SeatPattern { x, y in (x + y) & 7 < 4 }
    /// Single pixels every 4 px: not for sale ("dotted").
    public static let sparseDots = SeatPattern { x, y in x & 3 == 0 && y & 3 == 0 }
}
