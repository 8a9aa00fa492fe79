extension Path {
    /// The index of the first verb at or after `start` that is not `.line` (`verbs.count` when
    /// there is none): the end of a run of lines, found eight verbs a step.
    @inlinable @inline(__always)
    static func endOfLines(in verbs: UnsafeBufferPointer<Verb>, from start: Int) -> Int {
        var i = start
        let n = verbs.count
        guard let base = verbs.baseAddress else { return n }
        let raw = UnsafeRawPointer(base)
        // `.line` in every byte: a byte of the XOR is non-zero where the verb is another.
        let lines = 0x0101_0101_0101_0101 &* UInt64(Verb.line.rawValue)
        while i &+ 8 <= n {
            let other = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ lines
            if other != 0 { return i &+ other.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < n && verbs[i] == .line { i &+= 1 }
        return i
    }
}
