import Foundation
import Geometry
import Testing
@testable import Seating

@Suite struct VenueFileTests {
    @Test(arguments: [600, 10_000, 60_000, 100_000])
    func generated_venues_validate_and_round_trip_byte_for_byte(_ n: Int) throws {
        let v = StadiumGenerator.generate(.forSeatCount(n))
        let bytes = VenueFile.encode(v)
        let back = try VenueFile.decode(bytes)
        #expect(back.seatCount == v.seatCount)
        #expect(back.tribunes == v.tribunes)
        #expect(back.seats == v.seats)
        #expect(back.rows == v.rows)
        #expect(back.seatIDs == v.seatIDs && back.seatNumbers == v.seatNumbers && back.rowLabels == v.rowLabels)
        #expect(back.categories == v.categories && back.rings == v.rings && back.field == v.field && back.size == v.size)
        #expect(VenueFile.encode(back) == bytes)
    }

    static let small = StadiumGenerator.generate(.forSeatCount(600))

    /// The small venue's file with `edit` applied to its text.
    func decode(editing edit: (String) -> String) -> VenueFileError? {
        let text = String(decoding: VenueFile.encode(Self.small), as: UTF8.self)
        do { _ = try VenueFile.decode(Array(edit(text).utf8)); return nil } catch { return error }
    }

    /// Replaces the `k`-th occurrence (0-based) of `what`.
    func replacing(_ text: String, _ what: String, with new: String, occurrence k: Int) -> String {
        var r = text.startIndex..<text.startIndex
        for _ in 0...k { r = text.range(of: what, range: r.upperBound..<text.endIndex)! }
        return text.replacingCharacters(in: r, with: new)
    }

    @Test func a_wrong_type_names_the_json_path() throws {
        // Tribune 3's seat 12 gets rotation "x". Find its text by counting tribunes.
        let err = decode { text in
            var t = text
            // Seat 12 of tribune 3: the 13th "rotation": after tribune 3's start.
            // Only tribunes have a "label"; the 4th one starts tribune 3.
            let start = t.ranges(of: "\"label\":")[3].lowerBound
            var r = start..<start
            for _ in 0...12 { r = t.range(of: "\"rotation\":", range: r.upperBound..<t.endIndex)! }
            let end = t[r.upperBound...].firstIndex(of: ",")!
            t.replaceSubrange(r.upperBound..<end, with: "\"x\"")
            return t
        }
        let e = try #require(err)
        #expect(e.path == "tribunes[3].seats[12].rotation")
        #expect(e.message == "expected a number, found \"x\"")
        #expect(e.description.hasPrefix("tribunes[3].seats[12].rotation: expected a number, found \"x\" (line "))
    }

    @Test func unknown_category_missing_key_and_bad_colour_are_reported() throws {
        let e1 = try #require(decode { replacing($0, "\"category\":\"CAT1\"", with: "\"category\":\"VIP\"", occurrence: 0) })
        #expect(e1.path.hasSuffix(".category"))
        #expect(e1.message == "expected the id of a category in \"categories\", found \"VIP\"")

        let e2 = try #require(decode { replacing($0, "\"rotation\":", with: "\"rotatio\":", occurrence: 5) })
        #expect(e2.message == "unexpected key \"rotatio\"")
        #expect(e2.path.hasSuffix(".rotatio"))

        let e3 = try #require(decode { $0.replacingOccurrences(of: "#E87722", with: "orange") })
        #expect(e3.path == "categories[0].color")
        #expect(e3.message == "expected a colour \"#RRGGBB\", found \"orange\"")

        let e4 = try #require(decode { $0.replacingOccurrences(of: "\"version\":1", with: "\"version\":2") })
        #expect(e4.path == "version")

        let e5 = try #require(decode { String($0.dropLast(4)) })  // cut after the last tribune
        #expect(e5.path == "tribunes")
        #expect(e5.message == "expected ',' or ']', found the end of the file")

        let e6 = try #require(decode { replacing($0, "\"id\":\"R1-N01-1-2\"", with: "\"id\":\"R1-N01-1-1\"", occurrence: 0) })
        #expect(e6.path == "tribunes[0].seats[1].id")
        #expect(e6.message.hasPrefix("duplicate seat id \"R1-N01-1-1\""))
    }

    @Test func a_seat_outside_its_tribune_is_refused() throws {
        let e = try #require(decode { replacing($0, "\"x\":", with: "\"x\":-5000,\"_\":", occurrence: 0) })
        // The injected key comes after x, so the first problem met is the unexpected key…
        #expect(e.message == "unexpected key \"_\"")
        let v = Self.small
        var moved = v
        moved.seats[0].center = Point(x: -50, y: -50)
        var caught: VenueFileError? = nil
        do { _ = try VenueFile.decode(VenueFile.encode(moved)) } catch { caught = error }
        let e2 = try #require(caught)
        #expect(e2.path == "tribunes[0].seats[0]")
        #expect(e2.message == "the seat's centre (-50.0, -50.0) is outside its tribune's outline")
    }
}

@Suite struct VenueFileRobustnessTests {
    /// Bad input never crashes: every truncation and many single-byte corruptions of a real
    /// file either load or throw a `VenueFileError` (the pretix reader too).
    @Test func truncated_and_corrupted_files_throw_instead_of_crashing() {
        let v = StadiumGenerator.generate(.forSeatCount(600))
        let bytes = VenueFile.encode(v)
        let plan = PretixSeatingPlan.export(v)
        var rng = SeededGenerator(seed: 7)
        func next(_ n: Int) -> Int { rng.below(n) }
        var thrown = 0
        for k in 0..<300 {
            // Cutting only the final newline leaves a valid file; any shorter cut is invalid.
            let cut = Array(bytes.prefix(next(bytes.count - 1)))
            if (try? VenueFile.decode(cut)) == nil { thrown += 1 }
            var bad = bytes
            bad[next(bad.count)] = [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "]"), 0, 0xFF, UInt8(ascii: "9"),
                                    UInt8(ascii: "-"), UInt8(ascii: "e")][k % 8]
            _ = try? VenueFile.decode(bad)
            _ = try? PretixSeatingPlan.importPlan(Array(plan.prefix(next(plan.count))))
        }
        #expect(thrown == 300)
    }
}
