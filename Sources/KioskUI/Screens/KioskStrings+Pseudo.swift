extension KioskStrings {
    /// A pseudo-locale for layout tests: every string bracketed, accented and padded to at
    /// least 40 % more characters than English (the usual allowance for German, Finnish or
    /// French), so text that would be cut, overlap or run off in a translation shows up
    /// before there is one. Placeholders (`{count}`) stay as they are.
    public static let pseudo = english.mapped(pseudoLocalized)

    /// The pseudo-locale as a .po file's text: the catalog's entries (`catalogEntries`), each
    /// msgstr `pseudoLocalized`, for msgfmt to compile and gettext to read like any language.
    public static func pseudoCatalogSource() -> String {
        func quoted(_ s: String) -> String { "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
        var po = """
            msgid ""
            msgstr ""
            "Project-Id-Version: tribune-pseudo\\n"
            "Language: en\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            """
        for e in KioskStrings.catalogEntries {
            po += "\nmsgid " + quoted(e.msgid) + "\n"
            if let plural = e.plural {
                po += "msgid_plural " + quoted(plural) + "\n"
                po += "msgstr[0] " + quoted(KioskStrings.pseudoLocalized(e.msgid)) + "\n"
                po += "msgstr[1] " + quoted(KioskStrings.pseudoLocalized(plural)) + "\n"
            } else {
                po += "msgstr " + quoted(KioskStrings.pseudoLocalized(e.msgid)) + "\n"
            }
        }
        return po
    }

    /// How much longer the pseudo-locale makes each string's own characters.
    public static let pseudoGrowth = 0.4

    /// `s` accented, padded with its own letters to ⌈1.4·n⌉ characters of text (n: the
    /// characters outside placeholders) and bracketed: "Ok" → "[Öķ]", "Buy Tickets" →
    /// "[Ɓûý Ţîçķéţš Ɓû]".
    public static func pseudoLocalized(_ s: String) -> String {
        var out = "["
        var letters: [Character] = []
        var n = 0
        var inPlaceholder = false
        for ch in s {
            if ch == "{" { inPlaceholder = true }
            if inPlaceholder {
                out.append(ch)
                if ch == "}" { inPlaceholder = false }
                continue
            }
            let accented = accents[ch] ?? ch
            out.append(accented)
            n += 1
            if ch.isLetter { letters.append(accented) }
        }
        // Brackets count towards the growth; the rest is padding, a space every seventh.
        let target = Int((Double(n) * (1 + pseudoGrowth)).rounded(.up))
        var pad = target - n - 2
        if letters.isEmpty { letters = ["~"] }   // a template of placeholders only
        if pad > 0 {
            var k = 0
            while pad > 0 {
                if k % 7 == 0 { out.append(" ") } else { out.append(letters[(k - k / 7 - 1) % letters.count]) }
                k += 1
                pad -= 1
            }
        }
        return out + "]"
    }

    /// Latin letters and their accented look-alikes (all in DejaVu Sans).
    static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnoprstuwyzABCDEGHIJKLNOPRSTUWYZ")
        let marked = Array("åƀçðéƒĝĥîĵķļɱñöþŕšţûŵýžÅƁÇÐÉĜĤÎĴĶĻÑÖÞŔŠŢÛŴÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
}
