import Text

/// The kiosk's fonts (DejaVu Sans and DejaVu Sans Bold; Arabic from Noto Sans Arabic where
/// fonts-noto-core installed it, Chinese from Noto Sans CJK SC where fonts-noto-cjk did) and text
/// renderer, loaded once per session; nil when DejaVu is missing (the screens then draw without
/// text rather than fail).
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
    /// Noto Sans CJK: DejaVu Sans has no Han, kana or Hangul. The collection's faces are JP, KR,
    /// SC, TC, HK: the kiosk ships Simplified Chinese, so SC's glyph forms.
    static let cjkPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let cjkBoldPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
    static let cjkSimplifiedChineseFace = 2

    init() {
        regular = Self.chain(Self.regularPath, arabic: Self.arabicPath, cjk: Self.cjkPath)
        bold = Self.chain(Self.boldPath, arabic: Self.arabicBoldPath, cjk: Self.cjkBoldPath) ?? regular
        renderer = regular.map { TextRenderer(fonts: $0) }
    }

    /// The font at `path` with Noto Sans Arabic preferred for Arabic where it loads, and Noto Sans
    /// CJK SC for CJK (without it, the first of `FontChain.knownFallbackPaths` that loads), that
    /// one loaded only when the chain first meets a CJK character: most sessions never show one.
    static func chain(_ path: String, arabic: String, cjk: String) -> FontChain? {
        guard let primary = try? Font(path: path) else { return nil }
        let preferred = (try? Font(path: arabic)).map { [(font: $0, ranges: FontChain.arabicRanges)] } ?? []
        let cjkFaces = [(cjk, cjkSimplifiedChineseFace)] + FontChain.knownFallbackPaths.map { ($0, 0) }
        let loadCJK = { cjkFaces.lazy.compactMap { try? Font(path: $0.0, faceIndex: $0.1) }.first }
        return FontChain(primary: primary, preferred: preferred, deferred: [(load: loadCJK, ranges: FontChain.cjkRanges)])
    }
}
