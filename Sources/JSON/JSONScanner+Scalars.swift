#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONScanner {
    // Scalars: strings, numbers, literals.

    /// The byte range of a string without escapes (no copy), or nil when it has escapes (then
    /// use `string()`); `pos` is left at the string's start when nil.
    @inlinable
    public mutating func plainString() throws(JSONError) -> Range<Int>? {
        guard peek() == UInt8(ascii: "\"") else { throw expected("a string") }
        let start = pos + 1
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { pos = i + 1; return start..<i }
            if b == 92 { return nil }
            if b < 32 { throw error("control character in a string", at: i) }
            i += 1
        }
        throw error("unterminated string", at: start - 1)
    }

    /// A string value, unescaped.
    @inlinable
    public mutating func string() throws(JSONError) -> String {
        if let r = try plainString() {
            let utf8 = UnsafeBufferPointer(rebasing: bytes[r])
            if strictUnicode {
                guard let s = String(validating: utf8, as: UTF8.self) else { throw error("invalid UTF-8 in a string", at: r.lowerBound) }
                return s
            }
            return String(decoding: utf8, as: UTF8.self)
        }
        return try escapedString()
    }

    /// A string with escapes (`pos` at its opening quote).
    @usableFromInline
    mutating func escapedString() throws(JSONError) -> String {
        var out: [UInt8] = []
        var i = pos + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                if strictUnicode && String(validating: out, as: UTF8.self) == nil {
                    throw error("invalid UTF-8 in a string", at: pos)
                }
                pos = i + 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 32 { throw error("control character in a string", at: i) }
            if b != 92 { out.append(b); i += 1; continue }
            guard i + 1 < bytes.count else { break }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""): out.append(e)
            case 92: out.append(92)
            case UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                guard var u = hex4(at: i) else { throw error("bad \\u escape", at: i - 2) }
                i += 4
                if u >= 0xD800 && u < 0xDC00, i + 6 <= bytes.count, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u"),
                   let low = hex4(at: i + 2), low >= 0xDC00 && low < 0xE000 {
                    u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00); i += 6
                }
                if strictUnicode && Unicode.Scalar(u) == nil { throw error("unpaired surrogate \\u escape", at: i - 6) }
                let scalar = Unicode.Scalar(u) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("bad escape \\\(Character(Unicode.Scalar(e)))", at: i - 2)
            }
        }
        throw error("unterminated string", at: pos)
    }

    @usableFromInline
    func hex4(at i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let b = bytes[i + k]
            let d: UInt32
            switch b {
            case 48...57: d = UInt32(b - 48)
            case 97...102: d = UInt32(b - 87)
            case 65...70: d = UInt32(b - 55)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }

    @usableFromInline
    static let powersOf10: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
                                       1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// A JSON number (strict grammar), correctly rounded: exact fast path when the digits fit
    /// in 2^53 and the power of ten is ≤ 22 (Clinger), `strtod` otherwise.
    @inlinable
    public mutating func number(_ what: String = "a number") throws(JSONError) -> Double {
        skipWhitespace()
        let start = pos
        var i = pos
        let n = bytes.count
        var negative = false
        if i < n && bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < n, bytes[i] >= 48 && bytes[i] <= 57 else { throw expected(what) }
        var mantissa: UInt64 = 0
        var digits = 0, exp10 = 0
        var exact = true
        if bytes[i] == 48 { i += 1 } else {
            while i < n, bytes[i] >= 48 && bytes[i] <= 57 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] - 48); digits += 1 } else { exact = false; exp10 += 1 }
                i += 1
            }
        }
        if i < n && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < n, bytes[i] >= 48 && bytes[i] <= 57 else { pos = start; throw expected(what) }
            while i < n, bytes[i] >= 48 && bytes[i] <= 57 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] - 48); exp10 -= 1
                    if mantissa != 0 { digits += 1 }
                } else if bytes[i] != 48 { exact = false }
                i += 1
            }
        }
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            var eneg = false
            if i < n && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { eneg = bytes[i] == UInt8(ascii: "-"); i += 1 }
            guard i < n, bytes[i] >= 48 && bytes[i] <= 57 else { pos = start; throw expected(what) }
            var e = 0
            while i < n, bytes[i] >= 48 && bytes[i] <= 57 { if e < 100_000 { e = e * 10 + Int(bytes[i] - 48) }; i += 1 }
            exp10 += eneg ? -e : e
        }
        if i < n, !(bytes[i] == 44 || bytes[i] == 125 || bytes[i] == 93 || bytes[i] == 32 || bytes[i] == 10
                    || bytes[i] == 13 || bytes[i] == 9) {
            pos = start; throw expected(what)
        }
        pos = i
        if exact && mantissa < (1 << 53) && exp10 >= -22 && exp10 <= 22 {
            let m = Double(mantissa)
            let v = exp10 >= 0 ? m * JSONScanner.powersOf10[exp10] : m / JSONScanner.powersOf10[-exp10]
            return negative ? -v : v
        }
        return try slowNumber(start: start, end: i)
    }

    /// Slow path of `number`: strtod. The token is valid JSON and followed by a delimiter, where
    /// strtod stops, so it can read the buffer in place; at the very end, copy and terminate.
    @usableFromInline
    mutating func slowNumber(start: Int, end i: Int) throws(JSONError) -> Double {
        let n = bytes.count
        let v: Double
        if i < n {
            v = strtod(UnsafeRawPointer(bytes.baseAddress! + start).assumingMemoryBound(to: CChar.self), nil)
        } else {
            var token = Array(bytes[start..<i]); token.append(0)
            v = token.withUnsafeBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { strtod($0, nil) }
            }
        }
        guard v.isFinite else { pos = start; throw error("expected a finite number, found \(found())", at: start) }
        return v
    }

    /// A number without fraction or exponent, below 9·10¹⁵ in magnitude.
    @inlinable
    public mutating func integer(_ what: String = "an integer") throws(JSONError) -> Int64 {
        skipWhitespace()
        let start = pos
        let v = try number(what)
        guard v == v.rounded(), abs(v) < 9.0e15 else { pos = start; throw expected(what) }
        // Reject "1.0" style for integers: the token must have no '.', 'e'.
        for k in start..<pos where bytes[k] == UInt8(ascii: ".") || bytes[k] | 0x20 == UInt8(ascii: "e") {
            pos = start; throw expected(what)
        }
        return Int64(v)
    }

    @inlinable
    public mutating func bool(_ what: String = "true or false") throws(JSONError) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw expected(what)
    }

    /// Reads `word` (e.g. `null`) if it comes next.
    @inlinable
    public mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let n = word.utf8CodeUnitCount
        guard pos + n <= bytes.count else { return false }
        let p = word.utf8Start
        for k in 0..<n where bytes[pos + k] != p[k] { return false }
        pos += n
        return true
    }

    /// Skips any value (used only for error recovery in messages).
    public mutating func skipValue() throws(JSONError) {
        switch peek() {
        case UInt8(ascii: "{"): try object { s, _ throws(JSONError) in try s.skipValue() }
        case UInt8(ascii: "["): try array { s, _ throws(JSONError) in try s.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): if !literal("null") { throw expected("a value") }
        default: _ = try number("a value")
        }
    }
}
