/// Finds prose lines in a rendered help screen that end early: ArgumentParser fills a line up to
/// `columns − 1` characters and breaks at the last space, so when a line is followed by more of
/// the same paragraph whose first word would have fitted, a hard line break in the source made it.
enum HelpLayout {
    /// Indentations at which ArgumentParser wraps prose: the overview and discussion (0), an
    /// argument's discussion (8) and the help column of arguments, options and subcommands (26).
    static let proseIndents: Set<Int> = [0, 8, 26]

    static func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }

    /// The column where `line`'s text continues on the next line: its indentation, or for a
    /// label line (`  --size <size>    The picture…`) the column after the gap.
    static func textColumns(_ line: Substring) -> Set<Int> {
        var columns: Set<Int> = [indent(line)]
        var i = line.startIndex, spaces = 0, column = 0
        while i < line.endIndex {
            if line[i] == " " { spaces += 1 } else {
                if spaces >= 2 && column - spaces > 0 { columns.insert(column) }
                spaces = 0
            }
            column += 1
            i = line.index(after: i)
        }
        return columns
    }

    /// One message per early break.
    static func earlyBreaks(in help: String, columns: Int) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        var problems: [String] = []
        for (a, b) in zip(lines, lines.dropFirst()) {
            let bIndent = indent(b)
            let body = b.dropFirst(bIndent)
            guard !a.trimmingTrailingSpaces.isEmpty, !body.isEmpty, proseIndents.contains(bIndent),
                  textColumns(a).contains(bIndent),
                  !a.hasSuffix(":"), !body.hasPrefix("-"), !body.hasPrefix("•") else { continue }
            let firstWord = body.prefix { $0 != " " }
            // ArgumentParser would have kept the word (and the space after it) on line a.
            if a.count + 1 + firstWord.count + 1 <= columns {
                problems.append("line ends early before \"\(firstWord)\": \(a)")
            }
        }
        return problems
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
