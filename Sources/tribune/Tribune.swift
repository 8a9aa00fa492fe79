import ArgumentParser

@main
struct Tribune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tribune",
        abstract: "Tribune: a kiosk daemon for venue touch displays.",
        version: "0.1.0",
        subcommands: [DoctorCommand.self, DrawCommand.self, VenueCommand.self])
}
