import Geometry
import Seating

/// The venue's section names as levels of detail, derived from the tribunes' own names and
/// outlines (nothing per venue): a name "Ring 4 · North 2" belongs to the stand "Ring 4 ·
/// North" (the name without its trailing number) and to the side "North" (the stand's last
/// part), so the overview can name a side where one tribune is too small for its name.
///
/// A coarser level is kept only when every tribune has a name there, it makes at least two
/// groups and it groups something (fewer groups than the next finer level). Nodes are in flat
/// arrays; level 0 nodes are the roots, the last level's nodes are the tribunes.
struct SectionHierarchy {
    /// Each node's name, level (0 coarsest), root (a level-0 node), region and seat count.
    private(set) var names: [String] = []
    private(set) var level: [Int] = []
    private(set) var root: [Int] = []
    private(set) var region: [LabelRegion] = []
    private(set) var seats: [Int] = []
    /// Per node, its tribunes (`members[memberStart[n]..<memberStart[n + 1]]`).
    private(set) var members: [Int] = []
    private(set) var memberStart: [Int] = [0]
    /// The node of each tribune at the finest level.
    private(set) var leaf: [Int] = []
    /// How many levels the venue's names give (1…3).
    let levels: Int
    /// Nodes in placement order: coarser levels first, then more seats first, then index.
    private(set) var order: [Int] = []

    /// The names of tribune `label` from coarse to fine: side, stand, the name itself (nil
    /// where the name has no such part).
    static func names(of label: String) -> [String?] {
        let words = label.split(separator: " ", omittingEmptySubsequences: false)
        var stand: String? = nil
        if words.count > 1, let last = words.last, !last.isEmpty, last.allSatisfy(\.isNumber) {
            let s = words.dropLast().joined(separator: " ").trimmingSuffix(" ·")
            if !s.isEmpty { stand = s }
        }
        let side = stand.flatMap { s -> String? in
            let parts = s.components(separatedBy: " · ")
            return parts.count > 1 ? parts.last : nil
        }
        return [side, stand, label]
    }

    init(venue: Venue) {
        let tribunes = venue.tribunes
        let all = tribunes.map { Self.names(of: $0.label) }
        // Keep a level when it is complete, has two groups or more and groups something.
        var kept: [Int] = [2]
        var finerCount = Set(tribunes.map(\.label)).count
        for k in [1, 0] {
            let column = all.compactMap { $0[k] }
            let count = Set(column).count
            if column.count == tribunes.count, count >= 2, count < finerCount {
                kept.insert(k, at: 0)
                finerCount = count
            }
        }
        levels = kept.count
        var index: [String: Int] = [:]
        var membersOf: [[Int]] = []
        leaf = Array(repeating: 0, count: tribunes.count)
        for (i, k) in kept.enumerated() {
            for t in tribunes.indices {
                let name = all[t][k] ?? tribunes[t].label
                let key = "\(i)|" + name
                let n: Int
                if let found = index[key] {
                    n = found
                } else {
                    n = names.count
                    index[key] = n
                    names.append(name); level.append(i); seats.append(0); membersOf.append([])
                    root.append(i == 0 ? n : root[leaf[t]])
                }
                membersOf[n].append(t)
                seats[n] += tribunes[t].seats.count
                leaf[t] = n
            }
        }
        for n in names.indices {
            members += membersOf[n]
            memberStart.append(members.count)
            region.append(LabelRegion(membersOf[n].map { tribunes[$0].outline }))
        }
        order = names.indices.sorted { (level[$0], -seats[$0], $0) < (level[$1], -seats[$1], $1) }
    }

    /// Tribunes named by node `n`.
    func tribunes(of n: Int) -> ArraySlice<Int> { members[memberStart[n]..<memberStart[n + 1]] }

    /// `name` on two lines, split at the " · " nearest its middle, else the space, else after
    /// the hyphen; nil when it has none.
    static func twoLines(_ name: String) -> String? {
        let chars = Array(name)
        let middle = Double(chars.count) / 2
        for separator in [" · ", " ", "-"] {
            let sep = Array(separator)
            var best: (Double, Int)? = nil
            var i = 0
            while i + sep.count <= chars.count {
                if Array(chars[i..<i + sep.count]) == sep, i > 0, i + sep.count < chars.count {
                    let d = abs(Double(i) + Double(sep.count) / 2 - middle)
                    if best.map({ d < $0.0 }) ?? true { best = (d, i) }
                }
                i += 1
            }
            if let (_, at) = best {
                let keep = separator == "-" ? 1 : 0
                return String(chars[..<(at + keep)]) + "\n" + String(chars[(at + sep.count)...])
            }
        }
        return nil
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
