import Foundation
import Headless
import Seating
import Spawn
import Testing
import TestFixtures

/// The bundled demo's venue, as a file, against docs/venue.schema.json (JSON Schema 2020-12,
/// checked by Python's `jsonschema`, an implementation independent of the venue reader): it
/// validates with its translations, and the same file with an unknown language tag does not.
@Suite struct DemoVenueSchemaTests {
    static let repository = PackagePaths.root
    static let schema = repository.appendingPathComponent("docs/venue.schema.json").path

    /// Validates `bytes` against the schema; nil when valid, else the validator's first message.
    func schemaProblem(_ bytes: [UInt8]) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("demo-venue-\(UUID().uuidString).json")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("python3 lacks jsonschema: install python3-jsonschema (scripts/install-deps.sh)"); sys.exit(2)
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2], encoding="utf-8"))))
            for e in errors[:1]:
                print("/".join(str(p) for p in e.absolute_path) + ": " + e.message)
            sys.exit(1 if errors else 0)
            """
        let run = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, Self.schema, file.path], error: .inherit)
        #expect(run.termination == .exited(0) || run.termination == .exited(1), "\(run.termination): \(run.outputText)")
        return run.termination.succeeded ? nil : run.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func the_demo_venue_with_its_translations_validates_against_the_schema() throws {
        let venue = DemoSession.venue()
        let text = String(decoding: VenueFile.encode(venue), as: UTF8.self)
        // The file carries the translations the schema is asked about.
        #expect(text.contains("\"names\":{\"de\":\"SportFan-Stadion\",\"es\":\"Estadio SportFan\",\"ar\":\"ملعب SportFan\",\"zh\":\"SportFan体育场\"}"))
        #expect(text.ranges(of: "\"labels\":{").count == venue.tribunes.count)
        #expect(try schemaProblem(Array(text.utf8)) == nil)
    }

    @Test func the_schema_refuses_an_unknown_language_tag_as_the_reader_does() throws {
        let text = String(decoding: VenueFile.encode(DemoSession.venue()), as: UTF8.self)
            .replacingOccurrences(of: "\"es\":\"Estadio SportFan\"", with: "\"fr\":\"Stade SportFan\"")
        let problem = try #require(try schemaProblem(Array(text.utf8)))
        #expect(problem.hasPrefix("names: Additional properties are not allowed ('fr' was unexpected)"))
        #expect(throws: VenueFileError.self) { try VenueFile.decode(Array(text.utf8)) }
    }
}
