import JSON

extension JSONWriter {
    /// String `i` of `table`, quoted and escaped, straight from the table's bytes.
    mutating func string(_ table: StringTable, _ i: Int) {
        let r = table.range(i)
        table.bytes.withUnsafeBufferPointer { string(utf8: UnsafeBufferPointer(rebasing: $0[r])) }
    }
}
