import Foundation

extension VenueLayout {
    static let venueKeys: Set<String> = ["format", "version", "id", "name", "names", "units", "size", "field", "rings", "categories", "tribunes"]
    static let categoryKeys: Set<String> = ["id", "name", "names", "color", "price"]
    static let tribuneKeys: Set<String> = ["id", "label", "labels", "kind", "rect", "arc", "seat_size", "seats"]
    static let seatKeys: Set<String> = ["id", "row", "number", "x", "y", "rotation", "size", "category", "flags"]

    /// Tribune's venue file (docs/venue-format.md): the keys the box office uses — `id`, `name`,
    /// `categories[{id,name,color,price{amount_minor,currency}}]`,
    /// `tribunes[{id,label,seats[{id,row,number,category}]}]` — checked strictly, and no
    /// unknown keys at any of these levels. A row is the run of a tribune's seats sharing a
    /// `row` label, in file order (the order the no-orphan rule uses).
    static func readTribuneVenue(_ json: JSONValue) throws(LayoutError) -> (String, [Category], [Seat]) {
        try requireKnownKeys(json, venueKeys, at: "")
        guard let version = json["version"] else { throw LayoutError(path: "version", "missing (expected 1)") }
        guard version == .int(1) else { throw LayoutError(path: "version", "expected 1, found \(version.summary); this server reads version 1") }
        _ = try string(json, "id", at: "", nonEmpty: true)
        let name = try string(json, "name", at: "")
        try translations(json, "names", at: "")

        guard let categoryList = json["categories"]?.arrayValue else { throw LayoutError(path: "categories", "expected an array") }
        var categories: [Category] = []
        var categoryIDs = Set<String>()
        for (i, c) in categoryList.enumerated() {
            let at = "categories[\(i)]"
            guard case .object = c else { throw LayoutError(path: at, "expected an object, found \(c.summary)") }
            try requireKnownKeys(c, categoryKeys, at: at)
            let id = try string(c, "id", at: at, nonEmpty: true)
            guard categoryIDs.insert(id).inserted else { throw LayoutError(path: at + ".id", "'\(id)' is used twice") }
            _ = try string(c, "name", at: at)
            try translations(c, "names", at: at)
            let color = try string(c, "color", at: at)
            guard isHexColor(color) else { throw LayoutError(path: at + ".color", "expected \"#RRGGBB\", found \"\(color)\"") }
            guard let price = c["price"] else { throw LayoutError(path: at + ".price", "missing (expected {\"amount_minor\": …, \"currency\": …})") }
            guard case .object = price else { throw LayoutError(path: at + ".price", "expected an object, found \(price.summary)") }
            try requireKnownKeys(price, ["amount_minor", "currency"], at: at + ".price")
            guard let amountValue = price["amount_minor"] else { throw LayoutError(path: at + ".price.amount_minor", "missing (expected an integer ≥ 0)") }
            guard case .int(let amount) = amountValue, amount >= 0 else {
                throw LayoutError(path: at + ".price.amount_minor", "expected an integer ≥ 0 (minor units), found \(amountValue.summary)")
            }
            let currency = try string(price, "currency", at: at + ".price")
            guard isCurrencyCode(currency) else {
                throw LayoutError(path: at + ".price.currency", "expected an ISO 4217 code (three capital letters), found \"\(currency)\"")
            }
            categories.append(Category(name: id, color: color, priceMinor: amount, currency: currency, jsonPath: at))
        }

        guard let tribunes = json["tribunes"]?.arrayValue else { throw LayoutError(path: "tribunes", "expected an array") }
        var seats: [Seat] = []
        var seatIDs = Set<String>()
        var tribuneIDs = Set<String>()
        for (t, tribune) in tribunes.enumerated() {
            let at = "tribunes[\(t)]"
            guard case .object = tribune else { throw LayoutError(path: at, "expected an object, found \(tribune.summary)") }
            try requireKnownKeys(tribune, tribuneKeys, at: at)
            let tribuneID = try string(tribune, "id", at: at, nonEmpty: true)
            guard tribuneIDs.insert(tribuneID).inserted else { throw LayoutError(path: at + ".id", "'\(tribuneID)' is used twice") }
            let label = try string(tribune, "label", at: at)
            try translations(tribune, "labels", at: at)
            guard let seatList = tribune["seats"]?.arrayValue else { throw LayoutError(path: at + ".seats", "expected an array") }
            var finishedRows = Set<String>()
            var currentRow: String?
            var rowIndex = 0
            for (s, seat) in seatList.enumerated() {
                let seatAt = "\(at).seats[\(s)]"
                guard case .object = seat else { throw LayoutError(path: seatAt, "expected an object, found \(seat.summary)") }
                try requireKnownKeys(seat, seatKeys, at: seatAt)
                let id = try string(seat, "id", at: seatAt, nonEmpty: true)
                guard id.utf8.count <= 200 else { throw LayoutError(path: seatAt + ".id", "longer than 200 bytes") }
                guard seatIDs.insert(id).inserted else { throw LayoutError(path: seatAt + ".id", "'\(id)' is used twice") }
                let row = try string(seat, "row", at: seatAt)
                let number = try string(seat, "number", at: seatAt)
                let category = try string(seat, "category", at: seatAt)
                let flags = try seatFlags(seat, at: seatAt)
                guard categoryIDs.contains(category) else {
                    throw LayoutError(path: seatAt + ".category", "expected one of the categories (\(categories.map(\.name).joined(separator: ", "))), found \"\(category)\"")
                }
                if row != currentRow {
                    if let currentRow { finishedRows.insert(currentRow) }
                    guard !finishedRows.contains(row) else {
                        throw LayoutError(path: seatAt + ".row", "row \"\(row)\" appeared earlier in tribune '\(tribuneID)'; a row's seats must be listed together")
                    }
                    currentRow = row
                    rowIndex = 0
                }
                seats.append(Seat(guid: id, category: category, label: "Block \(label) · Row \(row) · Seat \(number)",
                                  rowKey: "\(tribuneID)/\(row)", rowIndex: rowIndex, flags: flags))
                rowIndex += 1
            }
        }
        return (name, categories, seats)
    }

    /// A seat's optional `flags`: an array of flag names, each known, none twice.
    static func seatFlags(_ seat: JSONValue, at path: String) throws(LayoutError) -> [SeatFlag] {
        guard let value = seat["flags"] else { return [] }
        guard let names = value.arrayValue else { throw LayoutError(path: path + ".flags", "expected an array, found \(value.summary)") }
        var flags: Set<String> = []
        for (k, name) in names.enumerated() {
            guard let s = name.stringValue, SeatFlag(rawValue: s) != nil else {
                throw LayoutError(path: "\(path).flags[\(k)]", "expected one of \(SeatFlag.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(name.summary)")
            }
            guard flags.insert(s).inserted else { throw LayoutError(path: "\(path).flags[\(k)]", "\"\(s)\" is listed twice") }
        }
        return SeatFlag.allCases.filter { flags.contains($0.rawValue) }
    }

    /// An optional `names` / `labels` object (the kiosk shows them; the box office only checks
    /// their shape: names by language tag, each a non-empty string; the tags are the venue
    /// reader's to check, `tribune venue validate`).
    static func translations(_ object: JSONValue, _ key: String, at path: String) throws(LayoutError) {
        guard let value = object[key] else { return }
        let at = path.isEmpty ? key : "\(path).\(key)"
        guard let names = value.objectValue else { throw LayoutError(path: at, "expected an object of names by language tag, found \(value.summary)") }
        for tag in names.keys.sorted() {
            _ = try string(value, tag, at: at, nonEmpty: true)
        }
    }

    static func requireKnownKeys(_ object: JSONValue, _ known: Set<String>, at path: String) throws(LayoutError) {
        guard let fields = object.objectValue else { return }
        if let unknown = fields.keys.filter({ !known.contains($0) }).sorted().first {
            throw LayoutError(path: path.isEmpty ? unknown : "\(path).\(unknown)", "unknown key (expected one of \(known.sorted().joined(separator: ", ")))")
        }
    }

    static func string(_ object: JSONValue, _ key: String, at path: String, nonEmpty: Bool = false) throws(LayoutError) -> String {
        let at = path.isEmpty ? key : "\(path).\(key)"
        guard let value = object[key] else { throw LayoutError(path: at, "missing (expected a\(nonEmpty ? " non-empty" : "") string)") }
        guard let s = value.stringValue, !(nonEmpty && s.isEmpty) else {
            throw LayoutError(path: at, "expected a\(nonEmpty ? " non-empty" : "") string, found \(value.summary)")
        }
        return s
    }

    static func isHexColor(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 7 && u[0] == UInt8(ascii: "#") && u.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
    }

    static func isCurrencyCode(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 3 && u.allSatisfy { $0 >= 65 && $0 <= 90 }
    }
}
