/// A least-recently-used map bounded by the summed cost of its values (bytes, or entries with
/// cost 1). Slots live in flat arrays linked by index, so a hit moves no memory and allocates
/// nothing.
final class LRUCache<Key: Hashable, Value> {
    let capacity: Int
    private(set) var usedCost = 0
    private var index: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var values: [Value?] = []
    private var costs: [Int] = []
    private var prev: [Int] = []
    private var next: [Int] = []
    private var freeSlots: [Int] = []
    /// Most and least recently used slots (-1 when empty).
    private var head = -1, tail = -1

    init(capacity: Int) { self.capacity = max(0, capacity) }

    var count: Int { index.count }

    /// The value for `key`, now the most recently used; nil when absent.
    func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        touch(i)
        return values[i]
    }

    /// Whether `key` is held (without making it the most recently used).
    func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Stores `value` for `key` with `cost`, evicting the least recently used values until the
    /// total fits (a value costing more than the capacity is not kept).
    func insert(_ value: Value, for key: Key, cost: Int) {
        if let i = index[key] { remove(slot: i) }
        guard cost <= capacity else { return }
        while usedCost + cost > capacity, tail >= 0 { remove(slot: tail) }
        let i: Int
        if let f = freeSlots.popLast() {
            i = f
            keys[i] = key; values[i] = value; costs[i] = cost
        } else {
            i = keys.count
            keys.append(key); values.append(value); costs.append(cost); prev.append(-1); next.append(-1)
        }
        index[key] = i
        usedCost += cost
        link(i)
    }

    func removeAll() {
        index.removeAll(); keys.removeAll(); values.removeAll(); costs.removeAll()
        prev.removeAll(); next.removeAll(); freeSlots.removeAll()
        head = -1; tail = -1; usedCost = 0
    }

    private func touch(_ i: Int) {
        guard head != i else { return }
        unlink(i); link(i)
    }

    private func link(_ i: Int) {
        prev[i] = -1; next[i] = head
        if head >= 0 { prev[head] = i }
        head = i
        if tail < 0 { tail = i }
    }

    private func unlink(_ i: Int) {
        if prev[i] >= 0 { next[prev[i]] = next[i] } else { head = next[i] }
        if next[i] >= 0 { prev[next[i]] = prev[i] } else { tail = prev[i] }
    }

    private func remove(slot i: Int) {
        unlink(i)
        if let k = keys[i] { index[k] = nil }
        keys[i] = nil; values[i] = nil
        usedCost -= costs[i]; costs[i] = 0
        freeSlots.append(i)
    }
}
