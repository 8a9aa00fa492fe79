import ArgumentParser

/// `tribune-headless`: the kiosk's screens without kiosk hardware. Apart from `tribune` because
/// the demo embeds the box-office server (Hummingbird, SQLite), which the daemon must not link.
@main
struct TribuneHeadless: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tribune-headless",
        abstract: "Tribune without kiosk hardware: the end-to-end demo and headless replays of touch recordings.",
        version: "0.1.0",
        subcommands: [DemoCommand.self, ReplayCommand.self])
}
