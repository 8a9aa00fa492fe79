import Geometry
import Raster
import Text

/// Draws the `text` operations of scene files (`SceneFile.render(into:textRenderer:)`) with a
/// `TextRenderer`: the default font chain (DejaVu Sans plus installed CJK fallbacks), or the
/// op's own font file followed by those fallbacks.
///
/// Fonts are loaded when the drawer is made, so a missing or corrupt font file is reported
/// before anything is drawn, as a `FontError` naming the file.
public final class SceneTextDrawer {
    /// The renderer (its caches persist across renders of the drawer).
    public let renderer: TextRenderer
    /// Font chains for the fonts the scene names, by path.
    private var named: [String: FontChain] = [:]

    /// Loads the fonts `scene`'s text operations need: the default chain (from
    /// `defaultFontPath`) and every font file they name.
    /// - Throws: `FontError` naming the first font file that cannot be loaded.
    public init(scene: SceneFile, defaultFontPath: String = FontChain.defaultFontPath) throws(FontError) {
        renderer = TextRenderer(fonts: try FontChain.standard(primaryPath: defaultFontPath))
        for op in scene.operations {
            guard case let .text(_, _, _, _, font?, _) = op, named[font] == nil else { continue }
            named[font] = FontChain(primary: try Font(path: font), fallbacks: renderer.fonts.fonts)
        }
    }

    /// Whether a scene has text operations (so it needs a drawer, and fonts).
    public static func needed(by scene: SceneFile) -> Bool {
        scene.operations.contains { if case .text = $0 { return true } else { return false } }
    }

    /// Draws `text` in `color` at `size` px per em, the start of its baseline at
    /// `baselineOrigin` (user space, through the context's transform), with the font file at
    /// `fontPath` (absolute; nil or a font not loaded up front: the default chain).
    public func drawText(_ text: String, baselineOrigin: Point, size: Double, color: Color, fontPath: String?,
                         in context: DrawingContext) {
        // A font not loaded up front (a hand-built scene) falls back to the default chain.
        let fonts = fontPath.flatMap { named[$0] } ?? renderer.fonts
        renderer.drawLabel(text, baselineOrigin: baselineOrigin, fontSize: size, color: color, in: context, fonts: fonts)
    }
}
