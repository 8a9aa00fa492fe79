/// The one JSON reader (RFC 8259) over UTF-8 bytes: pull values one at a time, keep the JSON
/// path of where it is, and report errors as "path: expected …, found …" with line and column.
/// Readers build their values directly from it (the venue formats, the box office's
/// `JSONValue`). Fast where documents are big (a 100k-seat venue file): numbers are parsed in
/// place, strings are sliced without copying when they have no escapes, and the per-value
/// methods are inlinable so callers' closures are specialized into them across the module.
/// The bytes must outlive the scanner.
public struct JSONScanner {
    /// One step of a JSON path: an object's key or an array's index.
    public enum Component { case key(String), index(Int) }

    /// The document.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read; readers save it to point errors at a value's start.
    public var pos = 0
    /// Where the scanner is: the keys and indices of the values it is inside.
    public var path: [Component] = []
    /// When true, a string with invalid UTF-8 or an unpaired surrogate escape is an error;
    /// when false (the venue readers' choice) it is repaired with U+FFFD.
    public var strictUnicode = false

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        path.reserveCapacity(8)
    }

    // MARK: Errors

    /// The path as text, e.g. `tribunes[3].seats[12]`.
    public var pathString: String {
        var s = ""
        for c in path {
            switch c {
            case .key(let k): s += s.isEmpty ? k : ".\(k)"
            case .index(let i): s += "[\(i)]"
            }
        }
        return s
    }

    /// 1-based line and column (in characters) of a byte offset.
    public func lineColumn(_ offset: Int) -> (Int, Int) {
        var line = 1, col = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 10 { line += 1; col = 1 } else if bytes[i] & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }

    /// An error at the current path, pointing at `offset` (default: the read position).
    public func error(_ message: String, at offset: Int? = nil) -> JSONError {
        let at = offset ?? pos
        let (l, c) = lineColumn(at)
        return JSONError(path: pathString, message: message, line: l, column: c, offset: at)
    }

    /// A short description of the value starting at `pos` ("x" quoted, a number, an object …).
    public mutating func found() -> String {
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

    /// "expected `what`, found …" at the next value.
    public mutating func expected(_ what: String) -> JSONError {
        skipWhitespace()
        let at = pos
        return error("expected \(what), found \(found())", at: at)
    }

    // MARK: Structure

    @inlinable @inline(__always) public mutating func skipWhitespace() {
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 32 || b == 10 || b == 13 || b == 9 { pos += 1 } else { break }
        }
    }

    /// The next byte after whitespace, or nil at the end.
    @inlinable @inline(__always) public mutating func peek() -> UInt8? {
        skipWhitespace()
        return pos < bytes.count ? bytes[pos] : nil
    }

    /// Iterates the members of an object; `body` reads the value of each key (the path holds
    /// the key meanwhile).
    @inlinable
    public mutating func object(_ what: String = "an object",
                                _ body: (inout JSONScanner, String) throws(JSONError) -> Void) throws(JSONError) {
        try members(what, key: { s throws(JSONError) in let k = try s.string(); return (k, k) }, body)
    }

    /// A set of expected keys for `object(_:keys:_:)`, matched by bytes (no string is built
    /// for a known key).
    public struct Keys: Sendable {
        public let names: [String]
        public let utf8: [[UInt8]]
        public init(_ names: [String]) { self.names = names; utf8 = names.map { Array($0.utf8) } }
    }

    /// Like `object(_:_:)` for hot objects: `body` gets the index of the key in `keys`, or −1
    /// for any other key (its name is then in the path, for the error message).
    @inlinable
    public mutating func object(_ what: String, keys: Keys,
                                _ body: (inout JSONScanner, Int) throws(JSONError) -> Void) throws(JSONError) {
        // Files written canonically list keys in order: try the next expected key first.
        var guess = 0
        try members(what, key: { s throws(JSONError) -> (Int, String) in
            guard let r = try s.plainString() else {
                let name = try s.string()
                return (keys.names.firstIndex(of: name) ?? -1, name)
            }
            let key = UnsafeBufferPointer(rebasing: s.bytes[r])
            var index = -1
            if guess < keys.utf8.count, keys.utf8[guess].count == key.count, keys.utf8[guess].elementsEqual(key) {
                index = guess
            } else {
                for (k, u) in keys.utf8.enumerated() where u.count == key.count && u.elementsEqual(key) {
                    index = k; break
                }
            }
            guess = index + 1
            return (index, index >= 0 ? keys.names[index] : String(decoding: key, as: UTF8.self))
        }, body)
    }

    /// The object loop both `object` forms share: `readKey` reads a key (at its opening quote)
    /// and gives what `body` receives and the name the path holds.
    @inlinable
    mutating func members<Key>(_ what: String, key readKey: (inout JSONScanner) throws(JSONError) -> (Key, String),
                               _ body: (inout JSONScanner, Key) throws(JSONError) -> Void) throws(JSONError) {
        guard peek() == UInt8(ascii: "{") else { throw expected(what) }
        pos += 1
        if peek() == UInt8(ascii: "}") { pos += 1; return }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw expected("a key in quotes") }
            let (key, name) = try readKey(&self)
            guard peek() == UInt8(ascii: ":") else { throw expected("':' after key \"\(name)\"") }
            pos += 1
            path.append(.key(name))
            try body(&self, key)
            path.removeLast()
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"): pos += 1; return
            default: throw expected("',' or '}'")
            }
        }
    }

    /// The key currently being read (the last path component), for "unexpected key" errors.
    public var currentKey: String {
        if case .key(let k)? = path.last { return k }
        return ""
    }

    /// Iterates the elements of an array; the path holds the index meanwhile.
    @inlinable
    public mutating func array(_ what: String = "an array",
                        _ body: (inout JSONScanner, Int) throws(JSONError) -> Void) throws(JSONError) {
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

    /// Only whitespace is left.
    public mutating func end() throws(JSONError) {
        if peek() != nil { throw expected("the end of the file") }
    }
}
