import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct StadiumGeneratorTests {
    static let width = 1000.0
    static let venue = StadiumGenerator.generate(.design(width: width))
    static let design = DesignTranscription(width: width)

    @Test func hand_computed_dimensions_of_the_design() {
        // W = 1000, 4 rings: sectorDiff = 125, tribune 41.67 × 27.78, offset (62.5 − 27.78)/2.
        let layout = StadiumLayout(.design(width: 1000))
        #expect(layout.sectorDiff == 125)
        #expect(abs(layout.tribuneSize.width - 125.0 / 3) < 1e-12)
        #expect(abs(layout.tribuneSize.height - 125.0 / 4.5) < 1e-12)
        #expect(abs(layout.offset - (62.5 - 125.0 / 4.5) / 2) < 1e-12)
        #expect(layout.rings.count == 4)
        #expect(layout.rings[3] == Rect(x: 187.5, y: 187.5, width: 625, height: 1000 / 1.3 - 375))
        // The field: the middle half of the innermost ring.
        #expect(abs(layout.field.width - 312.5) < 1e-12)
        #expect(abs(layout.field.midX - 500) < 1e-12)
        #expect(abs(layout.field.midY - 1000 / 1.3 / 2) < 1e-9)
        // Ring 0: the top side's straight part is 1000 − 2·250 = 500 long → 500 / (125/3) = 12.
        let ring0Top = layout.plans.filter { $0.ring == 0 && $0.side == "N" }.count
        #expect(ring0Top == 12)
    }

    @Test func tribune_counts_per_ring_match_the_transcription() {
        let v = Self.venue, d = Self.design
        for ring in 0..<4 {
            let ours = v.tribunes.filter { $0.id.hasPrefix("R\(ring + 1)-") }
            let theirs = d.tribunes.filter { $0.ring == ring }
            #expect(ours.count == theirs.count, "ring \(ring)")
            let oursArc = ours.filter { $0.kind == .arc }.count
            let theirsArc = theirs.filter { if case .arc = $0.shape { true } else { false } }.count
            #expect(oursArc == theirsArc, "ring \(ring) arcs")
        }
        #expect(v.tribunes.count == d.tribunes.count)
    }

    /// Pairs each of our tribunes with the transcription's tribune of the same outline.
    static func pairs() -> [(Int, DesignTranscription.Tribune)] {
        var out: [(Int, DesignTranscription.Tribune)] = []
        for (t, tribune) in venue.tribunes.enumerated() {
            let match = design.tribunes.first { d in
                switch (tribune.outline, d.shape) {
                case (.rect(let a), .rect(let b)):
                    return abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9
                        && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
                case (.arc(let a), .arc(let c, let r, let ri, let s, let e)):
                    return abs(a.center.x - c.x) < 1e-9 && abs(a.center.y - c.y) < 1e-9 && abs(a.outerRadius - r) < 1e-9
                        && abs(a.innerRadius - ri) < 1e-9 && abs(a.startAngle - s) < 1e-9 && abs(a.endAngle - e) < 1e-9
                default: return false
                }
            }
            if let match { out.append((t, match)) }
        }
        return out
    }

    @Test func every_tribune_seat_centre_and_rotation_matches_the_transcription() {
        let v = Self.venue
        let pairs = Self.pairs()
        #expect(pairs.count == v.tribunes.count)
        var total = 0
        for (t, d) in pairs {
            let ours = Array(v.tribunes[t].seats)
            #expect(ours.count == d.seats.count, "seats in \(v.tribunes[t].id)")
            var used = Set<Int>()
            for s in d.seats {
                // Nearest of our seats in the same tribune.
                var best = -1, bestD = Double.infinity
                for i in ours {
                    let q = v.seats[i].center
                    let dd = (q.x - s.center.x) * (q.x - s.center.x) + (q.y - s.center.y) * (q.y - s.center.y)
                    if dd < bestD { bestD = dd; best = i }
                }
                #expect(bestD.squareRoot() <= 1e-9)
                #expect(abs(v.seats[best].rotation - s.rotation) <= 1e-9)
                #expect(used.insert(best).inserted)
                total += 1
            }
        }
        #expect(total == v.seatCount)
        #expect(total == Self.design.tribunes.reduce(0) { $0 + $1.seats.count })
    }

    @Test func field_matches_the_transcription() {
        let f = Self.venue.field, d = Self.design.field
        #expect(abs(f.minX - d.minX) < 1e-9 && abs(f.minY - d.minY) < 1e-9)
        #expect(abs(f.width - d.width) < 1e-9 && abs(f.height - d.height) < 1e-9)
    }

    @Test(arguments: [600, 10_000, 60_000, 100_000])
    func seat_count_search_reaches_the_target(_ n: Int) {
        let p = StadiumParameters.forSeatCount(n)
        #expect(p.problem == nil)
        let count = StadiumGenerator.seatCount(p)
        #expect(abs(Double(count - n)) / Double(n) < 0.03, "asked \(n), got \(count)")
        // The count helper agrees with actual generation.
        if n <= 10_000 { #expect(StadiumGenerator.generate(p).seatCount == count) }
    }

    @Test func ids_are_unique_and_rows_are_consistent() {
        let v = Self.venue
        var ids = Set<String>()
        for i in 0..<v.seatCount { ids.insert(v.seatIDs[i]) }
        #expect(ids.count == v.seatCount)
        for (r, row) in v.rows.enumerated() {
            for i in row.seats {
                #expect(Int(v.seats[i].row) == r)
                #expect(v.seats[i].tribune == row.tribune)
            }
        }
        #expect(v.seatIDs[0] == "R1-N01-1-1")
    }
}
