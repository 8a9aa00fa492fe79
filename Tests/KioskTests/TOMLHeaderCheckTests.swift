import Testing
@testable import Kiosk

/// Table headers toml++ cannot be given (it aborts on an assertion): found by fuzz-toml
/// (docs/fuzzing.md) from the example configuration with `[display]` turned into `[.display]`.
/// Positions are counted by hand in the literals.
@Suite struct TOMLHeaderCheckTests {
    /// The fuzzer's input, cut down: the process aborted inside TOMLKit; now a typed error.
    @Test func aHeaderStartingWithADotIsRefusedWithItsLine() {
        let text = "request_timeout = 5\n[.display]\ncard = \"/dev/dri/card0\"\n"
        #expect {
            try KioskConfiguration.parse(toml: text, source: "tribune.toml")
        } throws: { error in
            (error as? ConfigurationError)?.description == "tribune.toml: line 2, column 2: a table header's key must start with "
                + "a letter, a digit, '-', '_' or a quote"
        }
    }

    @Test func unusableHeadersAreFound() {
        #expect(TOMLHeaderCheck.firstUnusableHeader(in: "[.display]\n")! == (1, 2))
        // Array-of-tables brackets and the spaces inside them: "  [[ =x]]" has '=' in column 6.
        #expect(TOMLHeaderCheck.firstUnusableHeader(in: "a = 1\n\n  [[ =x]]\n")! == (3, 6))
        #expect(TOMLHeaderCheck.firstUnusableHeader(in: "[\u{e9}t\u{e9}]\n")! == (1, 2))
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
        for text in valid { #expect(TOMLHeaderCheck.firstUnusableHeader(in: text) == nil, "\(text)") }
    }

    /// Lines are counted through multi-line strings (and a backslash ending one of their lines).
    @Test func linesCountThroughMultiLineStrings() {
        let text = "a = \"\"\"one \\\ntwo\n\"\"\"\nb = 'x'\n[.y]\n"
        #expect(TOMLHeaderCheck.firstUnusableHeader(in: text)! == (5, 2))
    }
}
