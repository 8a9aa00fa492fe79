import Testing
@testable import Geometry

/// `Path.endOfLines`, the eight-verbs-a-step scan for the end of a run of lines, against a
/// verb-by-verb scan.
struct PathVerbRunsTests {
    /// Every start in verb arrays of every length up to 40, with runs of lines of every length
    /// (so runs end before, on and after each 8-byte step, and at the array's end).
    @Test func endOfLinesFindsTheFirstVerbThatIsNotALine() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let others: [Path.Verb] = [.move, .quad, .cubic, .close]
        var checked = 0
        for length in 0 ... 40 {
            for _ in 0 ..< 12 {
                var verbs: [Path.Verb] = []
                while verbs.count < length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let run = Int(state >> 59)   // 0 ... 31 lines, then another verb
                    verbs += Array(repeating: .line, count: min(run, length - verbs.count))
                    if verbs.count < length { verbs.append(others[Int(state >> 20) % others.count]) }
                }
                for start in 0 ... length {
                    var expected = start
                    while expected < verbs.count && verbs[expected] == .line { expected += 1 }
                    let found = verbs.withUnsafeBufferPointer { Path.endOfLines(in: $0, from: start) }
                    #expect(found == expected, "verbs \(verbs.map(\.rawValue)) from \(start)")
                    checked += 1
                }
            }
        }
        #expect(checked > 5000)
    }
}
