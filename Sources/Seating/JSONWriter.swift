/// Writes JSON text into a byte buffer, canonically: keys in the order written, no spaces, one
/// tribune per line in venue files, numbers in Swift's shortest round-trip form (so reading
/// and writing again gives the same bytes).
struct JSONWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// A key and its colon, e.g. `"x":`; `comma` puts a comma first.
    mutating func key(_ k: StaticString, comma: Bool = true) {
        if comma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\"")); bytes.append(UInt8(ascii: ":"))
    }

    mutating func number(_ v: Double) {
        // Finite by construction (validated on input, generated finite).
        var s = v.description
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
    mutating func integer(_ v: Int64) {
        var s = v.description
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
    mutating func bool(_ v: Bool) { if v { raw("true") } else { raw("false") } }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    mutating func string(utf8 u: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for b in u {
            switch b {
            case UInt8(ascii: "\""): bytes.append(92); bytes.append(b)
            case 92: bytes.append(92); bytes.append(92)
            case 10: bytes.append(92); bytes.append(UInt8(ascii: "n"))
            case 13: bytes.append(92); bytes.append(UInt8(ascii: "r"))
            case 9: bytes.append(92); bytes.append(UInt8(ascii: "t"))
            case 0..<32:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw("\\u00"); bytes.append(hex[Int(b >> 4)]); bytes.append(hex[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func string(_ table: StringTable, _ i: Int) {
        let r = table.range(i)
        table.bytes.withUnsafeBufferPointer { string(utf8: UnsafeBufferPointer(rebasing: $0[r])) }
    }
}
