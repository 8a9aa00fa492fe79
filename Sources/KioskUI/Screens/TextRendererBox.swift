import Text

/// The kiosk's fonts (DejaVu Sans and DejaVu Sans Bold) and text renderer, loaded once per
/// session; nil when the fonts are missing (the screens then draw without text rather than fail).
final class TextRendererBox {
    let regular: FontChain?
    let bold: FontChain?
    let renderer: TextRenderer?

    static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    init() {
        regular = (try? Font(path: Self.regularPath)).map { FontChain(primary: $0) }
        bold = (try? Font(path: Self.boldPath)).map { FontChain(primary: $0) } ?? regular
        renderer = regular.map { TextRenderer(fonts: $0) }
    }
}
