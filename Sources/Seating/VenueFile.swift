import Foundation
import Geometry
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// The venue file format ("tribune-venue", version 1): JSON, documented in docs/venue-format.md
/// and docs/venue.schema.json.
///
/// Writing is canonical (fixed key order, shortest round-trip numbers, one tribune per line),
/// so file → `Venue` → file gives the same bytes. Reading validates everything and reports the
/// first problem with its JSON path.
public enum VenueFile {
    public static let format = "tribune-venue"
    public static let version: Int64 = 1

    // MARK: Writing

    public static func encode(_ v: Venue) -> [UInt8] {
        var w = JSONWriter(capacity: 256 + v.seats.count * 140)
        w.raw("{"); w.key("format", comma: false); w.string(format)
        w.key("version"); w.integer(version)
        w.key("id"); w.string(v.id)
        w.key("name"); w.string(v.name)
        names(v.names, key: "names", &w)
        w.key("units"); w.string(v.units)
        w.key("size"); w.raw("{"); w.key("width", comma: false); w.number(v.size.width)
        w.key("height"); w.number(v.size.height); w.raw("}")
        w.key("field"); rect(v.field, &w)
        w.key("rings"); w.raw("[")
        for (i, r) in v.rings.enumerated() { if i > 0 { w.raw(",") }; rect(r, &w) }
        w.raw("]")
        w.key("categories"); w.raw("[")
        for (i, c) in v.categories.enumerated() {
            w.raw(i > 0 ? ",\n" : "\n")
            w.raw("{"); w.key("id", comma: false); w.string(c.id)
            w.key("name"); w.string(c.name)
            names(c.names, key: "names", &w)
            w.key("color"); w.string(c.color)
            w.key("price"); w.raw("{"); w.key("amount_minor", comma: false); w.integer(c.priceMinor)
            w.key("currency"); w.string(c.currency); w.raw("}}")
        }
        w.raw("]")
        w.key("tribunes"); w.raw("[")
        for (t, tribune) in v.tribunes.enumerated() {
            w.raw(t > 0 ? ",\n" : "\n")
            w.raw("{"); w.key("id", comma: false); w.string(tribune.id)
            w.key("label"); w.string(tribune.label)
            names(tribune.labels, key: "labels", &w)
            w.key("kind"); w.string(tribune.kind.rawValue)
            switch tribune.outline {
            case .rect(let r): w.key("rect"); rect(r, &w)
            case .arc(let a):
                w.key("arc"); w.raw("{"); w.key("center", comma: false); point(a.center, &w)
                w.key("outer_radius"); w.number(a.outerRadius)
                w.key("inner_radius"); w.number(a.innerRadius)
                w.key("start_angle"); w.number(a.startAngle)
                w.key("end_angle"); w.number(a.endAngle); w.raw("}")
            }
            let seatSize = tribune.seats.isEmpty ? 0 : v.seats[tribune.seats.lowerBound].size
            w.key("seat_size"); w.number(seatSize)
            w.key("seats"); w.raw("[")
            for i in tribune.seats {
                let s = v.seats[i]
                if i > tribune.seats.lowerBound { w.raw(",") }
                w.raw("{"); w.key("id", comma: false); w.string(v.seatIDs, i)
                w.key("row"); w.string(v.rowLabels, Int(s.row))
                w.key("number"); w.string(v.seatNumbers, i)
                w.key("x"); w.number(s.center.x)
                w.key("y"); w.number(s.center.y)
                w.key("rotation"); w.number(s.rotation)
                if s.size != seatSize { w.key("size"); w.number(s.size) }
                w.key("category"); w.string(v.categories[Int(s.category)].id)
                if !s.flags.isEmpty {
                    w.key("flags"); w.raw("[")
                    var first = true
                    for (name, f) in SeatFlags.named where s.flags.contains(f) {
                        if !first { w.raw(",") }
                        w.string(name); first = false
                    }
                    w.raw("]")
                }
                w.raw("}")
            }
            w.raw("]}")
        }
        w.raw("\n]}\n")
        return w.bytes
    }

    static func rect(_ r: Rect, _ w: inout JSONWriter) {
        w.raw("{"); w.key("x", comma: false); w.number(r.origin.x)
        w.key("y"); w.number(r.origin.y)
        w.key("width"); w.number(r.size.width)
        w.key("height"); w.number(r.size.height); w.raw("}")
    }
    /// `names` / `labels` after the name it translates, only when there are translations.
    static func names(_ n: LocalizedNames, key: StaticString, _ w: inout JSONWriter) {
        guard !n.isEmpty else { return }
        w.key(key); w.raw("{")
        for (i, t) in n.ordered.enumerated() {
            if i > 0 { w.raw(",") }
            w.string(t.tag); w.raw(":"); w.string(t.name)
        }
        w.raw("}")
    }
    static func point(_ p: Point, _ w: inout JSONWriter) {
        w.raw("{"); w.key("x", comma: false); w.number(p.x); w.key("y"); w.number(p.y); w.raw("}")
    }

    // MARK: Reading

    /// Reads and validates a venue file's bytes.
    public static func decode(_ data: [UInt8]) throws(VenueFileError) -> Venue {
        var result: Result<Venue, VenueFileError>!
        data.withUnsafeBufferPointer { b in result = decodeResult(b) }
        return try result.get()
    }

    static func decodeResult(_ b: UnsafeBufferPointer<UInt8>) -> Result<Venue, VenueFileError> {
        do throws(VenueFileError) {
            var s = JSONScanner(b)
            var d = VenueDecoder()
            return .success(try d.document(&s))
        } catch {
            return .failure(error)
        }
    }

    /// Reads and validates a venue file (decoded in place from the file's bytes, no copy).
    public static func read(path: String) throws(VenueFileError) -> Venue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VenueFileError(path: "", message: "cannot read \(path): no such file or not readable")
        }
        let result = data.withUnsafeBytes { raw in decodeResult(raw.bindMemory(to: UInt8.self)) }
        switch result {
        case .success(let v): return v
        case .failure(var e):
            e.message = "\(path): " + (e.path.isEmpty ? "" : "\(e.path): ") + e.message
            e.path = ""
            throw e
        }
    }

    /// Writes the canonical encoding to `path`.
    public static func write(_ venue: Venue, to path: String) throws {
        try writeBytes(encode(venue), to: path)
    }

    /// Writes bytes to a file without an intermediate copy.
    static func writeBytes(_ bytes: [UInt8], to path: String) throws {
        struct WriteError: Error, CustomStringConvertible { let description: String }
        guard let f = fopen(path, "wb") else {
            throw WriteError(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        let closed = fclose(f)
        guard written == bytes.count, closed == 0 else {
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
