import Testing
@testable import Kiosk

/// What toml++ cannot be given (it aborts on an assertion), found by fuzz-toml (docs/fuzzing.md)
/// in mutations of the example configuration. Positions are counted by hand in the literals.
@Suite struct TOMLPreflightTests {
    static let header = "a table header's key must start with a letter, a digit, '-', '_' or a quote"
    static let brace = "'}' inside an array: expected a value or ']'"

    /// The fuzzer's input, cut down: the process aborted inside TOMLKit; now a typed error.
    @Test func aHeaderStartingWithADotIsRefusedWithItsLine() {
        let text = "request_timeout = 5\n[.display]\ncard = \"/dev/dri/card0\"\n"
        #expect {
            try KioskConfiguration.parse(toml: text, source: "tribune.toml")
        } throws: { error in
            (error as? ConfigurationError)?.description == "tribune.toml: line 2, column 2: \(Self.header)"
        }
    }

    @Test func unusableHeadersAreFound() {
        #expect(TOMLPreflight.firstProblem(in: "[.display]\n") == .init(line: 1, column: 2, reason: Self.header))
        // Array-of-tables brackets and the spaces inside them: "  [[ =x]]" has '=' in column 6.
        #expect(TOMLPreflight.firstProblem(in: "a = 1\n\n  [[ =x]]\n") == .init(line: 3, column: 6, reason: Self.header))
        #expect(TOMLPreflight.firstProblem(in: "[\u{e9}t\u{e9}]\n") == .init(line: 1, column: 2, reason: Self.header))
        // The fuzzer's second input: a byte-order mark, then '[' and a control character.
        #expect(TOMLPreflight.firstProblem(in: "\u{feff}[\u{02}\"") == .init(line: 1, column: 2, reason: Self.header))
    }

    @Test func headersAndValuesTOMLAllowsPass() {
        let valid = [
            "[display]\nrotation = 90\n[\"box office\"]\n['x'.y]\n[[a-b]]\n[ _z ]\n",
            // A multi-line array whose inner line starts with '[': a value, not a header.
            "calibration = [\n  [+1, 2],\n  [.5],\n]\n",
            // Inside strings and comments a '[.' is text.
            "name = \"\"\"\n[.x]\n\"\"\"\nother = '''\n[.y]'''\n# [.z]\nt = { a = [1] }\n",
            // Left to toml++, which reports these itself: an empty header, a '[' at the very end.
            "[]\n", "[",
        ]
        for text in valid { #expect(TOMLPreflight.firstProblem(in: text) == nil, "\(text)") }
    }

    /// Lines are counted through multi-line strings (and a backslash ending one of their lines).
    @Test func linesCountThroughMultiLineStrings() {
        let text = "a = \"\"\"one \\\ntwo\n\"\"\"\nb = 'x'\n[.y]\n"
        #expect(TOMLPreflight.firstProblem(in: text) == .init(line: 5, column: 2, reason: Self.header))
    }

    /// The fuzzer's third input, cut down (`offered = [}}}}}`): toml++ aborted where an array's
    /// element belongs and a '}' stands; also after a comma, a comment, blank lines, and in an
    /// array inside an inline table. A '}' closing an inline table inside an array is fine.
    @Test func aBraceInsideAnArrayIsRefused() {
        #expect(TOMLPreflight.firstProblem(in: "offered = [}}}}}\n") == .init(line: 1, column: 12, reason: Self.brace))
        #expect(TOMLPreflight.firstProblem(in: "a = [1,}") == .init(line: 1, column: 8, reason: Self.brace))
        #expect(TOMLPreflight.firstProblem(in: "a = [#\n}") == .init(line: 2, column: 1, reason: Self.brace))
        #expect(TOMLPreflight.firstProblem(in: "a = [\n\n  }]") == .init(line: 3, column: 3, reason: Self.brace))
        #expect(TOMLPreflight.firstProblem(in: "a = {b = [}]}") == .init(line: 1, column: 11, reason: Self.brace))
        #expect(TOMLPreflight.firstProblem(in: "a = [{b = 1}, {c = \"}\"}]\n") == nil)
        #expect {
            try KioskConfiguration.parse(toml: "[language]\noffered = [}}}}}bune\"\n", source: "tribune.toml")
        } throws: { ($0 as? ConfigurationError)?.description == "tribune.toml: line 2, column 12: \(Self.brace)" }
    }
}
