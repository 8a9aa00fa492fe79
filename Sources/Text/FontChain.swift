/// Fonts tried in order for each character: the first that has a glyph draws it, so scripts
/// the primary font lacks (CJK for DejaVu Sans) come from a fallback.
public final class FontChain {
    /// The primary font first, then the fallbacks.
    public let fonts: [Font]
    /// A process-unique number for cache keys.
    let id: UInt32

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

    /// A chain of `primary` then `fallbacks`.
    public init(primary: Font, fallbacks: [Font] = []) {
        fonts = [primary] + fallbacks
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

    /// The index of the first font covering `scalar`, or nil when none does.
    public func index(covering scalar: Unicode.Scalar) -> Int? {
        for (i, f) in fonts.enumerated() where f.covers(scalar) { return i }
        return nil
    }
}
