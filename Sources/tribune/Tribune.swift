import ArgumentParser

@main
struct Tribune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tribune",
        abstract: "Tribune: a kiosk daemon for venue touch displays.",
        version: "0.1.0",
        subcommands: [RunCommand.self, BenchCommand.self, DoctorCommand.self, DrawCommand.self,
                      PresentCommand.self, VenueCommand.self, RecordCommand.self, PlayCommand.self,
                      TouchesCommand.self, ScreenshotCommand.self, MetricsCommand.self])
}
