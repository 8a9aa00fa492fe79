import BoxOffice
import Foundation
import Seating
import Testing

/// The box office reads a Tribune venue file's translations (`names`, `labels`) as optional keys:
/// it takes a file that has them and refuses one whose translations are not names by language tag.
@Suite struct VenueLayoutTranslationsTests {
    static let file = String(decoding: VenueFile.encode(StadiumGenerator.generate(.forSeatCount(600))), as: UTF8.self)

    func layoutError(_ text: String) -> LayoutError? {
        do { _ = try VenueLayout(document: Data(text.utf8)); return nil } catch { return error }
    }

    @Test func a_venue_with_translations_is_accepted() throws {
        #expect(Self.file.contains("\"labels\":{\"de\":\"Rang 1 · Nord 1\""))
        let layout = try VenueLayout(document: Data(Self.file.utf8))
        #expect(layout.seats.count == StadiumGenerator.generate(.forSeatCount(600)).seatCount)
    }

    @Test func malformed_translations_are_refused_with_their_path() throws {
        let notObject = try #require(layoutError(Self.file.replacingOccurrences(
            of: "\"names\":{\"de\":\"SportFan-Stadion\",\"es\":\"Estadio SportFan\",\"ar\":\"ملعب SportFan\",\"zh\":\"SportFan体育场\"}",
            with: "\"names\":[\"SportFan-Stadion\"]")))
        #expect(notObject.path == "names")
        #expect(notObject.message.hasPrefix("expected an object of names by language tag, found"))

        let label = try #require(layoutError(Self.file.replacingOccurrences(of: "\"de\":\"Rang 1 · Nord 1\"", with: "\"de\":1")))
        #expect(label.path == "tribunes[0].labels.de")
        #expect(label.message.hasPrefix("expected a non-empty string, found"))

        let category = try #require(layoutError(Self.file.replacingOccurrences(of: "\"es\":\"Categoría 2\"", with: "\"es\":\"\"")))
        #expect(category.path == "categories[1].names.es")
    }
}
