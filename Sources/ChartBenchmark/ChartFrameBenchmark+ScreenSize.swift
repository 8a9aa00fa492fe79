import Geometry

extension ChartFrameBenchmark.Options {
    /// Sides the benchmark accepts, pixels: from the smallest kiosk panel's short side to 8K.
    public static let screenSides = 240...7680

    /// Sets `width` and `height` from `WxH` in whole pixels (`--size` of `tribune bench` and
    /// chart-bench), or throws naming what was wrong with `text`.
    public mutating func setScreenSize(_ text: String) throws(ChartFrameBenchmarkError) {
        guard let parsed = Size(parsing: text) else {
            throw ChartFrameBenchmarkError(message: "--size: expected WxH in pixels, e.g. 3840x2160; found \"\(text)\"")
        }
        guard let w = Int(exactly: parsed.width), let h = Int(exactly: parsed.height) else {
            throw ChartFrameBenchmarkError(message: "--size: the sides must be whole pixels; found \"\(text)\"")
        }
        let sides = Self.screenSides
        guard sides.contains(w), sides.contains(h) else {
            throw ChartFrameBenchmarkError(
                message: "--size: each side must be \(sides.lowerBound)…\(sides.upperBound) pixels; found \(w)x\(h)")
        }
        (width, height) = (w, h)
    }
}

extension ChartFrameBenchmark.Options {
    /// The frame budgets' factor for this screen: the square root of its pixels over 1920×1080's
    /// (never below 1), so 3840×2160 has twice the 1080p budgets — issue #29's 16 ms full redraw
    /// and 4 ms pan at 4K.
    public var targetScale: Double { Swift.max(1, (Double(width * height) / (1920 * 1080)).squareRoot()) }
}
