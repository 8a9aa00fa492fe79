/// An RGBA colour with **premultiplied** sRGB components in 0…1, the form in which colours
/// interpolate without dark fringes (a fade from opaque red to transparent blue never shows
/// purple at partial opacity). Animation cannot import Raster; a renderer converts with
/// `straightComponents` (or reads the premultiplied ones directly).
public struct AnimatableColor: VectorArithmetic, Animatable, Hashable, CustomStringConvertible {
    /// Premultiplied red, green, blue (each ≤ `alpha` for a valid colour) and alpha.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from premultiplied components.
    @inlinable public init(premultipliedRed red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from straight (unpremultiplied) components in 0…1.
    @inlinable public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(premultipliedRed: red * opacity, green: green * opacity, blue: blue * opacity, alpha: opacity)
    }

    public static let clear = AnimatableColor(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)
    public static let black = AnimatableColor(red: 0, green: 0, blue: 0)
    public static let white = AnimatableColor(red: 1, green: 1, blue: 1)

    /// Straight components (red, green, blue, opacity); a fully transparent colour gives zeros.
    @inlinable public var straightComponents: (red: Double, green: Double, blue: Double, opacity: Double) {
        guard alpha > 0 else { return (0, 0, 0, 0) }
        return (red / alpha, green / alpha, blue / alpha, alpha)
    }

    public var description: String { "AnimatableColor(premultiplied \(red), \(green), \(blue), \(alpha))" }

    @inlinable public static var zero: AnimatableColor { .clear }
    @inlinable public static func + (l: Self, r: Self) -> Self {
        Self(premultipliedRed: l.red + r.red, green: l.green + r.green, blue: l.blue + r.blue, alpha: l.alpha + r.alpha)
    }
    @inlinable public static func - (l: Self, r: Self) -> Self {
        Self(premultipliedRed: l.red - r.red, green: l.green - r.green, blue: l.blue - r.blue, alpha: l.alpha - r.alpha)
    }
    @inlinable public mutating func scale(by k: Double) { red *= k; green *= k; blue *= k; alpha *= k }
    @inlinable public var magnitudeSquared: Double { red * red + green * green + blue * blue + alpha * alpha }
    @inlinable public static var scalarCount: Int { 4 }
    @inlinable public func store(into b: UnsafeMutablePointer<Double>) { b[0] = red; b[1] = green; b[2] = blue; b[3] = alpha }
    @inlinable public init(loadingFrom b: UnsafePointer<Double>) { self.init(premultipliedRed: b[0], green: b[1], blue: b[2], alpha: b[3]) }
}
