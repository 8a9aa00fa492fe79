#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import JSON

/// Conversion to and from pretix's seating-plan JSON (zones → rows → seats, categories by
/// name), so a venue can go to, or come from, a real ticketing system.
///
/// Mapping: a tribune is a zone (`zone_id` = tribune id, `name` = label) with one polygon area
/// drawing its outline (4 corners for a rect, 18 points for an arc); a row is a row
/// (`row_number` = label); a seat is a seat (`seat_guid` = id, `seat_number`, `category` =
/// category id, `radius` = size / 2 rounded to an integer, at least 1, as pretix wants). Zone
/// and row positions are 0 so seat positions are absolute and exact. The field is a zone
/// `FIELD` with no rows and one polygon area. The plan size is rounded up to integers. No `ext`
/// keys are written, so the file validates against pretix's schema.
///
/// Seat flags travel as categories, the way pretix sells wheelchair spaces (a category maps to
/// a product): a seat of category `CAT` with flags is in category `CAT+wheelchair` (flags in
/// `SeatFlags.named` order, each after a `+`), listed after the plain categories with `CAT`'s
/// colour. Import reads a category whose name ends in `+flag`s back as `CAT` (made when the
/// plan lacks it) with those flags on its seats.
///
/// pretix cannot express, so export drops and import makes up: category names and prices
/// (import: name = id, price 0, currency "XXX"), seat rotation (import: each seat faces the
/// field's centre), non-integer seat sizes and plan sizes, rings, arc outlines
/// (import: the polygon's bounding rect), the venue id and units. Rect outlines and the field
/// come back from their corner points (exact up to one rounding of max − min).
public enum PretixSeatingPlan {
    /// The zone id used for the field.
    public static let fieldZoneID = "FIELD"

    public static func export(_ v: Venue) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + v.seats.count * 120)
        w.raw("{"); w.key("name", comma: false); w.string(v.name)
        // pretix sizes and radii are integers.
        w.key("size"); w.raw("{"); w.key("width", comma: false); w.integer(Int64(v.size.width.rounded(.up)))
        w.key("height"); w.integer(Int64(v.size.height.rounded(.up))); w.raw("}")
        w.key("categories"); w.raw("[")
        for (i, c) in v.categories.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{"); w.key("name", comma: false); w.string(c.id); w.key("color"); w.string(c.color); w.raw("}")
        }
        // Flagged seats' categories, in order of first use (a handful: no per-seat allocation).
        var flagged: [(category: UInt16, flags: SeatFlags)] = []
        for s in v.seats where !s.flags.isEmpty && !flagged.contains(where: { $0 == (s.category, s.flags) }) {
            flagged.append((s.category, s.flags))
        }
        for f in flagged {
            w.raw(","); w.raw("{"); w.key("name", comma: false); w.string(categoryName(v.categories[Int(f.category)].id, f.flags))
            w.key("color"); w.string(v.categories[Int(f.category)].color); w.raw("}")
        }
        w.raw("]")
        w.key("zones"); w.raw("[\n")
        // The field.
        w.raw("{"); w.key("name", comma: false); w.string("Field"); w.key("zone_id"); w.string(fieldZoneID)
        w.key("position"); zero(&w); w.key("rows"); w.raw("[]")
        w.key("areas"); w.raw("[")
        polygonArea(corners(v.field), color: "#3A7D44", &w)
        w.raw("]}")
        for (t, tribune) in v.tribunes.enumerated() {
            w.raw(",\n{"); w.key("name", comma: false); w.string(tribune.label)
            w.key("zone_id"); w.string(tribune.id)
            w.key("position"); zero(&w)
            w.key("rows"); w.raw("[")
            for r in tribune.rows {
                let row = v.rows[r]
                if r > tribune.rows.lowerBound { w.raw(",") }
                w.raw("{"); w.key("row_number", comma: false); w.string(v.rowLabels, r)
                w.key("position"); zero(&w)
                w.key("seats"); w.raw("[")
                for i in row.seats {
                    let s = v.seats[i]
                    if i > row.seats.lowerBound { w.raw(",") }
                    w.raw("{"); w.key("seat_guid", comma: false); w.string(v.seatIDs, i)
                    w.key("seat_number"); w.string(v.seatNumbers, i)
                    w.key("position"); w.raw("{"); w.key("x", comma: false); w.number(s.center.x)
                    w.key("y"); w.number(s.center.y); w.raw("}")
                    if s.flags.isEmpty {
                        w.key("category"); w.string(v.categories[Int(s.category)].id)
                    } else {
                        w.key("category"); w.string(categoryName(v.categories[Int(s.category)].id, s.flags))
                    }
                    w.key("radius"); w.integer(max(1, Int64((s.size / 2).rounded())))
                    w.raw("}")
                }
                w.raw("]}")
            }
            w.raw("]")
            w.key("areas"); w.raw("[")
            switch tribune.outline {
            case .rect(let r): polygonArea(corners(r), color: "#1D3557", &w)
            case .arc(let a):
                let k = 8
                var pts: [Point] = []
                for j in 0...k {
                    let t = a.startAngle + (a.endAngle - a.startAngle) * Double(j) / Double(k)
                    pts.append(Point(x: a.center.x + a.outerRadius * cos(t), y: a.center.y + a.outerRadius * sin(t)))
                }
                for j in (0...k).reversed() {
                    let t = a.startAngle + (a.endAngle - a.startAngle) * Double(j) / Double(k)
                    pts.append(Point(x: a.center.x + a.innerRadius * cos(t), y: a.center.y + a.innerRadius * sin(t)))
                }
                polygonArea(pts, color: "#1D3557", &w)
            }
            w.raw("]}")
            _ = t
        }
        w.raw("\n]}\n")
        return w.bytes
    }

    /// The pretix category of a seat of category `id` with `flags`: `id+flag+flag…`.
    static func categoryName(_ id: String, _ flags: SeatFlags) -> String {
        SeatFlags.named.reduce(id) { name, f in flags.contains(f.1) ? name + "+" + f.0 : name }
    }

    /// Splits a pretix category name into its category id and the flags after it
    /// (`CAT+wheelchair` → `CAT`, `.wheelchair`); a name without known `+flag` endings is all id.
    static func splitCategoryName(_ name: String) -> (id: String, flags: SeatFlags) {
        var id = Substring(name), flags: SeatFlags = []
        while let plus = id.lastIndex(of: "+"), plus != id.startIndex,
              let f = SeatFlags.named.first(where: { $0.0 == id[id.index(after: plus)...] }) {
            flags.insert(f.1); id = id[..<plus]
        }
        return (String(id), flags)
    }

    static func zero(_ w: inout JSONWriter) {
        w.raw("{"); w.key("x", comma: false); w.number(0); w.key("y"); w.number(0); w.raw("}")
    }

    static func corners(_ r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    /// A polygon area (pretix rectangles take integer sizes only; polygon points are numbers).
    static func polygonArea(_ pts: [Point], color: String, _ w: inout JSONWriter) {
        w.raw("{"); w.key("shape", comma: false); w.string("polygon")
        w.key("position"); zero(&w)
        w.key("polygon"); w.raw("{"); w.key("points", comma: false); w.raw("[")
        for (j, p) in pts.enumerated() {
            if j > 0 { w.raw(",") }
            w.raw("{"); w.key("x", comma: false); w.number(p.x); w.key("y"); w.number(p.y); w.raw("}")
        }
        w.raw("]}")
        w.key("color"); w.string(color); w.key("border_color"); w.string("#FFFFFF"); w.raw("}")
    }

    /// Reads a pretix seating plan. Unknown keys are skipped (pretix's format grows); missing or
    /// malformed required ones are reported with their JSON path.
    public static func importPlan(_ data: [UInt8], id: String = "pretix-import") throws(VenueFileError) -> Venue {
        var result: Result<Venue, VenueFileError>!
        data.withUnsafeBufferPointer { b in
            do throws(VenueFileError) {
                var s = JSONScanner(b)
                var reader = PretixReader(id: id)
                result = .success(try reader.document(&s))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }
}

/// The reader behind `PretixSeatingPlan.importPlan`.
struct PretixReader {
    let id: String
    var venue: Venue
    /// pretix category names in file order, and what each means here: a category index and
    /// the flags its seats carry (`PretixSeatingPlan.splitCategoryName`).
    var categoryKeys: [String] = []
    var categoryMeaning: [(category: UInt16, flags: SeatFlags)] = []

    init(id: String) {
        self.id = id
        venue = Venue(id: id, name: "", units: "pretix", size: Size(width: 0, height: 0), field: .zero, categories: [])
    }

    struct ZoneOutline { var rect: Rect? }

    mutating func document(_ s: inout JSONScanner) throws(VenueFileError) -> Venue {
        var sawName = false, sawSize = false, sawZones = false, fieldFound = false
        try s.object("a seating plan object") { s, k throws(VenueFileError) in
            switch k {
            case "name": venue.name = try s.string(); sawName = true
            case "size":
                var w: Double?, h: Double?
                try s.object { s, k throws(VenueFileError) in
                    switch k {
                    case "width": w = try s.number()
                    case "height": h = try s.number()
                    default: try s.skipValue()
                    }
                }
                guard let w, let h, w > 0, h > 0 else { throw s.error("expected a positive \"width\" and \"height\"") }
                venue.size = Size(width: w, height: h); sawSize = true
            case "categories":
                try s.array { s, _ throws(VenueFileError) in
                    var name: String?, color: String?
                    try s.object { s, k throws(VenueFileError) in
                        switch k {
                        case "name": name = try s.string()
                        case "color": color = try s.string()
                        default: try s.skipValue()
                        }
                    }
                    guard let name, !name.isEmpty else { throw s.error("missing required key \"name\"") }
                    let c = color.flatMap { VenueDecoder.isHexColor($0) ? $0 : nil } ?? "#999999"
                    let (id, flags) = PretixSeatingPlan.splitCategoryName(name)
                    let k: Int
                    if let existing = venue.categoryIndex(id: id) {
                        k = existing
                    } else {
                        k = venue.categories.count
                        venue.categories.append(SeatCategory(id: id, name: id, color: c, priceMinor: 0, currency: "XXX"))
                    }
                    categoryKeys.append(name)
                    categoryMeaning.append((UInt16(k), flags))
                }
            case "zones":
                sawZones = true
                try s.array { s, _ throws(VenueFileError) in
                    if try zone(&s) { fieldFound = true }
                }
            default: try s.skipValue()
            }
        }
        try s.end()
        guard sawName else { throw VenueFileError(path: "", message: "missing required key \"name\"") }
        guard sawSize else { throw VenueFileError(path: "", message: "missing required key \"size\"") }
        guard sawZones else { throw VenueFileError(path: "", message: "missing required key \"zones\"") }
        if !fieldFound {
            // No field zone: the middle half of the plan.
            venue.field = Rect(x: venue.size.width / 4, y: venue.size.height / 4,
                               width: venue.size.width / 2, height: venue.size.height / 2)
        }
        // Seats face the field's centre (pretix has no rotation).
        let c = venue.field.center
        for i in venue.seats.indices {
            let p = venue.seats[i].center
            venue.seats[i].rotation = atan2(-(c.x - p.x), c.y - p.y)
        }
        return venue
    }

    /// Reads a zone; returns true when it was the field.
    mutating func zone(_ s: inout JSONScanner) throws(VenueFileError) -> Bool {
        var zoneID: String?, name = ""
        var zx = 0.0, zy = 0.0
        var areaRect: Rect? = nil
        var polygonBounds: Rect? = nil
        let t = venue.tribunes.count
        let firstRow = venue.rows.count, firstSeat = venue.seats.count
        let start = s.pos
        try s.object("a zone object") { s, k throws(VenueFileError) in
            switch k {
            case "zone_id": zoneID = try s.string()
            case "name": name = try s.string()
            case "position": (zx, zy) = try position(&s)
            case "rows":
                try s.array { s, _ throws(VenueFileError) in try row(&s, tribune: t, zone: (zx, zy)) }
            case "areas":
                try s.array { s, _ throws(VenueFileError) in
                    let (r, poly) = try area(&s)
                    if areaRect == nil, let r { areaRect = r.offsetBy(dx: zx, dy: zy) }
                    if polygonBounds == nil, let poly { polygonBounds = poly.offsetBy(dx: zx, dy: zy) }
                }
            default: try s.skipValue()
            }
        }
        let zid = zoneID ?? name
        if zid == PretixSeatingPlan.fieldZoneID && venue.seats.count == firstSeat {
            if let r = areaRect ?? polygonBounds { venue.field = r; return true }
            return false
        }
        guard !zid.isEmpty else { throw s.error("missing required key \"zone_id\"", at: start) }
        var outline: Rect
        if let r = areaRect ?? polygonBounds {
            outline = r
        } else {
            // No rectangle: the polygon's bounds, or the seats' bounds grown by their radius.
            var b = polygonBounds ?? .null
            for i in firstSeat..<venue.seats.count {
                let seat = venue.seats[i]
                b = b.union(Rect(x: seat.center.x - seat.size / 2, y: seat.center.y - seat.size / 2,
                                 width: seat.size, height: seat.size))
            }
            outline = b.isNull ? Rect(x: zx, y: zy, width: 0, height: 0) : b
        }
        venue.tribunes.append(Tribune(id: zid, label: name.isEmpty ? zid : name, outline: .rect(outline),
                                      rows: firstRow..<venue.rows.count, seats: firstSeat..<venue.seats.count))
        return false
    }

    func position(_ s: inout JSONScanner) throws(VenueFileError) -> (Double, Double) {
        var x = 0.0, y = 0.0
        try s.object("an object {\"x\", \"y\"}") { s, k throws(VenueFileError) in
            switch k {
            case "x": x = try s.number()
            case "y": y = try s.number()
            default: try s.skipValue()
            }
        }
        return (x, y)
    }

    /// Reads an area; returns its rect when it is an unrotated rectangle, and its bounds when it
    /// is a polygon.
    func area(_ s: inout JSONScanner) throws(VenueFileError) -> (Rect?, Rect?) {
        var shape = "", px = 0.0, py = 0.0, w: Double?, h: Double?, rotation = 0.0
        var poly: Rect? = nil
        try s.object("an area object") { s, k throws(VenueFileError) in
            switch k {
            case "shape": shape = try s.string()
            case "position": (px, py) = try position(&s)
            case "rotation": rotation = try s.number()
            case "rectangle":
                try s.object { s, k throws(VenueFileError) in
                    switch k {
                    case "width": w = try s.number()
                    case "height": h = try s.number()
                    default: try s.skipValue()
                    }
                }
            case "polygon":
                try s.object { s, k throws(VenueFileError) in
                    guard k == "points" else { try s.skipValue(); return }
                    var b = Rect.null
                    try s.array { s, _ throws(VenueFileError) in
                        let (x, y) = try position(&s)
                        b = b.union(Rect(x: x, y: y, width: 0, height: 0))
                    }
                    poly = b.isNull ? nil : b
                }
            default: try s.skipValue()
            }
        }
        if shape == "rectangle", rotation == 0, let w, let h { return (Rect(x: px, y: py, width: w, height: h), nil) }
        if shape == "polygon", let p = poly { return (nil, p.offsetBy(dx: px, dy: py)) }
        return (nil, nil)
    }

    mutating func row(_ s: inout JSONScanner, tribune t: Int, zone: (Double, Double)) throws(VenueFileError) {
        var label: String?
        var rx = 0.0, ry = 0.0
        var pending: [(String, String, Double, Double, Int, Double, Int)] = []
        try s.object("a row object") { s, k throws(VenueFileError) in
            switch k {
            case "row_number": label = try s.string()
            case "position": (rx, ry) = try position(&s)
            case "seats":
                try s.array { s, _ throws(VenueFileError) in
                    var guid: String?, number: String?, x: Double?, y: Double?, category: Int?, radius = 10.0
                    let at = s.pos
                    try s.object("a seat object") { s, k throws(VenueFileError) in
                        switch k {
                        case "seat_guid": guid = try s.string()
                        case "seat_number": number = try s.string()
                        case "position":
                            var px: Double?, py: Double?
                            try s.object { s, k throws(VenueFileError) in
                                switch k {
                                case "x": px = try s.number()
                                case "y": py = try s.number()
                                default: try s.skipValue()
                                }
                            }
                            guard let px, let py else { throw s.error("expected \"x\" and \"y\"") }
                            x = px; y = py
                        case "category":
                            let p = s.pos
                            let c = try s.string()
                            guard let k = categoryKeys.firstIndex(of: c) else {
                                throw s.error("expected the name of a category in \"categories\", found \"\(c)\"", at: p)
                            }
                            category = k
                        case "radius":
                            let p = s.pos
                            radius = try s.number()
                            guard radius > 0 else { throw s.error("expected a positive radius", at: p) }
                        default: try s.skipValue()
                        }
                    }
                    guard let guid, !guid.isEmpty else { throw s.error("missing required key \"seat_guid\"", at: at) }
                    guard let x, let y else { throw s.error("missing required key \"position\"", at: at) }
                    guard let category else { throw s.error("missing required key \"category\"", at: at) }
                    pending.append((guid, number ?? "", x, y, category, radius, at))
                }
            default: try s.skipValue()
            }
        }
        let rowLabel = label ?? String(venue.rows.count - venue.tribunes.count + 1)
        let r = venue.rows.count
        venue.rowLabels.append(rowLabel)
        let first = venue.seats.count
        for (guid, number, x, y, category, radius, _) in pending {
            // Absolute position = zone + row + seat (exact when zone and row are at 0).
            let ax = zone.0 == 0 && rx == 0 ? x : zone.0 + rx + x
            let ay = zone.1 == 0 && ry == 0 ? y : zone.1 + ry + y
            let meaning = categoryMeaning[category]
            venue.seats.append(SeatRecord(center: Point(x: ax, y: ay), rotation: 0, size: radius * 2, tribune: UInt32(t),
                                          row: UInt32(r), category: meaning.category, flags: meaning.flags))
            venue.seatIDs.append(guid)
            venue.seatNumbers.append(number)
        }
        venue.rows.append(SeatRow(tribune: UInt32(t), firstSeat: UInt32(first), seatCount: UInt32(venue.seats.count - first)))
    }
}
