import ArgumentParser
import Headless

/// `tribune-headless demo`: the main job on a machine without kiosk hardware.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the kiosk end to end: an embedded box office, the bundled visitor session, a real purchase, and pictures of it.",
        usage: "tribune-headless demo [<options>]",
        discussion: """
            Starts the box office in this process (SQLite in a temporary folder), replays the bundled session \
            (demo/demo-session.yaml: a party of three, tap a tribune, pinch, rotate, one tap for three seats, Best seats, home, the cart, Buy, Confirm, Done; \
            then accessible mode: the seat list and speech, a wheelchair space and its companion seat chosen by taps that speak and double-taps) on a generated \
            10,000-seat stadium at 1920x1080 on a virtual clock, buys both orders for real over HTTP, and writes \
            key frames (PNG), an animated PNG of the session, a contact sheet, the JSON report and the spoken transcript (text and WAV). \
            --make-session scripts the session from the screens' layout and writes the recording instead.

            Examples:
              tribune-headless demo --out demo-out
              tribune-headless demo --make-session --session demo/demo-session.yaml
            """)

    @Option(help: "Folder for the pictures and the report.")
    var out: String = "demo-out"

    @Option(help: "The session recording (default: the bundled demo/demo-session.yaml).")
    var session: String?

    @Flag(name: .customLong("make-session"), help: "Script the session and write it to --session (default demo/demo-session.yaml).")
    var makeSession = false

    @Option(name: .customLong("animation-every"), help: "Put every N-th 60 Hz frame into the animated PNG (0: none).")
    var animationEvery: Int = 6

    func run() throws {
        if makeSession {
            let path = session ?? "demo/demo-session.yaml"
            try Demo.writeSession(to: path)
            print("wrote the demo session to \(path)")
            return
        }
        guard animationEvery >= 0 else { throw ValidationError("--animation-every: expected 0 or a positive integer; found \(animationEvery)") }
        var options = Demo.Options(outputDirectory: out)
        options.sessionPath = session
        options.animationEvery = animationEvery
        let result = try Demo(options: options).run()
        print("session: \(result.session)")
        print("box office: \(result.boxOffice) (embedded, stopped)")
        for line in result.orderSummaries { print(line) }
        print("purchases: \(result.purchases)\(result.ordersStored ? "" : " (NOT found in the box office database)")")
        for k in result.keyFrames { print("\(k.path): \(k.caption)") }
        if let a = result.animation { print("\(a): the whole session, \(result.animationFrames) frames (animated PNG)") }
        print("\(result.contactSheet): contact sheet of the key frames")
        print("\(result.report): the report")
        print("\(result.transcriptText): what accessible mode said, \(result.transcript.count) announcements (time, language, text)")
        print("\(result.transcriptAudio): the same, spoken by espeak-ng (WAV)")
        if result.purchases != Demo.expectedPurchases || !result.ordersStored { throw ExitCode(1) }
    }
}
