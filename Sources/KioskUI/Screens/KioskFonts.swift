import Text

/// The font chains the kiosk's screens draw with (`TextRendererBox`'s), for checks outside the
/// session: `tribune doctor` asks them whether every shipped language's text has glyphs.
public enum KioskFonts {
    /// The regular chain (DejaVu Sans, Noto Sans Arabic preferred for Arabic, Noto Sans CJK SC for CJK); nil when DejaVu is missing.
    public static func regular() -> FontChain? {
        TextRendererBox.chain(TextRendererBox.regularPath, arabic: TextRendererBox.arabicPath, cjk: TextRendererBox.cjkPath)
    }

    /// The bold chain; nil when DejaVu Sans Bold is missing.
    public static func bold() -> FontChain? {
        TextRendererBox.chain(TextRendererBox.boldPath, arabic: TextRendererBox.arabicBoldPath, cjk: TextRendererBox.cjkBoldPath)
    }
}
