/// One 32-bit premultiplied pixel as surfaces store it: in memory B, G, R, A on little-endian
/// machines — DRM's `ARGB8888`/`XRGB8888` byte order — so as a `UInt32` it reads `0xAARRGGBB`.
/// Colour channels never exceed alpha.
public struct PremultipliedPixel: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        rawValue = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    public static let transparent = PremultipliedPixel(rawValue: 0)

    @inlinable public var alpha: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 24) }
    @inlinable public var red: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 16) }
    @inlinable public var green: UInt8 { UInt8(truncatingIfNeeded: rawValue >> 8) }
    @inlinable public var blue: UInt8 { UInt8(truncatingIfNeeded: rawValue) }

    /// The straight-alpha colour (channels divided by alpha).
    public var color: Color {
        let a = Double(alpha)
        guard a > 0 else { return .clear }
        return Color(red: Double(red) / a, green: Double(green) / a, blue: Double(blue) / a, alpha: a / 255)
    }

    public var description: String { "PremultipliedPixel(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
