import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct PretixSeatingPlanTests {
    @Test func export_then_import_keeps_everything_pretix_can_express() throws {
        let v = StadiumGenerator.generate(.design(width: 1000))
        let plan = PretixSeatingPlan.export(v)
        let back = try PretixSeatingPlan.importPlan(plan)
        #expect(back.name == v.name)
        // pretix sizes are integers: rounded up.
        #expect(back.size == Size(width: 1000, height: 770))
        func close(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) <= 1e-9 && abs(a.minY - b.minY) <= 1e-9 && abs(a.maxX - b.maxX) <= 1e-9
                && abs(a.maxY - b.maxY) <= 1e-9
        }
        #expect(close(back.field, v.field))
        #expect(back.categories.map(\.id) == v.categories.map(\.id))
        #expect(back.categories.map(\.color) == v.categories.map(\.color))
        #expect(back.tribunes.count == v.tribunes.count)
        for (a, b) in zip(back.tribunes, v.tribunes) {
            #expect(a.id == b.id && a.label == b.label && a.rows == b.rows && a.seats == b.seats)
            if case .rect(let r) = b.outline, case .rect(let q) = a.outline { #expect(close(q, r)) }
            // Arc outlines come back as the bounds of their polygon, which holds every seat.
            for i in a.seats { #expect(a.contains(back.seats[i].center)) }
        }
        #expect(back.rows == v.rows)
        #expect(back.rowLabels == v.rowLabels)
        #expect(back.seatIDs == v.seatIDs)
        #expect(back.seatNumbers == v.seatNumbers)
        for i in 0..<v.seatCount {
            let a = back.seats[i], b = v.seats[i]
            #expect(a.center == b.center && a.category == b.category && a.row == b.row && a.tribune == b.tribune)
            #expect(a.flags == b.flags)
            // Radius is an integer in pretix: size/2 rounded, at least 1.
            #expect(a.size == 2 * max(1, (b.size / 2).rounded()))
        }
        // Imported venues are valid venue files, and a second trip through pretix is
        // byte-identical.
        _ = try VenueFile.decode(VenueFile.encode(back))
        #expect(PretixSeatingPlan.export(back) == PretixSeatingPlan.export(try PretixSeatingPlan.importPlan(PretixSeatingPlan.export(back))))
    }

    /// Wheelchair spaces, companion seats and restricted views travel as pretix categories
    /// (`CAT+flag`), since pretix seats have no other place for them.
    @Test func seat_flags_travel_as_categories() throws {
        let v = StadiumGenerator.generate(.design(width: 1000))
        let plan = PretixSeatingPlan.export(v)
        let json = try JSONSerialization.jsonObject(with: Data(plan)) as! [String: Any]
        let names = (json["categories"] as! [[String: Any]]).map { $0["name"] as! String }
        // The generator's flags: WHEEL wheelchair spaces and companion seats, CAT1 restricted
        // views in the innermost ring's corners (docs/venue-format.md).
        #expect(names.prefix(4) == ["CAT1", "CAT2", "CAT3", "WHEEL"])
        #expect(Set(names.dropFirst(4)) == ["WHEEL+wheelchair", "WHEEL+companion", "CAT1+restricted_view"])
        let back = try PretixSeatingPlan.importPlan(plan)
        let flagged = (0..<v.seatCount).filter { !v.seats[$0].flags.isEmpty }
        #expect(flagged.count > 8)
        #expect(flagged == (0..<back.seatCount).filter { !back.seats[$0].flags.isEmpty })
        for i in flagged { #expect(back.seats[i].flags == v.seats[i].flags && back.seats[i].category == v.seats[i].category) }
        // A plan that only has the flagged category makes the plain one; unknown endings stay.
        let text = """
        {"name":"Hall","size":{"width":100,"height":100},
         "categories":[{"name":"Stalls+wheelchair+companion","color":"#00ff00"},{"name":"A+B","color":"#0000ff"}],
         "zones":[{"zone_id":"Z","position":{"x":0,"y":0},"rows":[{"row_number":"1","seats":[
           {"seat_guid":"s1","seat_number":"1","position":{"x":10,"y":10},"category":"Stalls+wheelchair+companion"},
           {"seat_guid":"s2","seat_number":"2","position":{"x":30,"y":10},"category":"A+B"}]}]}]}
        """
        let hall = try PretixSeatingPlan.importPlan(Array(text.utf8))
        #expect(hall.categories.map(\.id) == ["Stalls", "A+B"])
        #expect(hall.categories[0].color == "#00ff00")
        #expect(hall.seats[0].flags == [.wheelchair, .companion] && hall.seats[0].category == 0)
        #expect(hall.seats[1].flags.isEmpty && hall.seats[1].category == 1)
    }

    @Test func export_has_no_ext_keys_and_the_pretix_shape() throws {
        let v = StadiumGenerator.generate(.forSeatCount(600))
        let plan = PretixSeatingPlan.export(v)
        let json = try JSONSerialization.jsonObject(with: Data(plan)) as! [String: Any]
        #expect(Set(json.keys) == ["name", "size", "categories", "zones"])
        let zones = json["zones"] as! [[String: Any]]
        #expect(zones.count == v.tribunes.count + 1)
        #expect(zones[0]["zone_id"] as? String == "FIELD")
        let z1 = zones[1]
        #expect(Set(z1.keys) == ["name", "zone_id", "position", "rows", "areas"])
        let row = (z1["rows"] as! [[String: Any]])[0]
        #expect(Set(row.keys) == ["row_number", "position", "seats"])
        let seat = (row["seats"] as! [[String: Any]])[0]
        #expect(Set(seat.keys) == ["seat_guid", "seat_number", "position", "category", "radius"])
        // pretix's schema wants integers for the plan size and seat radii.
        let size = json["size"] as! [String: Any]
        #expect(size["width"] is Int && size["height"] is Int)
        #expect(seat["radius"] is Int)
        let area = (z1["areas"] as! [[String: Any]])[0]
        #expect(area["shape"] as? String == "polygon")
        #expect(!String(decoding: plan, as: UTF8.self).contains("\"ext\""))
    }

    @Test func a_hand_written_pretix_plan_imports_with_relative_positions() throws {
        let text = """
        {"name":"Hall","size":{"width":400,"height":300},
         "categories":[{"name":"Kategorie I","color":"#ff0000"}],
         "zones":[{"name":"Block A","zone_id":"A","uuid":"u1","position":{"x":100,"y":50},
           "rows":[{"row_number":"1","row_label":"Reihe %s","position":{"x":0,"y":20},
             "seats":[{"seat_guid":"A-1-1","seat_number":"1","position":{"x":0,"y":0},"category":"Kategorie I"},
                      {"seat_guid":"A-1-2","seat_number":"2","position":{"x":25,"y":0},"category":"Kategorie I","radius":8}]}],
           "areas":[]}]}
        """
        let v = try PretixSeatingPlan.importPlan(Array(text.utf8))
        #expect(v.seatCount == 2)
        #expect(v.seats[0].center == Point(x: 100, y: 70))
        #expect(v.seats[1].center == Point(x: 125, y: 70))
        #expect(v.seats[0].size == 20 && v.seats[1].size == 16)  // radius 10 by default
        #expect(v.categories[0].currency == "XXX")
        // No field zone: the middle half of the plan; seats face its centre (200, 150):
        // seat 0 at (100, 70) → forward (−sin r, cos r) ∥ (100, 80).
        let r = v.seats[0].rotation
        let f = (-sin(r), cos(r))
        #expect(abs(f.0 * 80 - f.1 * 100) < 1e-9 && f.0 > 0)
        // Bad category is reported with its path.
        let bad = text.replacingOccurrences(of: "\"category\":\"Kategorie I\",\"radius\"", with: "\"category\":\"VIP\",\"radius\"")
        do { _ = try PretixSeatingPlan.importPlan(Array(bad.utf8)); Issue.record("accepted a bad category") } catch {
            #expect(error.path == "zones[0].rows[0].seats[1].category")
        }
    }
}
