/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0…1.
/// This is the colour people write (`#RRGGBBAA` in scene files); surfaces store
/// `PremultipliedPixel`s.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Components are clamped to 0…1; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.max(0, Swift.min(1, v)) }
        self.red = clamp(red); self.green = clamp(green); self.blue = clamp(blue); self.alpha = clamp(alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits, either case; the `#` is required).
    public init(hex: String) throws(ColorParseError) {
        let chars = Array(hex.utf8)
        guard chars.first == UInt8(ascii: "#"), chars.count == 7 || chars.count == 9 else {
            throw ColorParseError(text: hex, reason: "expected #RRGGBB or #RRGGBBAA")
        }
        var bytes: [Double] = []
        var i = 1
        while i < chars.count {
            guard let hi = Color.hexValue(chars[i]), let lo = Color.hexValue(chars[i + 1]) else {
                throw ColorParseError(text: hex, reason: "'\(hex)' has a non-hex digit at offset \(i)")
            }
            bytes.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The colour with its alpha multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The premultiplied 8-bit pixel, each channel rounded to nearest.
    public var premultiplied: PremultipliedPixel {
        let a = (alpha * 255).rounded()
        return PremultipliedPixel(red: UInt8((red * alpha * 255).rounded()),
                                  green: UInt8((green * alpha * 255).rounded()),
                                  blue: UInt8((blue * alpha * 255).rounded()),
                                  alpha: UInt8(a))
    }

    public var description: String {
        func h(_ v: Double) -> String {
            let n = Int((v * 255).rounded()); let s = String(n, radix: 16)
            return n < 16 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + h(alpha)
    }
}

/// A colour string that could not be read; `reason` says what was expected.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "invalid colour '\(text)': \(reason)" }
}
