import Geometry
@testable import Seating

/// Venues and availabilities for the placement tests, and an independent brute-force search
/// written from the documented rules (not from the code under test): every window of every row,
/// freedom and orphans judged by `SeatSelection` (set-based, one seat at a time), scores from
/// the documented formulas.
enum PlacementFixtures {
    static let ownHold = "mine"
    static let now = 100.0

    /// A venue from pictures of rows, one string per row, one tribune per group (an aisle splits
    /// a row into two groups). Each character is a seat: `.` free, `x` sold, `b` blocked, `h` held
    /// by someone else, `e` held by someone else until before `now` (expired), `m` held by
    /// `ownHold`, `W` a free wheelchair space, `C` a free companion seat, `w`/`c` sold ones.
    /// Seat k of row r of group g sits at (groupX[g] + 10k + 5, 95 − 10r): rows above the field,
    /// row 0 nearest it; the field is (0, 100, 400, 200), its halfway line x = 200.
    static func venue(_ groups: [[String]], groupX: [Double]? = nil) -> (Venue, EventAvailability) {
        var v = Venue(id: "hand", name: "Hand-made", units: "pt", size: Size(width: 400, height: 400),
                      field: Rect(x: 0, y: 100, width: 400, height: 200), categories: StadiumGenerator.categories)
        var statuses: [SeatStatus] = []
        for (g, rows) in groups.enumerated() {
            let x0 = groupX?[g] ?? Double(g) * 200
            let firstRow = v.rows.count, firstSeat = v.seats.count
            for (r, picture) in rows.enumerated() {
                let start = v.seats.count
                _ = v.rowLabels.append("\(r + 1)")
                for (k, ch) in picture.enumerated() {
                    var flags: SeatFlags = []
                    if "Ww".contains(ch) { flags = .wheelchair }
                    if "Cc".contains(ch) { flags = .companion }
                    v.seats.append(SeatRecord(center: Point(x: x0 + 10 * Double(k) + 5, y: 95 - 10 * Double(r)), rotation: 0,
                                              size: 8, tribune: UInt32(g), row: UInt32(v.rows.count),
                                              category: flags.isEmpty ? 0 : 3, flags: flags))
                    _ = v.seatIDs.append("G\(g)-\(r + 1)-\(k + 1)")
                    _ = v.seatNumbers.append("\(k + 1)")
                    switch ch {
                    case "x", "w", "c": statuses.append(.sold)
                    case "b": statuses.append(.blocked)
                    case "h": statuses.append(.held(hold: "other", until: now + 50))
                    case "e": statuses.append(.held(hold: "other", until: now - 1))
                    case "m": statuses.append(.held(hold: ownHold, until: now + 50))
                    default: statuses.append(.available)
                    }
                }
                v.rows.append(SeatRow(tribune: UInt32(g), firstSeat: UInt32(start), seatCount: UInt32(v.seats.count - start)))
            }
            v.tribunes.append(Tribune(id: "G\(g)", label: "Group \(g)",
                                      outline: .rect(Rect(x: x0, y: 0, width: 200, height: 100)),
                                      rows: firstRow..<v.rows.count, seats: firstSeat..<v.seats.count))
        }
        var a = EventAvailability(seatCount: v.seatCount)
        for (i, s) in statuses.enumerated() { a.set(i, s) }
        return (v, a)
    }

    /// A seeded random availability: about 30 % sold, 5 % blocked, 10 % held by others (half of
    /// those expired at `now`), 5 % held by `ownHold`, the rest available.
    static func randomAvailability(_ v: Venue, seed: UInt64) -> EventAvailability {
        var rng = SeededGenerator(seed: seed)
        var a = EventAvailability(seatCount: v.seatCount)
        for i in 0..<v.seatCount {
            switch rng.below(100) {
            case 0..<30: a.set(i, .sold)
            case 30..<35: a.set(i, .blocked)
            case 35..<40: a.set(i, .held(hold: "other", until: now + 10))
            case 40..<45: a.set(i, .held(hold: "other", until: now - 10))
            case 45..<50: a.set(i, .held(hold: ownHold, until: now + 10))
            default: break
            }
        }
        return a
    }

    /// Generated venues of different shapes (1–3 rings, 2–12 rows, wide and narrow tribunes).
    static let generatedVenues: [Venue] = [
        StadiumGenerator.generate(.forSeatCount(600)),
        StadiumGenerator.generate(StadiumParameters(width: 800, sectors: 2, rowsPerTribune: 4, tribuneWidthDivisor: 2)),
        StadiumGenerator.generate(StadiumParameters(width: 1200, sectors: 3, rowsPerTribune: 6, tribuneWidthDivisor: 1.2)),
        StadiumGenerator.generate(StadiumParameters(width: 600, sectors: 1, rowsPerTribune: 12, tribuneWidthDivisor: 3)),
    ]

    // MARK: The brute force

    static func isFree(_ i: Int, _ a: EventAvailability) -> Bool {
        SeatSelection(ownHold: ownHold).isFree(i, availability: a, now: now)
    }

    /// The companion seat of each wheelchair space, read off `AccessiblePairing` (whose rule has
    /// its own hand-made tests).
    static func fits(_ window: Range<Int>, row r: Int, kind: SeatBlock.Kind, category: UInt16? = nil,
                     _ v: Venue, _ a: EventAvailability, _ pairing: AccessiblePairing) -> Bool {
        let row = v.rows[r]
        guard window.lowerBound >= row.seats.lowerBound, window.upperBound <= row.seats.upperBound else { return false }
        guard window.allSatisfy({ isFree($0, a) }) else { return false }
        switch kind {
        case .standard:
            guard window.allSatisfy({ !v.seats[$0].flags.contains(.wheelchair) && !v.seats[$0].flags.contains(.companion)
                && (category == nil || v.seats[$0].category == category!) }) else { return false }
        case .accessible:
            let spaces = window.filter { v.seats[$0].flags.contains(.wheelchair) }
            let ok = spaces.contains { w in
                window.count == 1 || pairing.pairs.contains { $0.space == w && $0.companion != nil && window.contains($0.companion!) }
            }
            guard ok else { return false }
        }
        return SeatSelection(ownHold: ownHold).newOrphan(adding: Set(window), row: row, availability: a, now: now) == nil
    }

    /// Every fitting window of `count` in rows `rows`.
    static func windows(count: Int, rows: Range<Int>, kind: SeatBlock.Kind, category: UInt16? = nil,
                        _ v: Venue, _ a: EventAvailability, _ pairing: AccessiblePairing) -> [SeatBlock] {
        var out: [SeatBlock] = []
        for r in rows {
            let seats = v.rows[r].seats
            guard seats.count >= count else { continue }
            for start in seats.lowerBound...(seats.upperBound - count)
            where fits(start..<(start + count), row: r, kind: kind, category: category, v, a, pairing) {
                out.append(SeatBlock(row: r, seats: start..<(start + count)))
            }
        }
        return out
    }

    static func mid(_ b: SeatBlock, _ v: Venue) -> Point {
        let p = v.seats[b.first].center, q = v.seats[b.last].center
        return Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
    }

    /// Squared distance from the block's centre to the halfway line segment.
    static func halfwayScore(_ b: SeatBlock, _ v: Venue) -> Double {
        let c = mid(b, v), f = v.field
        let nearestY = min(max(c.y, f.minY), f.maxY)
        return (c.x - f.midX) * (c.x - f.midX) + (c.y - nearestY) * (c.y - nearestY)
    }

    static func distanceScore(_ b: SeatBlock, from p: Point, _ v: Venue) -> Double {
        let c = mid(b, v)
        return (c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y)
    }

    /// The block with the least score; ties to the lower first seat.
    static func least(_ blocks: [SeatBlock], _ score: (SeatBlock) -> Double) -> SeatBlock? {
        blocks.min { (score($0), $0.first) < (score($1), $1.first) }
    }

    /// Brute-force party placement at `seat`, from the documented rules.
    static func place(_ n: Int, at seat: Int, _ v: Venue, _ a: EventAvailability,
                      _ pairing: AccessiblePairing) -> PartyPlacement? {
        let s = v.seats[seat]
        let kind: SeatBlock.Kind = s.flags.contains(.wheelchair) || s.flags.contains(.companion) ? .accessible : .standard
        let r = Int(s.row)
        let up = SeatBlock(row: r, seats: seat..<(seat + n)), down = SeatBlock(row: r, seats: (seat - n + 1)..<(seat + 1))
        let upOK = fits(up.seats, row: r, kind: kind, v, a, pairing)
        let downOK = fits(down.seats, row: r, kind: kind, v, a, pairing)
        if upOK && (!downOK || halfwayScore(up, v) <= halfwayScore(down, v)) {
            return PartyPlacement(block: up, kind: kind, origin: .atTappedSeat(.towardsHigherNumbers))
        }
        if downOK { return PartyPlacement(block: down, kind: kind, origin: .atTappedSeat(.towardsLowerNumbers)) }
        let all = windows(count: n, rows: v.tribunes[Int(s.tribune)].rows, kind: kind, v, a, pairing)
        return least(all) { distanceScore($0, from: s.center, v) }.map {
            PartyPlacement(block: $0, kind: kind, origin: .nearestInTribune)
        }
    }
}
