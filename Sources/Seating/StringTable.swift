/// Many short strings stored back to back in one UTF-8 buffer, addressed by index.
///
/// Seat ids, row labels and seat numbers live here instead of in 100 000 separate `String`s:
/// two allocations in all, and loading a file copies bytes instead of building strings.
public struct StringTable: Sendable, Equatable {
    /// The UTF-8 bytes of every string, concatenated.
    public private(set) var bytes: [UInt8] = []
    /// `ends[i]` is the end offset of string i in `bytes`; string i starts at `ends[i − 1]` (or 0).
    public private(set) var ends: [UInt32] = []

    public init() {}

    /// The number of strings.
    @inlinable public var count: Int { ends.count }

    public mutating func reserve(strings: Int, bytes byteCount: Int) {
        ends.reserveCapacity(strings); bytes.reserveCapacity(byteCount)
    }

    /// Appends a string; returns its index.
    @discardableResult
    public mutating func append(_ s: String) -> Int {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
        ends.append(UInt32(bytes.count))
        return ends.count - 1
    }

    /// Appends raw UTF-8 bytes (already validated by the caller); returns the index.
    @discardableResult
    public mutating func append(utf8 buffer: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.append(contentsOf: buffer)
        ends.append(UInt32(bytes.count))
        return ends.count - 1
    }

    /// The byte range of string `i`.
    @inlinable public func range(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
    }

    /// String `i`.
    public subscript(_ i: Int) -> String {
        let r = range(i)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[r]), as: UTF8.self) }
    }

    /// True when string `i` equals `s` (compares bytes, no allocation).
    public func equals(_ i: Int, _ s: String) -> Bool {
        var s = s
        let r = range(i)
        return s.withUTF8 { u in
            guard u.count == r.count else { return false }
            return bytes.withUnsafeBufferPointer { b in
                for k in 0..<u.count where b[r.lowerBound + k] != u[k] { return false }
                return true
            }
        }
    }

    /// Bytes used (for memory accounting).
    public var memoryFootprint: Int { bytes.capacity + ends.capacity * 4 }
}

extension StringTable {
    /// Appends `prefix`, then each number in decimal, each preceded by `separator`
    /// (e.g. "R1-N03" + "-10-15"); no intermediate `String`.
    @discardableResult
    public mutating func append(prefix: [UInt8], separator: UInt8, numbers: Int...) -> Int {
        bytes.append(contentsOf: prefix)
        for n in numbers {
            bytes.append(separator)
            StringTable.appendDecimal(n, to: &bytes)
        }
        ends.append(UInt32(bytes.count))
        return ends.count - 1
    }

    /// Appends a non-negative number in decimal as its own string.
    @discardableResult
    public mutating func append(number: Int) -> Int {
        StringTable.appendDecimal(number, to: &bytes)
        ends.append(UInt32(bytes.count))
        return ends.count - 1
    }

    static func appendDecimal(_ n: Int, to bytes: inout [UInt8]) {
        var v = n
        if v < 0 { bytes.append(UInt8(ascii: "-")); v = -v }
        if v < 10 { bytes.append(UInt8(48 + v)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 { d[count] = UInt8(48 + v % 10); v /= 10; count += 1 }
            for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }
}
