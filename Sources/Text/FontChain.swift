/// Fonts tried in order for each character: the first that has a glyph draws it, so scripts
/// the primary font lacks (CJK for DejaVu Sans) come from a fallback.
public final class FontChain {
    /// The primary font first, then the fallbacks.
    public let fonts: [Font]
    /// A process-unique number for cache keys.
    let id: UInt32
    /// Scalar ranges drawn by a font of the chain (an index into `fonts`) before the chain's
    /// order is tried, where that font covers them.
    private let preferences: [(ranges: [ClosedRange<Unicode.Scalar>], fontIndex: Int)]

    /// Arabic: the Arabic, Arabic Supplement and Extended-A blocks and the presentation forms.
    public static let arabicRanges: [ClosedRange<Unicode.Scalar>] = [
        "\u{0600}"..."\u{06FF}", "\u{0750}"..."\u{077F}", "\u{08A0}"..."\u{08FF}",
        "\u{FB50}"..."\u{FDFF}", "\u{FE70}"..."\u{FEFF}",
    ]

    nonisolated(unsafe) static var nextID: UInt32 = 1

    /// DejaVu Sans as Debian's fonts-dejavu-core installs it.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Fallbacks used by `standard(primaryPath:)` when present, in order: Noto Sans CJK
    /// (fonts-noto-cjk), WenQuanYi Micro Hei / Zen Hei, AR PL UKai.
    public static let knownFallbackPaths: [String] = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/truetype/arphic/ukai.ttc",
    ]

    /// A chain of `primary` then `fallbacks`; each of `preferred` draws the scalars of its ranges
    /// where it covers them, before the primary (a script the primary covers less well than a
    /// font made for it: Noto Sans Arabic for Arabic beside DejaVu Sans).
    public init(primary: Font, fallbacks: [Font] = [], preferred: [(font: Font, ranges: [ClosedRange<Unicode.Scalar>])] = []) {
        fonts = [primary] + fallbacks + preferred.map(\.font)
        preferences = preferred.enumerated().map { ($0.element.ranges, 1 + fallbacks.count + $0.offset) }
        id = FontChain.nextID
        FontChain.nextID &+= 1
    }

    /// The primary font at `primaryPath` (it must load) followed by whichever of
    /// `fallbackPaths` exist and load; missing fallbacks are skipped.
    /// - Throws: `FontError` naming the primary font's path when it cannot be loaded.
    public static func standard(primaryPath: String = defaultFontPath,
                                fallbackPaths: [String] = knownFallbackPaths) throws(FontError) -> FontChain {
        let primary = try Font(path: primaryPath)
        var fallbacks: [Font] = []
        for p in fallbackPaths where p != primaryPath {
            if let f = try? Font(path: p) { fallbacks.append(f) }
        }
        return FontChain(primary: primary, fallbacks: fallbacks)
    }

    /// The primary font.
    public var primary: Font { fonts[0] }

    /// The index of the font preferred for `scalar` when it covers it, else of the first font
    /// covering it, or nil when none does.
    public func index(covering scalar: Unicode.Scalar) -> Int? {
        for p in preferences where p.ranges.contains(where: { $0.contains(scalar) }) && fonts[p.fontIndex].covers(scalar) {
            return p.fontIndex
        }
        for (i, f) in fonts.enumerated() where f.covers(scalar) { return i }
        return nil
    }
}
