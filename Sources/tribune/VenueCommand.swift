import ArgumentParser
import Foundation
import Kiosk
import Seating

/// `tribune venue …`: make, check and convert venue files.
struct VenueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "venue",
        abstract: "Generate, validate and convert venue files (docs/venue-format.md).",
        subcommands: [Generate.self, Validate.self, Export.self, Import.self])

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate a SportFan-style stadium with about N seats.",
            usage: "tribune venue generate --output <output> [<options>]",
            discussion: """
                Chooses rings, rows per tribune and seats per row to come close to N while keeping the \
                design's look; --design gives the design's own stadium (4 rings, 10 rows).

                Example:
                  tribune venue generate --seats 60000 -o stadium.venue.json
                """)

        @Option(help: "About how many seats.") var seats: Int = 20_000
        @Flag(help: "The design's stadium exactly (ignores --seats).") var design = false
        @Option(help: "Stadium width in venue units (height = width / 1.3).") var width: Double = 1000
        @Option(help: "Venue id.") var id: String = "sportfan-stadium"
        @Option(help: "Venue name.") var name: String = "SportFan Stadium"
        @Option(name: .shortAndLong, help: "Output file.") var output: String

        func run() throws {
            guard seats > 0 else { throw ValidationError("--seats must be positive") }
            let p = design ? StadiumParameters.design(width: width) : StadiumParameters.forSeatCount(seats, width: width)
            if let problem = p.problem { throw ValidationError(problem) }
            let progress = ProgressDisplay(title: "venue", total: 2)
            progress.update(0)
            let venue = StadiumGenerator.generate(p, id: id, name: name)
            progress.update(1)
            try VenueFile.write(venue, to: output)
            progress.finish()
            print("\(output): \(venue.seatCount) seats in \(venue.tribunes.count) tribunes, \(p.sectors) rings, \(p.rowsPerTribune) rows per tribune")
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a venue file; print the first problem with its JSON path.",
            discussion: """
                Exits 0 and prints the seat, tribune and category counts when the file is valid; otherwise \
                exits 1 with the first problem, e.g. "tribunes[3].seats[12].rotation: expected a number".

                Example:
                  tribune venue validate /var/lib/tribune/stadium.venue.json
                """)
        @Argument(help: "The venue file.") var file: String

        func run() throws {
            do {
                let v = try VenueFile.read(path: file)
                print("\(file): valid, \(v.seatCount) seats, \(v.tribunes.count) tribunes, \(v.categories.count) categories")
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(1)
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a venue as a pretix seating plan.",
            discussion: """
                Tribunes become zones, rows rows, seats seats with their category; what pretix cannot \
                express (seat rotations, the field) is left out (docs/venue-format.md).

                Example:
                  tribune venue export --pretix stadium.venue.json -o stadium.pretix.json
                """)
        @Flag(help: "pretix seating-plan JSON (the only export format).") var pretix = false
        @Argument(help: "The venue file.") var file: String
        @Option(name: .shortAndLong, help: "Output file.") var output: String

        func run() throws {
            guard pretix else { throw ValidationError("choose a format: --pretix") }
            let v: Venue
            do { v = try VenueFile.read(path: file) } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8)); throw ExitCode(1)
            }
            try FileOutput.write(PretixSeatingPlan.export(v), to: output)   // in place: may be a FIFO or /dev/stdout
            print("\(output): pretix seating plan, \(v.seatCount) seats in \(v.tribunes.count) zones")
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a venue file from a pretix seating plan.",
            discussion: """
                Reads a pretix seating-plan JSON (zones, rows, seats, categories) and writes a Tribune \
                venue file; a problem is reported with its JSON path.

                Example:
                  tribune venue import --pretix plan.json --id arena-2027 -o arena.venue.json
                """)
        @Flag(help: "pretix seating-plan JSON (the only import format).") var pretix = false
        @Argument(help: "The pretix seating plan.") var file: String
        @Option(help: "Venue id for the result.") var id: String = "pretix-import"
        @Option(name: .shortAndLong, help: "Output venue file.") var output: String

        func run() throws {
            guard pretix else { throw ValidationError("choose a format: --pretix") }
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8)); throw ExitCode(1)
            }
            do {
                let v = try PretixSeatingPlan.importPlan([UInt8](data), id: id)
                // Round through the venue reader so the result is checked like any venue file.
                let bytes = VenueFile.encode(v)
                _ = try VenueFile.decode(bytes)
                try FileOutput.write(bytes, to: output)   // in place: may be a FIFO or /dev/stdout
                print("\(output): \(v.seatCount) seats in \(v.tribunes.count) tribunes")
            } catch let e as VenueFileError {
                FileHandle.standardError.write(Data("\(file): \(e)\n".utf8)); throw ExitCode(1)
            }
        }
    }
}
