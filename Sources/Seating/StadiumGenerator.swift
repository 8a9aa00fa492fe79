#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// Builds a `Venue` from `StadiumParameters` with SportFan's formulas: `StadiumLayout` for the
/// rings and tribunes, then the two `computeSeats` for the seats.
///
/// Numbering: rows count from the field outward (row 1 nearest the field); seat numbers grow
/// clockwise around the stadium (along each seat's local +x). Ids: tribune "R{ring}-{side}{nn}"
/// (ring 1 = outermost), seat "{tribune}-{row}-{seat}".
///
/// Categories: the inner third of the rings CAT1, the middle CAT2, the outer CAT3; in the
/// innermost ring, the first north and south tribunes have a wheelchair space (seat 1) and a
/// companion seat (seat 2) at each end of row 1 (category WHEEL), and row 1 of every corner
/// tribune has a restricted view (the corner flags).
public enum StadiumGenerator {
    /// The categories every generated venue has, in this order.
    public static let categories: [SeatCategory] = [
        SeatCategory(id: "CAT1", name: "Category 1", color: "#E87722", priceMinor: 6500, currency: "EUR"),
        SeatCategory(id: "CAT2", name: "Category 2", color: "#1D3557", priceMinor: 4500, currency: "EUR"),
        SeatCategory(id: "CAT3", name: "Category 3", color: "#457B9D", priceMinor: 2900, currency: "EUR"),
        SeatCategory(id: "WHEEL", name: "Wheelchair and companion", color: "#2A9D8F", priceMinor: 2900,
                     currency: "EUR"),
    ].map { c in var c = c; c.names = categoryNames[c.id] ?? [:]; return c }

    /// Generates the venue. The parameters must be valid (`parameters.problem == nil`). The venue
    /// carries its names in German, Spanish, Arabic and Chinese (`StadiumGenerator+Translations`);
    /// a `name` other than `defaultName` has none.
    public static func generate(_ parameters: StadiumParameters, id: String = "sportfan-stadium",
                                name: String = defaultName) -> Venue {
        let layout = StadiumLayout(parameters)
        let seat = layout.seatSize
        let rowsPerTribune = parameters.rowsPerTribune
        let expected = layout.plans.reduce(0) { $0 + seatCount(of: $1, seatSize: seat) }
        var venue = Venue(id: id, name: name, units: "pt", size: layout.size, field: layout.field,
                          rings: layout.rings, categories: categories)
        if name == defaultName { venue.names = defaultNames }
        venue.seats.reserveCapacity(expected)
        venue.rows.reserveCapacity(layout.plans.count * rowsPerTribune)
        venue.seatIDs.reserve(strings: expected, bytes: expected * 13)
        venue.seatNumbers.reserve(strings: expected, bytes: expected * 2)
        venue.rowLabels.reserve(strings: layout.plans.count * rowsPerTribune, bytes: layout.plans.count * rowsPerTribune * 2)
        venue.tribunes.reserveCapacity(layout.plans.count)
        let sectors = parameters.sectors
        var rowBuffer: [(Point, Double)] = []
        for plan in layout.plans {
            let t = venue.tribunes.count
            let tribuneID = "R\(plan.ring + 1)-\(plan.side)\(plan.index < 10 ? "0" : "")\(plan.index)"
            let prefix = Array(tribuneID.utf8)
            let firstRow = venue.rows.count, firstSeat = venue.seats.count
            let ringCategory = UInt16(min(2, (sectors - 1 - plan.ring) * 3 / sectors))
            let innermost = plan.ring == sectors - 1
            let rows = seatRows(of: plan, seatSize: seat)
            for (r, rowSeats) in rows.enumerated() {
                let rowNumber = r + 1
                let rowStart = venue.seats.count
                venue.rowLabels.append(number: rowNumber)
                rowBuffer = rowSeats
                for (k, (center, rotation)) in rowBuffer.enumerated() {
                    let number = k + 1
                    var category = ringCategory
                    var flags: SeatFlags = []
                    if innermost && rowNumber == 1 {
                        if plan.outline.isArc {
                            flags = .restrictedView
                        } else if plan.index == 1 && (plan.side == "N" || plan.side == "S") {
                            let fromEnd = min(number, rowBuffer.count + 1 - number)
                            if fromEnd == 1 { flags = .wheelchair; category = 3 }
                            else if fromEnd == 2 { flags = .companion; category = 3 }
                        }
                    }
                    venue.seats.append(SeatRecord(center: center, rotation: rotation, size: seat, tribune: UInt32(t),
                                                  row: UInt32(venue.rows.count), category: category, flags: flags))
                    venue.seatIDs.append(prefix: prefix, separator: UInt8(ascii: "-"), numbers: rowNumber, number)
                    venue.seatNumbers.append(number: number)
                }
                venue.rows.append(SeatRow(tribune: UInt32(t), firstSeat: UInt32(rowStart),
                                          seatCount: UInt32(venue.seats.count - rowStart)))
            }
            let (label, labels) = label(ring: plan.ring + 1, side: plan.side, index: plan.index)
            venue.tribunes.append(Tribune(id: tribuneID, label: label, labels: labels, outline: plan.outline,
                                          rows: firstRow..<venue.rows.count, seats: firstSeat..<venue.seats.count))
        }
        return venue
    }

    /// The number of seats `generate` makes, without making them.
    public static func seatCount(_ parameters: StadiumParameters) -> Int {
        let layout = StadiumLayout(parameters)
        return layout.plans.reduce(0) { $0 + seatCount(of: $1, seatSize: layout.seatSize) }
    }

    /// Seats in one tribune (the same loops as `seatRows`, counting only).
    static func seatCount(of plan: StadiumLayout.Plan, seatSize seat: Double) -> Int {
        switch plan.outline {
        case .rect(let r):
            return max(0, Int(r.width / seat)) * max(0, Int(r.height / seat))
        case .arc(let a):
            var total = 0
            let height = plan.tribuneHeight
            let rowsN = max(0, Int(height / seat))
            guard rowsN > 0 else { return 0 }
            let spacingV = (height - seat * Double(rowsN)) / Double(rowsN)
            for r in 0..<rowsN {
                let radius = a.outerRadius - Double(r) * (spacingV + seat) - spacingV - seat / 2.0
                total += max(0, Int(abs(a.endAngle - a.startAngle) * radius / (seat * 1.1)))
            }
            return total
        }
    }

    /// The seats of one tribune as spectator rows (row 1 nearest the field first), each row in
    /// seat-number order; every seat as (centre, rotation). The positions are SportFan's
    /// `computeSeats(for:at:)` (rect) and `computeSeats(for: ArcTribune)` (arc).
    public static func seatRows(of plan: StadiumLayout.Plan, seatSize seat: Double) -> [[(Point, Double)]] {
        switch plan.outline {
        case .rect(let t):
            let columns = max(0, Int(t.width / seat)), gridRows = max(0, Int(t.height / seat))
            guard columns > 0, gridRows > 0 else { return [] }
            let spacingH = (t.width - seat * Double(columns)) / Double(columns)
            let spacingV = (t.height - seat * Double(gridRows)) / Double(gridRows)
            func center(_ c: Int, _ r: Int) -> (Point, Double) {
                let x = t.minX + spacingH / 2.0 + (spacingH + seat) * Double(c)
                let y = t.minY + spacingV / 2.0 + (spacingV + seat) * Double(r)
                return (Point(x: x + seat / 2, y: y + seat / 2), plan.rotation)
            }
            switch plan.side {
            case "N": // faces +y: row 1 is the bottom grid row; numbers left → right
                return (0..<gridRows).reversed().map { r in (0..<columns).map { center($0, r) } }
            case "S": // faces −y: row 1 is the top grid row; numbers right → left
                return (0..<gridRows).map { r in (0..<columns).reversed().map { center($0, r) } }
            case "W": // faces +x: row 1 is the right column; numbers bottom → top
                return (0..<columns).reversed().map { c in (0..<gridRows).reversed().map { center(c, $0) } }
            default: // "E", faces −x: row 1 is the left column; numbers top → bottom
                return (0..<columns).map { c in (0..<gridRows).map { center(c, $0) } }
            }
        case .arc(let a):
            let height = plan.tribuneHeight
            let rowsN = max(0, Int(height / seat))
            guard rowsN > 0 else { return [] }
            let spacingV = (height - seat * Double(rowsN)) / Double(rowsN)
            var rows: [[(Point, Double)]] = []
            for r in 0..<rowsN {
                let radius = a.outerRadius - Double(r) * (spacingV + seat) - spacingV - seat / 2.0
                let arcLength = abs(a.endAngle - a.startAngle) * radius
                let n = max(0, Int(arcLength / (seat * 1.1)))
                var row: [(Point, Double)] = []
                row.reserveCapacity(n)
                if n > 0 {
                    let arcSpacing = (arcLength - seat * Double(n)) / Double(n)
                    let seatAngle = seat / radius
                    let spacingAngle = arcSpacing / radius
                    var angle = a.startAngle + spacingAngle + seatAngle / 2.0
                    for _ in 0..<n {
                        row.append((Point(x: a.center.x + radius * cos(angle), y: a.center.y + radius * sin(angle)),
                                    angle + .pi / 2))
                        angle += spacingAngle + seatAngle
                    }
                }
                rows.append(row)
            }
            return rows.reversed() // design row 0 is the outermost; row 1 sits nearest the field
        }
    }
}

extension Tribune.Outline {
    var isArc: Bool { if case .arc = self { return true } else { return false } }
}
