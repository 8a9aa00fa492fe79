import Foundation

extension VenueLayout {
    /// The pretix-compatible core: `name`, `categories[{name,color}]`,
    /// `zones[{zone_id,name,rows[{row_number,seats[{seat_guid,seat_number,category}]}]}]`.
    /// Other keys are ignored (pretix plans carry positions and decorative areas).
    static func readPretixPlan(_ json: JSONValue) throws(LayoutError) -> (String, [Category], [Seat]) {
        guard let name = json["name"]?.stringValue else { throw LayoutError(path: "name", "expected a string") }
        guard let categoryList = json["categories"]?.arrayValue else { throw LayoutError(path: "categories", "expected an array") }
        var categories: [Category] = []
        // pretix name → (category, flags): `CAT+wheelchair` is category CAT with that flag.
        var meaning: [String: (category: String, flags: [SeatFlag])] = [:]
        for (i, c) in categoryList.enumerated() {
            guard let n = c["name"]?.stringValue, !n.isEmpty else { throw LayoutError(path: "categories[\(i)].name", "expected a non-empty string") }
            guard meaning[n] == nil else { throw LayoutError(path: "categories", "category names must be unique") }
            let (base, flags) = splitCategoryName(n)
            meaning[n] = (base, flags)
            if !categories.contains(where: { $0.name == base }) {
                categories.append(Category(name: base, color: c["color"]?.stringValue ?? "#888888", jsonPath: "categories[\(i)]"))
            }
        }
        let categoryNames = Set(meaning.keys)
        guard let zones = json["zones"]?.arrayValue else { throw LayoutError(path: "zones", "expected an array") }
        var seats: [Seat] = []
        var seen = Set<String>()
        for (zi, zone) in zones.enumerated() {
            let zoneID = zone["zone_id"]?.stringValue ?? "\(zi)"
            let zoneName = zone["name"]?.stringValue ?? zoneID
            guard let rows = (zone["rows"] ?? .array([])).arrayValue else { throw LayoutError(path: "zones[\(zi)].rows", "expected an array") }
            for (ri, row) in rows.enumerated() {
                let rowNumber = row["row_number"]?.stringValue ?? "\(ri + 1)"
                guard let rowSeats = (row["seats"] ?? .array([])).arrayValue else {
                    throw LayoutError(path: "zones[\(zi)].rows[\(ri)].seats", "expected an array")
                }
                for (si, seat) in rowSeats.enumerated() {
                    let at = "zones[\(zi)].rows[\(ri)].seats[\(si)]"
                    guard let guid = seat["seat_guid"]?.stringValue, !guid.isEmpty, guid.utf8.count <= 200 else {
                        throw LayoutError(path: at + ".seat_guid", "expected a non-empty string of at most 200 bytes")
                    }
                    guard let category = seat["category"]?.stringValue, let (base, flags) = meaning[category] else {
                        throw LayoutError(path: at + ".category", "expected one of the categories (\(categoryNames.sorted().joined(separator: ", ")))")
                    }
                    guard seen.insert(guid).inserted else { throw LayoutError(path: at + ".seat_guid", "'\(guid)' is used twice") }
                    let seatNumber = seat["seat_number"]?.stringValue ?? "\(si + 1)"
                    seats.append(Seat(guid: guid, category: base,
                                      label: "Block \(zoneName) · Row \(rowNumber) · Seat \(seatNumber)",
                                      rowKey: "\(zoneID)/\(rowNumber)", rowIndex: si, flags: flags))
                }
            }
        }
        return (name, categories, seats)
    }

    /// Splits a pretix category name as Tribune's export writes flagged seats' categories:
    /// `CAT+wheelchair+companion` → (`CAT`, [.wheelchair, .companion]); a name without known
    /// `+flag` endings is all category.
    static func splitCategoryName(_ name: String) -> (String, [SeatFlag]) {
        var base = Substring(name)
        var flags: Set<SeatFlag> = []
        while let plus = base.lastIndex(of: "+"), plus != base.startIndex,
              let flag = SeatFlag(rawValue: String(base[base.index(after: plus)...])) {
            flags.insert(flag)
            base = base[..<plus]
        }
        return (String(base), SeatFlag.allCases.filter(flags.contains))
    }
}
