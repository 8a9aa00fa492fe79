/// Seat id → seat index, by binary search over a sorted permutation (4 bytes per seat, no
/// hashing, deterministic).
public struct SeatLookup: Sendable {
    let order: [UInt32]
    let ids: StringTable

    public init(venue: Venue) {
        ids = venue.seatIDs
        let table = venue.seatIDs
        order = table.bytes.withUnsafeBufferPointer { b in
            (0..<UInt32(table.count)).sorted { x, y in
                StringTable.compare(b, table.range(Int(x)), table.range(Int(y))) < 0
            }
        }
    }

    /// The index of the seat with id `id`.
    public func index(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { key in
            ids.bytes.withUnsafeBufferPointer { b in
                var lo = 0, hi = order.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    let c = StringTable.compare(b, ids.range(Int(order[mid])), key)
                    if c == 0 { return Int(order[mid]) }
                    if c < 0 { lo = mid + 1 } else { hi = mid }
                }
                return nil
            }
        }
    }
}

extension StringTable {
    static func compare(_ b: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ y: Range<Int>) -> Int {
        compare(b, x, UnsafeBufferPointer(rebasing: b[y]))
    }
    static func compare(_ b: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(x.count, key.count)
        for k in 0..<n {
            let p = b[x.lowerBound + k], q = key[k]
            if p != q { return p < q ? -1 : 1 }
        }
        return x.count == key.count ? 0 : (x.count < key.count ? -1 : 1)
    }
}
