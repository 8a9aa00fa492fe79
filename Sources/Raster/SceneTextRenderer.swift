import Geometry

/// Draws a scene file's `text` operations. Raster has no fonts (the font stack lives in `Text`,
/// which depends on Raster), so whoever renders a scene with text hands one in — `Text`'s
/// `SceneTextDrawer`; without one, text operations draw nothing.
public protocol SceneTextRenderer {
    /// Draws `text` in `color` at `size` px per em, the start of its baseline at
    /// `baselineOrigin` (user space, through the context's transform), with the font file at
    /// `fontPath` (absolute, or nil for the default font).
    func drawText(_ text: String, baselineOrigin: Point, size: Double, color: Color, fontPath: String?,
                  in context: DrawingContext)
}
