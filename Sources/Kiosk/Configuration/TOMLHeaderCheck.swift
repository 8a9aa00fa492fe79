/// Finds table headers toml++ (under TOMLKit) cannot be given: a header whose key does not start
/// with a bare-key character or a quote, e.g. `[.display]` or `[=]`. toml++ asserts that it
/// does and aborts the process (found by fuzz-toml, docs/fuzzing.md); in a build without
/// assertions it assumes it, which is undefined behaviour. Such a header is never valid TOML,
/// so the configuration reader refuses it with its line before TOMLKit sees the text.
///
/// A header is a `[` (or `[[`) first on a line outside any value: the scan skips comments,
/// strings (basic, literal, and their multi-line forms) and the insides of arrays and inline
/// tables, so a `[` that continues a multi-line array is not taken for a header.
enum TOMLHeaderCheck {
    /// The first unusable header: its 1-based line and column (of the key's first character).
    static func firstUnusableHeader(in text: String) -> (line: Int, column: Int)? {
        let b = Array(text.utf8)
        var i = 0, line = 1, lineStart = 0
        var depth = 0  // open [ and { of values
        var atLineStart = true  // only whitespace since the line began
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\n"):
                line += 1; lineStart = i + 1; atLineStart = true; i += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
                continue
            case UInt8(ascii: "#"):
                while i < b.count, b[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let (end, lines, lastLineStart) = skipString(b, from: i)
                if lines > 0 { line += lines; lineStart = lastLineStart }
                i = end
            case UInt8(ascii: "[") where depth == 0 && atLineStart:
                var k = i + 1
                while k < b.count, b[k] == UInt8(ascii: " ") || b[k] == UInt8(ascii: "\t") { k += 1 }
                if k < b.count, b[k] == UInt8(ascii: "[") {
                    k += 1
                    while k < b.count, b[k] == UInt8(ascii: " ") || b[k] == UInt8(ascii: "\t") { k += 1 }
                }
                if k < b.count, !startsKey(b[k]), b[k] != UInt8(ascii: "]") {
                    return (line, k - lineStart + 1)
                }
                // The header itself: to its end of line (its quoted keys hold no newline).
                while i < b.count, b[i] != UInt8(ascii: "\n"), b[i] != UInt8(ascii: "#") { i += 1 }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1; i += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1); i += 1
            default:
                i += 1
            }
            atLineStart = false
        }
        return nil
    }

    /// A bare key's characters (A–Z, a–z, 0–9, `-`, `_`) or a quoted key's opening quote.
    static func startsKey(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// Skips the string opening at `start` (`"`, `'`, `"""` or `'''`): the index after it, the
    /// newlines inside it and where the last of them began a line. An unterminated string runs
    /// to the end (a one-line string to its line's end); toml++ reports those itself.
    static func skipString(_ b: [UInt8], from start: Int) -> (end: Int, newlines: Int, lastLineStart: Int) {
        let quote = b[start]
        let multiLine = start + 2 < b.count && b[start + 1] == quote && b[start + 2] == quote
        var i = start + (multiLine ? 3 : 1), newlines = 0, lastLineStart = 0
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                // An escape, or (multi-line) a backslash ending its line.
                if multiLine, i + 1 < b.count, b[i + 1] == UInt8(ascii: "\n") { newlines += 1; lastLineStart = i + 2 }
                i += 2
                continue
            }
            if c == UInt8(ascii: "\n") {
                if !multiLine { return (i, newlines, lastLineStart) }
                newlines += 1; lastLineStart = i + 1
            }
            if c == quote {
                if !multiLine { return (i + 1, newlines, lastLineStart) }
                if i + 2 < b.count && b[i + 1] == quote && b[i + 2] == quote {
                    // A multi-line string may end in up to two more quotes of its own: """a"""""
                    var end = i + 3
                    while end < b.count, b[end] == quote, end < i + 5 { end += 1 }
                    return (end, newlines, lastLineStart)
                }
            }
            i += 1
        }
        return (b.count, newlines, lastLineStart)
    }
}
