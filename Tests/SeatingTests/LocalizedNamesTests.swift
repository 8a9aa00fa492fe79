import Foundation
import Testing
@testable import Seating

/// The venue file's optional translations (`names` on the venue and its categories, `labels` on
/// tribunes): read, written, looked up with fallback, and refused with their JSON path.
@Suite struct LocalizedNamesTests {
    static let small = StadiumGenerator.generate(.forSeatCount(600))

    /// The small venue's file text with `edit` applied, read back.
    func decode(editing edit: (String) -> String) throws(VenueFileError) -> Venue {
        let text = String(decoding: VenueFile.encode(Self.small), as: UTF8.self)
        return try VenueFile.decode(Array(edit(text).utf8))
    }

    func error(editing edit: (String) -> String) -> VenueFileError? {
        do { _ = try decode(editing: edit); return nil } catch { return error }
    }

    @Test func translations_in_a_file_are_read_and_written_back_in_canonical_order() throws {
        // Written by hand in another order (zh before de) and with spaces: read, then written
        // canonically (en, de, es, ar, zh; no spaces), then read and written again unchanged.
        let v = try decode { text in
            text.replacingOccurrences(of: "\"name\":\"SportFan Stadium\",\"names\":{\"de\":\"SportFan-Stadion\",\"es\":\"Estadio SportFan\",\"ar\":\"ملعب SportFan\",\"zh\":\"SportFan体育场\"}",
                                      with: "\"name\":\"North Ground\",\"names\": { \"zh\": \"北场\", \"de\": \"Nordplatz\" }")
        }
        #expect(v.name == "North Ground")
        #expect(v.names.byLanguage == ["de": "Nordplatz", "zh": "北场"])
        let text = String(decoding: VenueFile.encode(v), as: UTF8.self)
        #expect(text.contains("\"name\":\"North Ground\",\"names\":{\"de\":\"Nordplatz\",\"zh\":\"北场\"},\"units\""))
        #expect(VenueFile.encode(try VenueFile.decode(Array(text.utf8))) == Array(text.utf8))
    }

    @Test func a_venue_without_translations_writes_no_translation_keys() throws {
        var v = Self.small
        v.names = [:]
        v.categories = v.categories.map { var c = $0; c.names = [:]; return c }
        v.tribunes = v.tribunes.map { var t = $0; t.labels = [:]; return t }
        let text = String(decoding: VenueFile.encode(v), as: UTF8.self)
        #expect(!text.contains("\"names\"") && !text.contains("\"labels\""))
        let back = try VenueFile.decode(Array(text.utf8))
        #expect(back.names.isEmpty && back.categories.allSatisfy { $0.names.isEmpty } && back.tribunes.allSatisfy { $0.labels.isEmpty })
        #expect(back.localizedName(for: "de") == "SportFan Stadium")
    }

    @Test func lookup_uses_the_primary_language_and_falls_back_to_the_plain_name() {
        let t = Tribune(id: "N", label: "North Stand", labels: ["de": "Nordtribüne", "ar": "المدرج الشمالي"],
                        outline: .rect(.init(x: 0, y: 0, width: 1, height: 1)), rows: 0..<0, seats: 0..<0)
        #expect(t.localizedLabel(for: "de") == "Nordtribüne")
        #expect(t.localizedLabel(for: "de-AT") == "Nordtribüne")
        #expect(t.localizedLabel(for: "DE") == "Nordtribüne")
        #expect(t.localizedLabel(for: "ar_EG.UTF-8") == "المدرج الشمالي")
        #expect(t.localizedLabel(for: "es") == "North Stand")   // no Spanish: the plain label
        #expect(t.localizedLabel(for: "en") == "North Stand")
        #expect(t.localizedLabel(for: "") == "North Stand")
        let c = SeatCategory(id: "A", name: "Stalls", names: ["zh": "池座"], color: "#000000", priceMinor: 0, currency: "EUR")
        #expect(c.localizedName(for: "zh-Hans") == "池座")
        #expect(c.localizedName(for: "de") == "Stalls")
    }

    @Test func the_generated_venue_is_named_in_every_shipped_language() {
        let v = Self.small
        let others = LocalizedNames.languageTags.filter { $0 != "en" }
        #expect(Set(v.names.byLanguage.keys) == Set(others))
        for c in v.categories { #expect(Set(c.names.byLanguage.keys) == Set(others), "\(c.id)") }
        for t in v.tribunes { #expect(Set(t.labels.byLanguage.keys) == Set(others), "\(t.id)") }
        // Each translation keeps the tribune's numbers (ring and index) as the English label has them.
        for t in v.tribunes {
            let digits = t.label.filter(\.isASCII).filter(\.isNumber)
            for (tag, label) in t.labels.ordered {
                #expect(label.filter(\.isASCII).filter(\.isNumber) == digits, "\(t.id) \(tag): \(label)")
            }
        }
        let north = v.tribunes.first { $0.id == "R1-N01" }
        #expect(north?.label == "Ring 1 · North 1")
        #expect(north?.localizedLabel(for: "de") == "Rang 1 · Nord 1")
        #expect(north?.localizedLabel(for: "es") == "Anillo 1 · Norte 1")
        #expect(north?.localizedLabel(for: "zh") == "1层 · 北看台 1")
        #expect(v.categories.first?.localizedName(for: "es") == "Categoría 1")
        // A venue generated under another name has no translations of it.
        #expect(StadiumGenerator.generate(.forSeatCount(600), name: "Arena").names.isEmpty)
    }

    @Test func a_non_string_translation_names_its_path() throws {
        let e = try #require(error { $0.replacingOccurrences(of: "\"es\":\"Estadio SportFan\"", with: "\"es\":7") })
        #expect(e.path == "names.es")
        #expect(e.message == "expected a string, found 7")
        #expect(e.description.hasPrefix("names.es: expected a string, found 7 (line 1, column "))
    }

    @Test func an_unknown_language_tag_names_its_path() throws {
        // The third tribune's German label is written as French.
        let e = try #require(error { text in
            let r = text.ranges(of: "\"labels\":{\"de\":")[2]
            return text.replacingCharacters(in: r, with: "\"labels\":{\"fr\":")
        })
        #expect(e.path == "tribunes[2].labels.fr")
        #expect(e.message == "unknown language tag \"fr\"; expected one of \"en\", \"de\", \"es\", \"ar\", \"zh\"")
    }

    @Test func other_malformed_translations_are_refused_with_their_path() throws {
        let notObject = try #require(error { text in
            text.replacingOccurrences(of: "\"names\":{\"de\":\"Kategorie 2\",\"es\":\"Categoría 2\",\"ar\":\"الفئة 2\",\"zh\":\"2类座位\"}",
                                      with: "\"names\":\"Kategorie 2\"")
        })
        #expect(notObject.path == "categories[1].names")
        #expect(notObject.message == "expected an object of names by language tag, found \"Kategorie 2\"")

        let empty = try #require(error { $0.replacingOccurrences(of: "\"zh\":\"SportFan体育场\"", with: "\"zh\":\"\"") })
        #expect(empty.path == "names.zh")
        #expect(empty.message == "expected a non-empty string, found \"\"")

        let twice = try #require(error { $0.replacingOccurrences(of: "\"es\":\"Estadio SportFan\"", with: "\"de\":\"Stadion\"") })
        #expect(twice.path == "names.de")
        #expect(twice.message == "language tag \"de\" appears twice")
    }

    @Test func a_pretix_plan_has_no_place_for_translations() throws {
        // pretix's schema closes every object, so the export carries the plain labels only and
        // an import has no translations to give back.
        let plan = String(decoding: PretixSeatingPlan.export(Self.small), as: UTF8.self)
        #expect(plan.contains("\"Ring 1 · North 1\""))
        #expect(!plan.contains("Rang 1") && !plan.contains("\"names\"") && !plan.contains("\"labels\""))
        let back = try PretixSeatingPlan.importPlan(Array(plan.utf8))
        #expect(back.names.isEmpty && back.tribunes.allSatisfy { $0.labels.isEmpty })
        #expect(back.tribunes.first?.localizedLabel(for: "de") == "Ring 1 · North 1")
    }
}

extension LocalizedNamesTests {
    @Test func a_localized_venue_carries_the_translations_in_place_of_the_plain_names() {
        let v = Self.small
        let de = v.localized(for: "de")
        #expect(de.name == "SportFan-Stadion")
        #expect(de.categories.map(\.name) == ["Kategorie 1", "Kategorie 2", "Kategorie 3", "Rollstuhl und Begleitung"])
        #expect(zip(de.tribunes, v.tribunes).allSatisfy { $0.label == $1.labels.byLanguage["de"] })
        // Everything else is the venue as read.
        #expect(de.seats == v.seats && de.rows == v.rows && de.seatIDs == v.seatIDs)
        #expect(de.tribunes.map(\.id) == v.tribunes.map(\.id) && de.tribunes.map(\.outline) == v.tribunes.map(\.outline))
        #expect(de.categories.map(\.priceMinor) == v.categories.map(\.priceMinor))
        // English (no "en" translations) is the plain venue.
        let en = v.localized(for: "en")
        #expect(en.name == v.name && en.tribunes == v.tribunes && en.categories == v.categories)
    }
}
