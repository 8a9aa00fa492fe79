import Text

/// The kiosk's fonts (DejaVu Sans and DejaVu Sans Bold, Arabic from Noto Sans Arabic where
/// fonts-noto-core installed it) and text renderer, loaded once per session; nil when DejaVu is
/// missing (the screens then draw without text rather than fail).
final class TextRendererBox {
    let regular: FontChain?
    let bold: FontChain?
    let renderer: TextRenderer?

    static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// Noto Sans Arabic: drawn for Arabic in preference to DejaVu Sans's plainer Arabic (its
    /// digits, Latin and Arabic-Indic, follow the Arabic letters they stand among).
    static let arabicPath = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    static let arabicBoldPath = "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf"

    init() {
        regular = Self.chain(Self.regularPath, arabic: Self.arabicPath)
        bold = Self.chain(Self.boldPath, arabic: Self.arabicBoldPath) ?? regular
        renderer = regular.map { TextRenderer(fonts: $0) }
    }

    /// The font at `path` with Noto Sans Arabic preferred for Arabic when it loads.
    static func chain(_ path: String, arabic: String) -> FontChain? {
        guard let primary = try? Font(path: path) else { return nil }
        let preferred = (try? Font(path: arabic)).map { [(font: $0, ranges: FontChain.arabicRanges)] } ?? []
        return FontChain(primary: primary, preferred: preferred)
    }
}
