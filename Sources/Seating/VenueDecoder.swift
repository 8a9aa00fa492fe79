import Geometry
import JSON

/// Reads the venue format with `JSONScanner`, building the flat seat storage directly (no
/// intermediate tree), and checks every rule of docs/venue-format.md.
struct VenueDecoder {
    static let seatKeys = JSONScanner.Keys(["id", "number", "row", "x", "y", "rotation", "size", "category", "flags"])
    var seatIDs = StringTable()
    var seatNumbers = StringTable()
    var rowLabels = StringTable()
    var seats: [SeatRecord] = []
    var rows: [SeatRow] = []
    var categories: [SeatCategory] = []
    /// UTF-8 of each category id, for matching seat categories without building strings.
    var categoryKeys: [[UInt8]] = []

    mutating func document(_ s: inout JSONScanner) throws(VenueFileError) -> Venue {
        var format: String?, version: Int64?, id: String?, name: String?, names: LocalizedNames = [:], units: String?
        var size: Size?, field: Rect?, rings: [Rect] = []
        var tribunes: [Tribune] = []
        var sawCategories = false, sawTribunes = false
        let guess = s.bytes.count / 120
        seats.reserveCapacity(guess); seatIDs.reserve(strings: guess, bytes: guess * 14)
        seatNumbers.reserve(strings: guess, bytes: guess * 3)
        try s.object("a venue object") { s, key throws(VenueFileError) in
            switch key {
            case "format":
                let f = try s.string()
                guard f == VenueFile.format else { throw s.error("expected \"\(VenueFile.format)\", found \"\(f)\"") }
                format = f
            case "version":
                let start = s.pos
                let v = try s.integer("a version number")
                guard v == VenueFile.version else {
                    throw s.error("unsupported version \(v); this build reads version \(VenueFile.version)", at: start)
                }
                version = v
            case "id": id = try nonEmptyString(&s)
            case "name": name = try s.string()
            case "names": names = try localizedNames(&s)
            case "units": units = try s.string()
            case "size":
                let sz = try size2(&s)
                size = sz
            case "field": field = try rect(&s)
            case "rings":
                try s.array { s, _ throws(VenueFileError) in rings.append(try rect(&s)) }
            case "categories":
                sawCategories = true
                try s.array { s, _ throws(VenueFileError) in try category(&s) }
            case "tribunes":
                guard sawCategories else { throw s.error("\"categories\" must come before \"tribunes\"") }
                sawTribunes = true
                try s.array { s, _ throws(VenueFileError) in tribunes.append(try tribune(&s, index: tribunes.count)) }
            default:
                throw s.error("unexpected key \"\(key)\"")
            }
        }
        try s.end()
        func missing(_ k: String) -> VenueFileError { VenueFileError(path: "", message: "missing required key \"\(k)\"") }
        guard format != nil else { throw missing("format") }
        guard version != nil else { throw missing("version") }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        guard let units else { throw missing("units") }
        guard let size else { throw missing("size") }
        guard let field else { throw missing("field") }
        guard sawCategories else { throw missing("categories") }
        guard sawTribunes else { throw missing("tribunes") }
        try checkUnique(tribunes: tribunes)
        var venue = Venue(id: id, name: name, units: units, size: size, field: field, rings: rings, categories: categories,
                          tribunes: tribunes, rows: rows, rowLabels: rowLabels, seats: seats, seatIDs: seatIDs,
                          seatNumbers: seatNumbers)
        venue.names = names
        return venue
    }

    func nonEmptyString(_ s: inout JSONScanner) throws(VenueFileError) -> String {
        let start = s.pos
        let v = try s.string()
        if v.isEmpty { throw s.error("expected a non-empty string, found \"\"", at: start) }
        return v
    }

    func finite(_ s: inout JSONScanner, positive: Bool = false) throws(VenueFileError) -> Double {
        s.skipWhitespace()
        let start = s.pos
        let v = try s.number()
        if positive && !(v > 0) { throw s.error("expected a positive number, found \(v)", at: start) }
        return v
    }

    func size2(_ s: inout JSONScanner) throws(VenueFileError) -> Size {
        var w: Double?, h: Double?
        try s.object("an object {\"width\", \"height\"}") { s, k throws(VenueFileError) in
            switch k {
            case "width": w = try finite(&s, positive: true)
            case "height": h = try finite(&s, positive: true)
            default: throw s.error("unexpected key \"\(k)\"")
            }
        }
        guard let w, let h else { throw s.error("expected both \"width\" and \"height\"") }
        return Size(width: w, height: h)
    }

    func rect(_ s: inout JSONScanner) throws(VenueFileError) -> Rect {
        var x: Double?, y: Double?, w: Double?, h: Double?
        let start = s.pos
        try s.object("an object {\"x\", \"y\", \"width\", \"height\"}") { s, k throws(VenueFileError) in
            switch k {
            case "x": x = try finite(&s)
            case "y": y = try finite(&s)
            case "width": w = try finite(&s)
            case "height": h = try finite(&s)
            default: throw s.error("unexpected key \"\(k)\"")
            }
        }
        guard let x, let y, let w, let h else {
            throw s.error("expected a rect with \"x\", \"y\", \"width\" and \"height\"", at: start)
        }
        guard w >= 0, h >= 0 else { throw s.error("expected a non-negative width and height", at: start) }
        return Rect(x: x, y: y, width: w, height: h)
    }

    func point(_ s: inout JSONScanner) throws(VenueFileError) -> Point {
        var x: Double?, y: Double?
        let start = s.pos
        try s.object("an object {\"x\", \"y\"}") { s, k throws(VenueFileError) in
            switch k {
            case "x": x = try finite(&s)
            case "y": y = try finite(&s)
            default: throw s.error("unexpected key \"\(k)\"")
            }
        }
        guard let x, let y else { throw s.error("expected a point with \"x\" and \"y\"", at: start) }
        return Point(x: x, y: y)
    }

    mutating func category(_ s: inout JSONScanner) throws(VenueFileError) {
        var id: String?, name: String?, names: LocalizedNames = [:], color: String?, price: Int64?, currency: String?
        let start = s.pos
        try s.object("a category object") { s, k throws(VenueFileError) in
            switch k {
            case "id": id = try nonEmptyString(&s)
            case "name": name = try s.string()
            case "names": names = try localizedNames(&s)
            case "color":
                let at = s.pos
                let c = try s.string()
                guard VenueDecoder.isHexColor(c) else { throw s.error("expected a colour \"#RRGGBB\", found \"\(c)\"", at: at) }
                color = c
            case "price":
                try s.object("an object {\"amount_minor\", \"currency\"}") { s, k throws(VenueFileError) in
                    switch k {
                    case "amount_minor":
                        let at = s.pos
                        let p = try s.integer("an integer amount in minor units")
                        guard p >= 0 else { throw s.error("expected a non-negative amount, found \(p)", at: at) }
                        price = p
                    case "currency":
                        let at = s.pos
                        let c = try s.string()
                        guard c.utf8.count == 3, c.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
                            throw s.error("expected an ISO 4217 code like \"EUR\", found \"\(c)\"", at: at)
                        }
                        currency = c
                    default: throw s.error("unexpected key \"\(k)\"")
                    }
                }
            default: throw s.error("unexpected key \"\(k)\"")
            }
        }
        for (k, v) in [("id", id as Any?), ("name", name), ("color", color), ("price.amount_minor", price),
                       ("price.currency", currency)] where v == nil {
            throw s.error("missing required key \"\(k)\"", at: start)
        }
        if categories.contains(where: { $0.id == id! }) { throw s.error("duplicate category id \"\(id!)\"", at: start) }
        guard categories.count < Int(UInt16.max) else { throw s.error("too many categories", at: start) }
        categories.append(SeatCategory(id: id!, name: name!, names: names, color: color!, priceMinor: price!, currency: currency!))
        categoryKeys.append(Array(id!.utf8))
    }

    static func isHexColor(_ c: String) -> Bool {
        let u = Array(c.utf8)
        guard u.count == 7, u[0] == UInt8(ascii: "#") else { return false }
        return u.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102) }
    }

    mutating func tribune(_ s: inout JSONScanner, index t: Int) throws(VenueFileError) -> Tribune {
        var id: String?, label: String?, labels: LocalizedNames = [:], kind: Tribune.Kind?, outline: Tribune.Outline?
        var seatSize: Double?
        let start = s.pos
        let firstSeat = seats.count, firstRow = rows.count
        var sawSeats = false
        try s.object("a tribune object") { s, k throws(VenueFileError) in
            switch k {
            case "id": id = try nonEmptyString(&s)
            case "label": label = try s.string()
            case "labels": labels = try localizedNames(&s)
            case "kind":
                let at = s.pos
                let v = try s.string()
                guard let kk = Tribune.Kind(rawValue: v) else {
                    throw s.error("expected \"rect\" or \"arc\", found \"\(v)\"", at: at)
                }
                kind = kk
            case "rect":
                outline = .rect(try rect(&s))
            case "arc":
                var c: Point?, ro: Double?, ri: Double?, a0: Double?, a1: Double?
                let at = s.pos
                try s.object("an arc object") { s, k throws(VenueFileError) in
                    switch k {
                    case "center": c = try point(&s)
                    case "outer_radius": ro = try finite(&s, positive: true)
                    case "inner_radius": ri = try finite(&s)
                    case "start_angle": a0 = try finite(&s)
                    case "end_angle": a1 = try finite(&s)
                    default: throw s.error("unexpected key \"\(k)\"")
                    }
                }
                guard let c, let ro, let ri, let a0, let a1 else {
                    throw s.error("expected \"center\", \"outer_radius\", \"inner_radius\", \"start_angle\", \"end_angle\"", at: at)
                }
                guard ri >= 0, ri < ro else { throw s.error("expected 0 ≤ inner_radius < outer_radius", at: at) }
                guard a0 < a1, a1 - a0 <= 2 * Double.pi else {
                    throw s.error("expected start_angle < end_angle ≤ start_angle + 2π", at: at)
                }
                outline = .arc(ArcSector(center: c, outerRadius: ro, innerRadius: ri, startAngle: a0, endAngle: a1))
            case "seat_size":
                seatSize = try finite(&s)
            case "seats":
                guard let size = seatSize else { throw s.error("\"seat_size\" must come before \"seats\"") }
                guard outline != nil else { throw s.error("the outline (\"rect\" or \"arc\") must come before \"seats\"") }
                sawSeats = true
                let tribuneOutline = outline!
                try s.array { s, _ throws(VenueFileError) in
                    try seat(&s, tribune: t, outline: tribuneOutline, defaultSize: size, firstRow: firstRow)
                }
            default: throw s.error("unexpected key \"\(k)\"")
            }
        }
        guard let id else { throw s.error("missing required key \"id\"", at: start) }
        guard let label else { throw s.error("missing required key \"label\"", at: start) }
        guard let kind else { throw s.error("missing required key \"kind\"", at: start) }
        guard let outline else { throw s.error("missing the outline: \"rect\" or \"arc\"", at: start) }
        guard sawSeats else { throw s.error("missing required key \"seats\"", at: start) }
        if (kind == .arc) != outline.isArc {
            throw s.error("kind \"\(kind.rawValue)\" needs the key \"\(kind.rawValue)\" for its outline", at: start)
        }
        return Tribune(id: id, label: label, labels: labels, outline: outline, rows: firstRow..<rows.count, seats: firstSeat..<seats.count)
    }

    /// Reads one seat, appending to the flat storage; a new row starts when the row label
    /// changes. Seats of a row must be contiguous.
    mutating func seat(_ s: inout JSONScanner, tribune t: Int, outline: Tribune.Outline, defaultSize: Double,
                       firstRow: Int) throws(VenueFileError) {
        var x: Double?, y: Double?, rotation: Double?, size = defaultSize
        var category: UInt16?, flags: SeatFlags = []
        var hasID = false, hasNumber = false, hasRow = false
        let start = s.pos
        let idCount = seatIDs.count, numberCount = seatNumbers.count
        var rowRange: Range<Int>? = nil
        var rowString: String? = nil
        try s.object("a seat object", keys: VenueDecoder.seatKeys) { s, k throws(VenueFileError) in
            switch k {
            case 0: // id
                let at = s.pos
                if let r = try s.plainString() {
                    if r.isEmpty { throw s.error("expected a non-empty string, found \"\"", at: at) }
                    seatIDs.append(utf8: UnsafeBufferPointer(rebasing: s.bytes[r]))
                } else {
                    seatIDs.append(try nonEmptyString(&s))
                }
                hasID = true
            case 1: // number
                if let r = try s.plainString() {
                    seatNumbers.append(utf8: UnsafeBufferPointer(rebasing: s.bytes[r]))
                } else {
                    seatNumbers.append(try s.string())
                }
                hasNumber = true
            case 2: // row
                if let r = try s.plainString() { rowRange = r } else { rowString = try s.string() }
                hasRow = true
            case 3: x = try finite(&s)
            case 4: y = try finite(&s)
            case 5: rotation = try finite(&s)
            case 6: size = try finite(&s, positive: true)
            case 7: // category
                let at = s.pos
                if let r = try s.plainString() {
                    let key = UnsafeBufferPointer(rebasing: s.bytes[r])
                    category = categoryKeys.firstIndex { $0.elementsEqual(key) }.map(UInt16.init)
                } else {
                    let v = try s.string()
                    category = categories.firstIndex { $0.id == v }.map(UInt16.init)
                }
                if category == nil {
                    let pos = s.pos
                    s.pos = at
                    let f = s.found()
                    s.pos = pos
                    throw s.error("expected the id of a category in \"categories\", found \(f)", at: at)
                }
            case 8: // flags
                try s.array("an array of flags") { s, _ throws(VenueFileError) in
                    let at = s.pos
                    let name = try s.string()
                    guard let f = SeatFlags.named.first(where: { $0.0 == name }) else {
                        throw s.error("expected \"wheelchair\", \"companion\" or \"restricted_view\", found \"\(name)\"", at: at)
                    }
                    flags.insert(f.1)
                }
            default: throw s.error("unexpected key \"\(s.currentKey)\"")
            }
        }
        func missing(_ k: String) -> VenueFileError { s.error("missing required key \"\(k)\"", at: start) }
        guard hasID, seatIDs.count == idCount + 1 else { throw missing("id") }
        guard hasNumber, seatNumbers.count == numberCount + 1 else { throw missing("number") }
        guard hasRow else { throw missing("row") }
        guard let x, let y else { throw missing(x == nil ? "x" : "y") }
        guard let rotation else { throw missing("rotation") }
        guard let category else { throw missing("category") }
        guard size > 0 else { throw s.error("expected a positive seat size (\"seat_size\" or \"size\")", at: start) }
        let center = Point(x: x, y: y)
        let inside: Bool
        switch outline {
        case .rect(let r):
            inside = center.x >= r.minX && center.x <= r.maxX && center.y >= r.minY && center.y <= r.maxY
        case .arc(let a):
            inside = a.contains(center)
        }
        guard inside else {
            throw s.error("the seat's centre (\(x), \(y)) is outside its tribune's outline", at: start)
        }
        // Row: same label as the previous seat of this tribune → same row; otherwise a new row,
        // whose label must not have appeared before in this tribune.
        let sameAsLast: Bool = rowLabels.bytes.withUnsafeBufferPointer { lb in
            guard rows.count > firstRow else { return false }
            let last = rowLabels.range(rows.count - 1)
            if let r = rowRange {
                return StringTable.compare(lb, last, UnsafeBufferPointer(rebasing: s.bytes[r])) == 0
            }
            return rowLabels[rows.count - 1] == rowString!
        }
        if !sameAsLast {
            let label = rowRange.map { String(decoding: UnsafeBufferPointer(rebasing: s.bytes[$0]), as: UTF8.self) } ?? rowString!
            for r in firstRow..<rows.count where rowLabels.equals(r, label) {
                throw s.error("row \"\(label)\" appears again after other rows; list a row's seats together", at: start)
            }
            rowLabels.append(label)
            rows.append(SeatRow(tribune: UInt32(t), firstSeat: UInt32(seats.count), seatCount: 0))
        }
        seats.append(SeatRecord(center: center, rotation: rotation, size: size, tribune: UInt32(t),
                                row: UInt32(rows.count - 1), category: category, flags: flags))
        rows[rows.count - 1].seatCount += 1
    }

    func checkUnique(tribunes: [Tribune]) throws(VenueFileError) {
        var seen = Set<String>()
        for (i, t) in tribunes.enumerated() where !seen.insert(t.id).inserted {
            throw VenueFileError(path: "tribunes[\(i)].id", message: "duplicate tribune id \"\(t.id)\"")
        }
        // Seat ids: sort a permutation, compare neighbours.
        let table = seatIDs
        let dup: (Int, Int)? = table.bytes.withUnsafeBufferPointer { b in
            let order = (0..<UInt32(table.count)).sorted { x, y in
                StringTable.compare(b, table.range(Int(x)), table.range(Int(y))) < 0
            }
            for k in order.indices.dropFirst()
            where StringTable.compare(b, table.range(Int(order[k - 1])), table.range(Int(order[k]))) == 0 {
                return (Int(min(order[k - 1], order[k])), Int(max(order[k - 1], order[k])))
            }
            return nil
        }
        if let (a, b) = dup {
            let tb = Int(seats[b].tribune)
            throw VenueFileError(path: "tribunes[\(tb)].seats[\(b - tribunes[tb].seats.lowerBound)].id",
                                 message: "duplicate seat id \"\(table[b])\" (also seat \(a - tribunes[Int(seats[a].tribune)].seats.lowerBound) of tribune \(tribunes[Int(seats[a].tribune)].id))")
        }
    }
}
