import ArgumentParser
import Foundation
import Geometry
import Headless
import Kiosk
import Recording

/// `tribune-headless replay`: a recorded touch session through the kiosk's screens on a virtual clock.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a touch recording (libinput-record YAML or evemu) headless on a virtual clock.",
        discussion: """
            Runs the recording through the same screens as the kiosk (KioskSession: recognizers, chart, buttons, \
            dialogs, idle timers, animations, renderer), standalone (no box office: Buy disabled). Frames tick at a \
            fixed virtual rate; timers fire at their exact virtual times. --size is the upright picture; PNG frames \
            (only with --frames) are written as the panel shows them, turned by --rotation. The JSON report \
            (docs/replay-report.schema.json) goes to --report or to standard output; two runs give identical \
            reports except render_ms (wall clock; --no-timing writes zeros).

            Example:
              tribune-headless replay 3m.event --seats 5000 --size 1920x1200 \\
                  --frames out --every 6 --report r.json
              tribune-headless replay demo/demo-session.yaml --venue stadium.venue \\
                  --box-office http://127.0.0.1:8080 --token-file kiosk.token
            """)

    @Argument(help: "The recording (libinput record YAML, or evemu with an optional sibling .desc).")
    var recording: String

    @Option(help: "A venue file (default: the SportFan stadium).")
    var venue: String?

    @Option(help: "Generate a stadium with about N seats instead of a venue file.")
    var seats: Int?

    @Option(help: "The picture size in pixels, WxH.")
    var size: String = "1920x1080"

    @Option(help: "Display rotation, clockwise degrees: 0, 90, 180 or 270.")
    var rotation: Int = 0

    @Option(name: .customLong("touch-size"), help: "The panel's active area, WxHmm (for recordings without axis resolution).")
    var touchSize: String?

    @Option(help: "Start of the window, seconds from the recording's first event.")
    var from: Double?

    @Option(help: "End of the window, seconds from the recording's first event.")
    var to: Double?

    @Option(help: "Write PNG frames into this directory.")
    var frames: String?

    @Option(help: "Write every N-th frame.")
    var every: Int = 1

    @Option(name: .customLong("last-frame"), help: "Write the screen as the replay leaves it (settled) to this PNG.")
    var lastFrame: String?

    @Option(help: "Display frames per second of virtual time.")
    var rate: Double = 60

    @Option(help: "Write the JSON report to this file (default: standard output).")
    var report: String?

    @Flag(name: .customLong("no-timing"), help: "Write render_ms as zeros (byte-identical reports).")
    var noTiming = false

    @Flag(help: "Render every N-th frame (--every) without writing it, so render_ms is measured without --frames.")
    var render = false

    @Flag(name: .customLong("party-size-first"), help: "Party size first, as a kiosk with seating.party_size_first (the bundled demo session is recorded so).")
    var partySizeFirst = false

    @Option(name: .customLong("box-office"), help: "Box-office URL: seat taps hold seats and Buy orders them there, for real (the venue must be the event's).")
    var boxOffice: String?

    @Option(name: .customLong("token-file"), help: "With --box-office: a file holding the kiosk's bearer token (the token alone, or 'KIOSK_ID TOKEN').")
    var tokenFile: String?

    @Option(name: .customLong("ca-file"), help: "With an https:// --box-office: PEM file of the venue CA its certificate must come from (box_office.ca_file; default: the system's CAs).")
    var caFile: String?

    @Option(help: "With --box-office: the event to sell (default: the box office's only event).")
    var event: String?

    @Option(name: .customLong("poll-interval"), help: "With --box-office: seconds of virtual time between availability polls (box_office.poll_interval, at least 0.5; default 3).")
    var pollInterval: Double?

    @Option(name: .customLong("out-of-service-after"), help: "With --box-office: seconds of virtual time without an answer before out of service (box_office.out_of_service_after; default 30).")
    var outOfServiceAfter: Double?

    @Flag(help: "Speech on from the start (accessibility mode): touch works as a screen reader's, and the report lists what was said (speech).")
    var speech = false

    @Option(name: .customLong("speech-wav"), help: "Write what was said as audio (espeak-ng, one utterance after another) to this WAV file; implies --speech.")
    var speechWAV: String?
    @Option(help: "Start in this language (en, de, es, ar, zh); the language button offers them all, read from --catalogs.")
    var language: String?
    @Option(help: "With --language: the compiled message catalogs (make catalogs: out/locale; default: share/tribune/locale next to the binary).")
    var catalogs: String?
    @Option(help: "Worker threads drawing the chart (default: two, one on a single-core machine); the frames are the same, render_ms is not.")
    var threads: Int?

    func run() throws {
        if boxOffice == nil && (tokenFile != nil || event != nil || pollInterval != nil || outOfServiceAfter != nil || caFile != nil) {
            throw ValidationError("--token-file, --event, --poll-interval, --out-of-service-after and --ca-file go with --box-office URL")
        }
        if caFile != nil && boxOffice?.hasPrefix("https://") != true {
            throw ValidationError("--ca-file goes with an https:// --box-office URL")
        }
        if boxOffice != nil && tokenFile == nil {
            throw ValidationError("--box-office needs --token-file F, the kiosk's bearer token")
        }
        guard let picture = Size(parsing: size) else { throw ValidationError("--size: expected WxH in pixels, e.g. 1920x1080; found \"\(size)\"") }
        guard let turn = DisplayRotation(degrees: rotation) else { throw ValidationError("--rotation: expected 0, 90, 180 or 270; found \(rotation)") }
        if venue != nil && seats != nil { throw ValidationError("--venue and --seats: give one of them") }
        var options = RecordingReplay.Options(recording: recording)
        options.size = picture
        options.rotation = turn
        if let touchSize {
            guard let s = Size(parsing: touchSize, unit: "mm") else { throw ValidationError("--touch-size: expected WxHmm, e.g. 527x296mm; found \"\(touchSize)\"") }
            options.touchSize = s
        }
        if let venue { options.venue = .file(venue) } else if let seats { options.venue = .generated(seats: seats) }
        options.from = from
        options.to = to
        options.framesDirectory = frames
        options.every = every
        options.lastFramePath = lastFrame
        options.frameRate = rate
        options.timing = !noTiming
        options.renders = render
        options.partySizeFirst = partySizeFirst
        options.speech = speech
        options.speechWAVPath = speechWAV
        options.language = language
        options.catalogs = catalogs
        if let threads {
            guard (1...64).contains(threads) else { throw ValidationError("--threads: expected 1 to 64; found \(threads)") }
            options.chartThreads = threads
        }
        if let boxOffice, let tokenFile {
            var settings = RecordingReplay.BoxOffice(url: boxOffice, token: try HTTPBoxOfficeResponder.readToken(path: tokenFile), eventID: event)
            if let pollInterval { settings.pollInterval = pollInterval }
            if let outOfServiceAfter { settings.outOfServiceAfter = outOfServiceAfter }
            settings.caFile = caFile
            options.boxOffice = settings
        }
        let result: RecordingReplay.Result
        do {
            result = try RecordingReplay(options: options).run()
        } catch let failure as RecordingReplay.Failure {
            throw ValidationError(failure.description)
        }
        for note in result.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        for e in result.errors { FileHandle.standardError.write(Data("error: \(e)\n".utf8)) }
        let json = result.report.json()
        if let report {
            // Written in place, never renamed over: the path may be a FIFO, a device or /dev/stdout.
            do { try FileOutput.write(Array(json.utf8), to: report) } catch {
                throw ValidationError("cannot write the report to \(report): \(error)")
            }
        } else {
            print(json, terminator: "")
        }
        if !result.errors.isEmpty { throw ExitCode(1) }
    }
}
