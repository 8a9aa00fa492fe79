import Raster

extension Color {
    /// This colour moved a fraction `t` (0…1) of the way to `other` (sRGB components, alpha kept).
    func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha)
    }
}
