import Testing
@testable import JSON

@Suite struct JSONScannerTests {
    /// Runs `body` on a scanner over `text`.
    func scan<T>(_ text: String, strict: Bool = false,
                 _ body: (inout JSONScanner) throws(JSONError) -> T) throws(JSONError) -> T {
        let bytes = Array(text.utf8)
        var result: Result<T, JSONError>!
        bytes.withUnsafeBufferPointer { b in
            var s = JSONScanner(b)
            s.strictUnicode = strict
            do throws(JSONError) { result = .success(try body(&s)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    func error(_ text: String, strict: Bool = false, _ body: (inout JSONScanner) throws(JSONError) -> Void) -> JSONError? {
        do throws(JSONError) { try scan(text, strict: strict, body); return nil } catch { return error }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        // Fast path (≤ 2^53, |exp| ≤ 22) and strtod path, against Swift's own parser.
        for text in ["0", "-0", "12", "-3.25", "1e3", "2.5E-3", "0.1", "123456789012345678901234567890",
                     "1.7976931348623157e308", "4.9e-324", "9007199254740993", "0.30000000000000004"] {
            let v = try scan(text) { s throws(JSONError) in try s.number() }
            #expect(v.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    /// Swift's shortest round-trip form of each value reads back to the same bits, inside an
    /// object (a delimiter after the number, as in venue files).
    @Test func shortestFormsReadBackExactly() throws {
        for x in [0.1, 1e-7, 123456.789e-3, 5e-324, 1.7976931348623157e308, 0.30000000000000004, -0.0, 2.5e22,
                  9007199254740993.0, 4.35, 1234567890123456789.0] {
            let got = try scan("{\"x\":\(x.description),\"y\":0}") { s throws(JSONError) -> Double in
                var got = 0.0
                try s.object { s, k throws(JSONError) in
                    if k == "x" { got = try s.number() } else { _ = try s.number() }
                }
                return got
            }
            #expect(got.bitPattern == x.bitPattern, "\(x)")
        }
    }

    @Test func malformedNumbersAreRejectedWithTheirPosition() {
        for text in ["01", "1.", "-", ".5", "1e", "+1", "1x", "1e400"] {
            let e = error(text) { s throws(JSONError) in _ = try s.number() }
            #expect(e != nil, "\(text)")
            #expect(e?.offset == 0 && e?.line == 1 && e?.column == 1, "\(text): \(String(describing: e))")
        }
        let fraction = error("1.5") { s throws(JSONError) in _ = try s.integer() }
        #expect(fraction != nil)
        let integer = try? scan("-42") { s throws(JSONError) in try s.integer() }
        #expect(integer == -42)
    }

    @Test func stringsUnescape() throws {
        let v = try scan(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#) { s throws(JSONError) in try s.string() }
        #expect(v == "a\"b\\c/d\u{8}\u{c}\n\r\té😀")
    }

    @Test func strictUnicodeRejectsWhatTheLenientModeRepairs() throws {
        let loneSurrogate = #""x\ud800y""#
        #expect(try scan(loneSurrogate) { s throws(JSONError) in try s.string() } == "x\u{FFFD}y")
        #expect(error(loneSurrogate, strict: true) { s throws(JSONError) in _ = try s.string() } != nil)
        // Invalid UTF-8 (a lone continuation byte) in an unescaped string.
        let bytes: [UInt8] = [34, 0x61, 0x80, 34]
        var lenient: String?, strictError: JSONError?
        bytes.withUnsafeBufferPointer { b in
            var s = JSONScanner(b)
            lenient = try? s.string()
            var t = JSONScanner(b)
            t.strictUnicode = true
            do throws(JSONError) { _ = try t.string() } catch { strictError = error }
        }
        #expect(lenient == "a\u{FFFD}")
        #expect(strictError?.offset == 1)
    }

    @Test func errorsNameThePathLineAndColumn() {
        let text = "{\"a\": [1, 2],\n \"b\": {\"c\": [true, nul]}}"
        let e = error(text) { s throws(JSONError) in try s.skipValue() }
        // "nul" starts on line 2 at column 20 (1-based), byte offset 14 + 19 = 33.
        #expect(e?.path == "b.c[1]")
        #expect(e?.line == 2 && e?.column == 20 && e?.offset == 33)
        #expect(e?.description == "b.c[1]: expected a value, found nul (line 2, column 20)")
    }

    @Test func structureIsStrict() {
        for bad in ["", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[1] 2", "tru", "\"\u{01}\"", "\"abc", "{1:2}"] {
            let e = error(bad) { s throws(JSONError) in try s.skipValue(); try s.end() }
            #expect(e != nil, "\(bad)")
        }
    }

    @Test func keyedObjectsMatchKeysByBytes() throws {
        let keys = JSONScanner.Keys(["x", "y"])
        let seen = try scan(#"{"y": 2, "z": 3, "x": 1}"#) { s throws(JSONError) -> [Int] in
            var seen: [Int] = []
            try s.object("a point", keys: keys) { s, k throws(JSONError) in seen.append(k); _ = try s.number() }
            return seen
        }
        #expect(seen == [1, -1, 0])
    }
}
