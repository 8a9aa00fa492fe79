#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small JSON reader over UTF-8 bytes for the venue formats: pull values one at a time, keep
/// the JSON path of where it is, and report errors as "path: expected …, found …".
/// Fast where venue files are big: numbers are parsed in place, strings are sliced without
/// copying when they have no escapes.
struct JSONScanner {
    enum Component { case key(String), index(Int) }

    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var path: [Component] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        path.reserveCapacity(8)
    }

    // MARK: Errors

    var pathString: String {
        var s = ""
        for c in path {
            switch c {
            case .key(let k): s += s.isEmpty ? k : ".\(k)"
            case .index(let i): s += "[\(i)]"
            }
        }
        return s
    }

    func lineColumn(_ offset: Int) -> (Int, Int) {
        var line = 1, col = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 10 { line += 1; col = 1 } else if bytes[i] & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }

    func error(_ message: String, at offset: Int? = nil) -> VenueFileError {
        let (l, c) = lineColumn(offset ?? pos)
        return VenueFileError(path: pathString, message: message, line: l, column: c)
    }

    /// A short description of the value starting at `pos` ("x" quoted, a number, an object …).
    mutating func found() -> String {
        skipWhitespace()
        guard pos < bytes.count else { return "the end of the file" }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""):
            var copy = self
            if let s = try? copy.string() {
                let short = s.count > 24 ? String(s.prefix(24)) + "…" : s
                return "\"\(short)\""
            }
            return "a malformed string"
        default:
            var end = pos
            while end < bytes.count, end - pos < 24,
                  !([UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 32, 10, 13, 9].contains(bytes[end])) {
                end += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[pos..<end]), as: UTF8.self)
        }
    }

    mutating func expected(_ what: String) -> VenueFileError {
        skipWhitespace()
        let at = pos
        return error("expected \(what), found \(found())", at: at)
    }

    // MARK: Structure

    @inline(__always) mutating func skipWhitespace() {
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 32 || b == 10 || b == 13 || b == 9 { pos += 1 } else { break }
        }
    }

    @inline(__always) mutating func peek() -> UInt8? {
        skipWhitespace()
        return pos < bytes.count ? bytes[pos] : nil
    }

    /// Iterates the members of an object; `body` reads the value of each key (the path holds
    /// the key meanwhile).
    mutating func object(_ what: String = "an object",
                         _ body: (inout JSONScanner, String) throws(VenueFileError) -> Void) throws(VenueFileError) {
        guard peek() == UInt8(ascii: "{") else { throw expected(what) }
        pos += 1
        if peek() == UInt8(ascii: "}") { pos += 1; return }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw expected("a key in quotes") }
            let k = try string()
            guard peek() == UInt8(ascii: ":") else { throw expected("':' after key \"\(k)\"") }
            pos += 1
            path.append(.key(k))
            try body(&self, k)
            path.removeLast()
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"): pos += 1; return
            default: throw expected("',' or '}'")
            }
        }
    }

    /// A set of expected keys for `object(_:keys:_:)`, matched by bytes (no string is built
    /// for a known key).
    struct Keys {
        let names: [String]
        let utf8: [[UInt8]]
        init(_ names: [String]) { self.names = names; utf8 = names.map { Array($0.utf8) } }
    }

    /// Like `object(_:_:)` for hot objects: `body` gets the index of the key in `keys`, or −1
    /// for any other key (its name is then in the path, for the error message).
    mutating func object(_ what: String, keys: Keys,
                         _ body: (inout JSONScanner, Int) throws(VenueFileError) -> Void) throws(VenueFileError) {
        guard peek() == UInt8(ascii: "{") else { throw expected(what) }
        pos += 1
        if peek() == UInt8(ascii: "}") { pos += 1; return }
        // Files written canonically list keys in order: try the next expected key first.
        var guess = 0
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw expected("a key in quotes") }
            var index = -1
            var name: String
            if let r = try plainString() {
                let key = UnsafeBufferPointer(rebasing: bytes[r])
                if guess < keys.utf8.count, keys.utf8[guess].count == key.count, keys.utf8[guess].elementsEqual(key) {
                    index = guess
                } else {
                    for (k, u) in keys.utf8.enumerated() where u.count == key.count && u.elementsEqual(key) {
                        index = k; break
                    }
                }
                guess = index + 1
                name = index >= 0 ? keys.names[index] : String(decoding: key, as: UTF8.self)
            } else {
                name = try string()
                index = keys.names.firstIndex(of: name) ?? -1
            }
            guard peek() == UInt8(ascii: ":") else { throw expected("':' after key \"\(name)\"") }
            pos += 1
            path.append(.key(name))
            try body(&self, index)
            path.removeLast()
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"): pos += 1; return
            default: throw expected("',' or '}'")
            }
        }
    }

    /// The key currently being read (the last path component), for "unexpected key" errors.
    var currentKey: String {
        if case .key(let k)? = path.last { return k }
        return ""
    }

    /// Iterates the elements of an array; the path holds the index meanwhile.
    mutating func array(_ what: String = "an array",
                        _ body: (inout JSONScanner, Int) throws(VenueFileError) -> Void) throws(VenueFileError) {
        guard peek() == UInt8(ascii: "[") else { throw expected(what) }
        pos += 1
        if peek() == UInt8(ascii: "]") { pos += 1; return }
        var i = 0
        while true {
            path.append(.index(i))
            try body(&self, i)
            path.removeLast()
            i += 1
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "]"): pos += 1; return
            default: throw expected("',' or ']'")
            }
        }
    }

    mutating func end() throws(VenueFileError) {
        if peek() != nil { throw expected("the end of the file") }
    }

    // MARK: Scalars

    /// The byte range of a string without escapes (no copy), or nil when it has escapes (then
    /// use `string()`); `pos` is left at the string's start when nil.
    mutating func plainString() throws(VenueFileError) -> Range<Int>? {
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

    mutating func string() throws(VenueFileError) -> String {
        if let r = try plainString() {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
        }
        var out: [UInt8] = []
        var i = pos + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { pos = i + 1; return String(decoding: out, as: UTF8.self) }
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
                let scalar = Unicode.Scalar(u) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("bad escape \\\(Character(Unicode.Scalar(e)))", at: i - 2)
            }
        }
        throw error("unterminated string", at: pos)
    }

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

    static let powersOf10: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
                                       1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// A JSON number (strict grammar), correctly rounded: exact fast path when the digits fit
    /// in 2^53 and the power of ten is ≤ 22 (Clinger), `strtod` otherwise.
    mutating func number(_ what: String = "a number") throws(VenueFileError) -> Double {
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
        // Slow path: strtod. The token is valid JSON and followed by a delimiter, where strtod
        // stops, so it can read the buffer in place; at the very end, copy and terminate.
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

    mutating func integer(_ what: String = "an integer") throws(VenueFileError) -> Int64 {
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

    mutating func bool(_ what: String = "true or false") throws(VenueFileError) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw expected(what)
    }

    mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let n = word.utf8CodeUnitCount
        guard pos + n <= bytes.count else { return false }
        let p = word.utf8Start
        for k in 0..<n where bytes[pos + k] != p[k] { return false }
        pos += n
        return true
    }

    /// Skips any value (used only for error recovery in messages).
    mutating func skipValue() throws(VenueFileError) {
        switch peek() {
        case UInt8(ascii: "{"): try object { s, _ throws(VenueFileError) in try s.skipValue() }
        case UInt8(ascii: "["): try array { s, _ throws(VenueFileError) in try s.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): if !literal("null") { throw expected("a value") }
        default: _ = try number("a value")
        }
    }
}
