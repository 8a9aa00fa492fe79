/// Fonts tried in order for each character: the first that has a glyph draws it, so scripts
/// the primary font lacks (CJK for DejaVu Sans) come from a fallback.
public final class FontChain {
    /// The primary font first, then the fallbacks, the preferred fonts, and the deferred ones
    /// loaded so far (appended when loaded, so an index once given stays valid).
    public private(set) var fonts: [Font]
    /// A process-unique number for cache keys.
    let id: UInt32
    /// Scalar ranges drawn by a font of the chain before the chain's order is tried, where that
    /// font covers them.
    private var preferences: [Preference]

    /// A preferred font's ranges and where it is: in `fonts`, still to load, or not loadable.
    private struct Preference {
        enum Location { case loaded(Int), deferred(() -> Font?), unavailable }
        var ranges: [ClosedRange<Unicode.Scalar>]
        var font: Location
    }

    /// Arabic: the Arabic, Arabic Supplement and Extended-A blocks and the presentation forms.
    public static let arabicRanges: [ClosedRange<Unicode.Scalar>] = [
        "\u{0600}"..."\u{06FF}", "\u{0750}"..."\u{077F}", "\u{08A0}"..."\u{08FF}",
        "\u{FB50}"..."\u{FDFF}", "\u{FE70}"..."\u{FEFF}",
    ]

    /// Chinese, Japanese and Korean: CJK punctuation, kana, bopomofo, Hangul, the unified
    /// ideographs and their extensions, compatibility ideographs, and the full- and half-width forms.
    public static let cjkRanges: [ClosedRange<Unicode.Scalar>] = [
        "\u{2E80}"..."\u{2FDF}", "\u{3000}"..."\u{33FF}", "\u{3400}"..."\u{4DBF}", "\u{4E00}"..."\u{9FFF}",
        "\u{AC00}"..."\u{D7AF}", "\u{F900}"..."\u{FAFF}", "\u{FE30}"..."\u{FE4F}", "\u{FF00}"..."\u{FFEF}",
        "\u{20000}"..."\u{3134F}",
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
    ///
    /// `deferred` fonts are preferred likewise but loaded only when a scalar of their ranges is
    /// first asked for (a large face most texts never need: Noto Sans CJK, 7 ms per chain); until
    /// then they are no fallback for other scalars.
    public init(primary: Font, fallbacks: [Font] = [], preferred: [(font: Font, ranges: [ClosedRange<Unicode.Scalar>])] = [],
                deferred: [(load: () -> Font?, ranges: [ClosedRange<Unicode.Scalar>])] = []) {
        fonts = [primary] + fallbacks + preferred.map(\.font)
        preferences = preferred.enumerated().map { Preference(ranges: $0.element.ranges, font: .loaded(1 + fallbacks.count + $0.offset)) }
            + deferred.map { Preference(ranges: $0.ranges, font: .deferred($0.load)) }
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
    /// A deferred font of `scalar`'s ranges is loaded here.
    public func index(covering scalar: Unicode.Scalar) -> Int? {
        for k in preferences.indices where preferences[k].ranges.contains(where: { $0.contains(scalar) }) {
            if let i = loadedIndex(ofPreference: k), fonts[i].covers(scalar) { return i }
        }
        for (i, f) in fonts.enumerated() where f.covers(scalar) { return i }
        return nil
    }

    /// Preference `k`'s index in `fonts`, loading it first if deferred; nil when it cannot load.
    private func loadedIndex(ofPreference k: Int) -> Int? {
        switch preferences[k].font {
        case .loaded(let i): return i
        case .unavailable: return nil
        case .deferred(let load):
            guard let font = load() else {
                preferences[k].font = .unavailable
                return nil
            }
            fonts.append(font)
            preferences[k].font = .loaded(fonts.count - 1)
            return fonts.count - 1
        }
    }
}
