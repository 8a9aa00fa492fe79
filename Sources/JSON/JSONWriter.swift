/// Writes JSON text into a byte buffer, compactly: keys in the order written, no spaces unless
/// written, numbers in Swift's shortest round-trip form (so reading and writing again gives the
/// same bytes). Its string escaping (`appendQuoted`) is the only one in Tribune: every JSON
/// (and YAML double-quoted) string any module writes goes through it.
public struct JSONWriter {
    /// The text so far, UTF-8.
    public var bytes: [UInt8] = []

    /// `capacity`: bytes to reserve up front.
    public init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    @inlinable public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    @inlinable public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// A key and its colon, e.g. `"x":`; `comma` puts a comma first.
    @inlinable public mutating func key(_ k: StaticString, comma: Bool = true) {
        if comma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\"")); bytes.append(UInt8(ascii: ":"))
    }

    /// A finite number in its shortest round-trip form (the caller guarantees finiteness).
    @inlinable public mutating func number(_ v: Double) {
        var s = v.description
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
    @inlinable public mutating func integer(_ v: Int64) {
        var s = v.description
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
    @inlinable public mutating func bool(_ v: Bool) { if v { raw("true") } else { raw("false") } }

    /// A string, quoted and escaped.
    @inlinable public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// A string given as UTF-8, quoted and escaped.
    @inlinable public mutating func string(utf8 u: UnsafeBufferPointer<UInt8>) {
        JSONWriter.appendQuoted(utf8: u, to: &bytes)
    }

    /// Appends `u` as a JSON string: in quotes, with `"` and `\` escaped, newline, carriage
    /// return and tab as `\n`, `\r`, `\t`, the other control characters (below U+0020) as
    /// `\u00xx` (lower-case hex), everything else as is.
    @inlinable
    public static func appendQuoted(utf8 u: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for b in u {
            switch b {
            case UInt8(ascii: "\""): bytes.append(92); bytes.append(b)
            case 92: bytes.append(92); bytes.append(92)
            case 10: bytes.append(92); bytes.append(UInt8(ascii: "n"))
            case 13: bytes.append(92); bytes.append(UInt8(ascii: "r"))
            case 9: bytes.append(92); bytes.append(UInt8(ascii: "t"))
            case 0..<32:
                bytes.append(92); bytes.append(UInt8(ascii: "u")); bytes.append(48); bytes.append(48)
                bytes.append(hexDigit(b >> 4)); bytes.append(hexDigit(b & 15))
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `s` as a JSON string (see `appendQuoted(utf8:to:)`).
    @inlinable
    public static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendQuoted(utf8: $0, to: &bytes) }
    }

    /// `s` as a JSON string literal, for text built as `String` (reports, status lines).
    public static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @inlinable static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 87 + v }
}
