import Testing
@testable import JSON

@Suite struct JSONWriterTests {
    /// Every byte below 0x20, the two that must be escaped, and some that must not: the escape
    /// table written out by hand from RFC 8259 §7 and the writer's documented choices.
    @Test func escapesExactlyTheDocumentedCharacters() {
        #expect(JSONWriter.quoted("") == #""""#)
        #expect(JSONWriter.quoted("plain text") == #""plain text""#)
        #expect(JSONWriter.quoted("say \"hi\"") == #""say \"hi\"""#)
        #expect(JSONWriter.quoted(#"C:\path"#) == #""C:\\path""#)
        #expect(JSONWriter.quoted("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(JSONWriter.quoted("\u{0}\u{1}\u{8}\u{b}\u{c}\u{1f}") == #""\u0000\u0001\u0008\u000b\u000c\u001f""#)
        // Slash, DEL and non-ASCII stay as they are (UTF-8 passes through).
        #expect(JSONWriter.quoted("a/b\u{7f}é😀") == "\"a/b\u{7f}é😀\"")
    }

    @Test func bufferAndStringFormsAgree() {
        let samples = ["", "x", "tab\there", "quote\"back\\slash", "\u{1}\u{1e}", "Zürich 🏟"]
        for s in samples {
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.appendQuoted(s, to: &bytes)
            #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == JSONWriter.quoted(s))
            var w = JSONWriter(capacity: 8)
            w.string(s)
            #expect(w.bytes == Array(bytes.dropFirst()))
        }
    }

    @Test func writesKeysNumbersAndLiteralsCompactly() {
        var w = JSONWriter()
        w.raw("{"); w.key("a", comma: false); w.number(0.1); w.key("b"); w.integer(-7)
        w.key("c"); w.bool(true); w.key("d"); w.bool(false); w.key("e"); w.number(1e21); w.raw("}")
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"a":0.1,"b":-7,"c":true,"d":false,"e":1e+21}"#)
    }

    /// What the writer writes, the scanner reads back unchanged.
    @Test func scannerReadsBackWhatTheWriterWrote() throws {
        for s in ["", "a\"b\\c\nd\re\tf", "\u{0}\u{1f}", "é😀/"] {
            let bytes = Array(JSONWriter.quoted(s).utf8)
            let back = try bytes.withUnsafeBufferPointer { b throws(JSONError) -> String in
                var scanner = JSONScanner(b)
                scanner.strictUnicode = true
                let v = try scanner.string()
                try scanner.end()
                return v
            }
            #expect(back == s)
        }
    }
}
