import ArgumentParser
import Testing
@testable import tribune
@testable import tribune_boxoffice
@testable import tribune_headless

/// Every `--help` of the three executables, rendered at 80 columns as a terminal of that width
/// shows it, reads cleanly: no line wider than the terminal, and no prose line broken early
/// (a hard line break inside text ArgumentParser wraps itself leaves a short line followed by
/// one whose first word would have fitted).
@Suite struct HelpTextTests {
    static let columns = 80

    /// Each command under `root` (itself included) with its path, depth first.
    static func commands(_ root: ParsableCommand.Type, path: [String] = []) -> [([String], ParsableCommand.Type)] {
        let here = path + [root._commandName]
        return [(here, root)] + root.configuration.subcommands.flatMap { commands($0, path: here) }
    }

    static let roots: [ParsableCommand.Type] = [Tribune.self, TribuneBoxOffice.self, TribuneHeadless.self]

    static var allHelp: [(String, String)] {
        roots.flatMap { root in
            commands(root).map { path, command in
                (path.joined(separator: " "), root.helpMessage(for: command, columns: columns))
            }
        }
    }

    @Test func everyCommandIsCovered() {
        let names = Set(Self.allHelp.map(\.0))
        // Spot checks that nesting is walked (these names come from the command definitions).
        for name in ["tribune", "tribune venue generate", "tribune doctor", "tribune-headless replay",
                     "tribune-boxoffice event create"] {
            #expect(names.contains(name), "\(name)")
        }
    }

    @Test func noLineIsWiderThanTheTerminal() {
        for (name, help) in Self.allHelp {
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) where line.count > Self.columns {
                Issue.record("\(name) --help: \(line.count) columns: \(line)")
            }
        }
    }

    @Test func proseIsNotBrokenEarly() {
        for (name, help) in Self.allHelp {
            for problem in HelpLayout.earlyBreaks(in: help, columns: Self.columns) {
                Issue.record("\(name) --help: \(problem)")
            }
        }
    }

    /// The checker itself: a paragraph with a hard break is caught; ArgumentParser's own wrap,
    /// an option's continuation lines, lists and indented examples are not.
    @Test func theCheckerFindsHardBreaksOnly() {
        let ragged = "OVERVIEW: Replay a recording.\n\nRuns the recording through the screens.\nFrames tick at a rate.\n"
        #expect(HelpLayout.earlyBreaks(in: ragged, columns: 80).count == 1)
        let wrapped = String(repeating: "word ", count: 40).wrappedLikeArgumentParser(columns: 80)
        #expect(HelpLayout.earlyBreaks(in: wrapped, columns: 80).isEmpty)
        let option = "OPTIONS:\n  --size <size>           The picture size in pixels, WxH, of the frames\n"
            + "                          written.\n  --rate <rate>           Frames per second.\n"
        #expect(HelpLayout.earlyBreaks(in: option, columns: 80).isEmpty)
        let example = "Example:\n  tribune doctor\n  tribune run --venue v.json\nA list:\n- one\n- two\n"
        #expect(HelpLayout.earlyBreaks(in: example, columns: 80).isEmpty)
    }
}

extension String {
    /// Greedy word wrap as ArgumentParser does it (a line holds at most `columns − 1` characters).
    func wrappedLikeArgumentParser(columns: Int) -> String {
        var lines: [String] = [], line = ""
        for word in split(separator: " ") {
            if line.isEmpty { line = String(word) } else if line.count + 1 + word.count < columns { line += " " + word } else {
                lines.append(line); line = String(word)
            }
        }
        return (lines + [line]).joined(separator: "\n")
    }
}
