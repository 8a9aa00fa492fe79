/// Finds what toml++ (under TOMLKit) cannot be given, though it is never valid TOML: toml++
/// asserts it away and aborts the process (found by fuzz-toml, docs/fuzzing.md); in a build
/// without assertions it assumes it, which is undefined behaviour. The configuration reader
/// refuses these with their line before TOMLKit sees the text:
/// - a table header whose key starts with neither a bare-key character nor a quote
///   (`[.display]`, `[=]`);
/// - a `}` where an array's next element or its `]` belongs (`[1, }`).
///
/// A header is a `[` (or `[[`) first on a line outside any value: the scan skips comments,
/// strings (basic, literal, and their multi-line forms) and follows the arrays and inline tables
/// of values, so a `[` that continues a multi-line array is not taken for a header.
enum TOMLPreflight {
    /// A place toml++ cannot be given: 1-based line and column, and what is wrong there.
    struct Problem: Equatable {
        var line: Int, column: Int
        var reason: String
    }

    /// The first such place, or nil.
    static func firstProblem(in text: String) -> Problem? {
        let b = Array(text.utf8)
        // A UTF-8 byte-order mark, which toml++ skips, still leaves the first line's start.
        let bom = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var i = bom, line = 1, lineStart = bom
        var open: [UInt8] = []  // the [ and { of values still open, innermost last
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
            case UInt8(ascii: "[") where open.isEmpty && atLineStart:
                var k = i + 1
                while k < b.count, b[k] == UInt8(ascii: " ") || b[k] == UInt8(ascii: "\t") { k += 1 }
                if k < b.count, b[k] == UInt8(ascii: "[") {
                    k += 1
                    while k < b.count, b[k] == UInt8(ascii: " ") || b[k] == UInt8(ascii: "\t") { k += 1 }
                }
                if k < b.count, !startsKey(b[k]), b[k] != UInt8(ascii: "]") {
                    return Problem(line: line, column: k - lineStart + 1,
                                   reason: "a table header's key must start with a letter, a digit, '-', '_' or a quote")
                }
                // The header itself: to its end of line (its quoted keys hold no newline).
                while i < b.count, b[i] != UInt8(ascii: "\n"), b[i] != UInt8(ascii: "#") { i += 1 }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(c); i += 1
            case UInt8(ascii: "}") where open.last == UInt8(ascii: "["):
                return Problem(line: line, column: i - lineStart + 1, reason: "'}' inside an array: expected a value or ']'")
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                _ = open.popLast(); i += 1
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
