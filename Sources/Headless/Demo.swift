import BoxOfficeClient
import Foundation
import Geometry
import Gestures
import JSON
import Kiosk
import KioskUI
import Raster
import Recording
import Seating
import Text

/// `tribune-headless demo`: the kiosk end to end on a machine without kiosk hardware. Starts the real
/// box office in this process (SQLite in a temporary folder), replays the bundled visitor
/// session (`DemoSession`) through the kiosk's screens on a virtual clock, buys the three seats
/// and then, in accessible mode, a wheelchair space and its companion seat for real over HTTP,
/// and writes what happened: PNG key frames, an animated PNG of the whole session, a contact
/// sheet, the JSON report, and what accessible mode said (transcript as text and WAV).
public struct Demo {
    public struct Options: Sendable {
        /// Output folder (created if missing).
        public var outputDirectory: String
        /// The session recording; nil: the bundled `demo/demo-session.yaml`, or the same session
        /// scripted afresh when the file cannot be found.
        public var sessionPath: String?
        /// Every n-th display frame (60 Hz) goes into the animated PNG; 0 writes none.
        public var animationEvery = 6
        /// The animated PNG is the screen shrunk by this factor.
        public var animationScale = 2
        /// Show progress on standard error.
        public var showsProgress = true

        public init(outputDirectory: String) { self.outputDirectory = outputDirectory }
    }

    /// What the demo wrote and did.
    public struct Result: Sendable {
        /// Key frames (PNG, full size) with their captions, in session order.
        public var keyFrames: [(path: String, caption: String)]
        /// The animated PNG (nil when `animationEvery` is 0) and its frame count.
        public var animation: String?
        public var animationFrames: Int
        public var contactSheet: String
        public var report: String
        /// What the kiosk said (accessible mode's speech), in order, and where it was written:
        /// `transcript.txt` (time, language, text a line) and `transcript.wav` (espeak-ng).
        public var transcript: [Announcement]
        public var transcriptText: String
        public var transcriptAudio: String
        /// Completed purchases as the screens counted them.
        public var purchases: Int
        /// The orders the box office confirmed.
        public var orders: [OrderInfo]
        /// Where the session came from.
        public var session: String
        /// The embedded box office's URL (stopped when `run` returns).
        public var boxOffice: String
        /// Whether every order was found in the box office's database before it was stopped.
        public var ordersStored: Bool

        /// One line per order: id, code, seats, total.
        public var orderSummaries: [String] {
            orders.map { o in
                "order \(o.orderID) (code \(o.code)): \(o.lines.map(\.seatGUID).joined(separator: ", ")), \(o.total.amountMinor) \(o.total.currency) minor units"
            }
        }
        /// The ids of the confirmed orders.
        public var orderIDs: [String] { orders.map(\.orderID) }
    }

    /// Why the demo failed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var options: Options
    /// The seed of the embedded box office's ids (`EmbeddedBoxOffice.start(idSeed:)`).
    static let boxOfficeIDSeed: UInt64 = 0x7121_B0CE_2026
    /// When the demo's event starts (the box office's `starts_at`, shown in the header): fixed,
    /// so the frames are the same every run.
    static let eventStart = "2026-03-14T20:45:00+01:00"

    public static let frameRate = 60.0
    /// The purchases the bundled session makes: the first visitor's three seats, then the
    /// accessible-mode visitor's wheelchair space and companion seat.
    public static let expectedPurchases = 2

    public init(options: Options) { self.options = options }

    /// Where the bundled session is: next to the sources (a checkout), or under the current folder.
    public static func bundledSessionPath() -> String? {
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("demo/demo-session.yaml").path
        for path in [fromSource, FileManager.default.currentDirectoryPath + "/demo/demo-session.yaml"]
            where FileManager.default.fileExists(atPath: path) { return path }
        return nil
    }

    /// Scripts the session (`DemoSession.makeRecording`) and writes it as libinput-record YAML.
    public static func writeSession(to path: String) throws {
        let recording = try DemoSession.makeRecording(venue: DemoSession.venue())
        let text = LibinputRecordWriter.document(recording, system: .init(os: "tribune demo session", kernel: "none"))
        try FileOutput.write(Array(text.utf8), to: path)   // in place: the path may be a FIFO or /dev/stdout
    }

    public func run() throws -> Result {
        let out = options.outputDirectory
        try FileOutput.makeDirectory(out)
        let venue = DemoSession.venue()

        let recording: InputRecording
        let source: String
        if let path = options.sessionPath ?? Self.bundledSessionPath() {
            recording = try RecordingReader.read(path: path)
            source = path
        } else {
            recording = try DemoSession.makeRecording(venue: venue)
            source = "scripted afresh (demo/demo-session.yaml not found)"
        }
        let touches = try recording.touchFrames(mapping: DisplayMapping(size: DemoSession.screenSize))

        var configuration = DemoSession.configuration(venue: venue)
        let eventName = configuration.eventName
        let boxOffice = try HTTPBoxOfficeResponder.wait { () async -> Swift.Result<EmbeddedBoxOffice, Failure> in
            // Seeded ids: the receipt's order code, in key frames and the report, is the same every run.
            do { return .success(try await EmbeddedBoxOffice.start(venue: venue, eventName: eventName,
                                                                   startsAt: Self.eventStart, idSeed: Self.boxOfficeIDSeed)) } catch {
                return .failure(Failure(description: "the embedded box office did not start: \(error)"))
            }
        }.get()
        defer { HTTPBoxOfficeResponder.wait { await boxOffice.stop() } }

        let responder = try HTTPBoxOfficeResponder(baseURL: boxOffice.baseURL, token: boxOffice.token, eventID: boxOffice.eventID,
                                                   stateDirectory: boxOffice.directory + "/kiosk")
        // The header's date is the box office's, as on a kiosk.
        do { configuration.eventDate = try responder.prepare().eventDate } catch {
            throw Failure(description: "the embedded box office did not answer: \(error)")
        }
        let replay = KioskReplay(venue: venue, configuration: configuration, options: .init(timing: false), responder: responder)
        let end = max(recording.duration, DemoSession.keyMoments.last?.time ?? 0)
        let expected = Int((end * Self.frameRate).rounded(.up)) + 1
        let progress = options.showsProgress ? ProgressDisplay(title: "replaying the demo session", total: expected) : nil
        let player = DemoSessionPlayer(replay: replay, moments: DemoSession.keyMoments, frameRate: Self.frameRate,
                                       animationEvery: options.animationEvery, animationScale: options.animationScale,
                                       expectedFrames: expected, progress: progress)
        var target = player
        ReplayTimeline(frames: touches, frameRate: Self.frameRate, start: 0, end: end).run(&target)
        progress?.finish()
        if let e = player.errors.first { throw Failure(description: e) }
        if let e = replay.errors.first { throw Failure(description: e) }

        var keyFrames: [(path: String, caption: String)] = []
        for (moment, image) in player.keyFrames {
            let path = out + "/" + moment.name + ".png"
            try image.writePNG(to: path, opaque: true)
            keyFrames.append((path, moment.caption))
        }

        var animationPath: String?
        if let animation = player.animation {
            let path = out + "/session-animated.png"
            try animation.write(to: path)
            animationPath = path
        }

        let sheetPath = out + "/contact-sheet.png"
        let text = TextRenderer(fonts: try FontChain.standard())
        try ContactSheet().render(player.keyFrames.map { ContactSheet.Entry(image: $0.image, caption: $0.moment.caption) }, text: text)
            .writePNG(to: sheetPath, opaque: true)

        let transcriptPath = out + "/transcript.txt", audioPath = out + "/transcript.wav"
        // Written in place (FileOutput), as every output: a file there that is a FIFO or a link to
        // a device is written through, never replaced by a renamed temporary file.
        try FileOutput.write(Array(Self.transcriptText(replay.transcript).utf8), to: transcriptPath)
        do { try TranscriptAudio.write(replay.transcript, to: audioPath) } catch {
            throw Failure(description: "\(audioPath): \(error)")
        }

        let orders = responder.orders
        let report = replay.report().withoutTiming
        let reportPath = out + "/report.json"
        try FileOutput.write(Array(Self.reportJSON(report, orders: orders).utf8), to: reportPath)

        let stored = HTTPBoxOfficeResponder.wait { () async -> Bool in
            for order in orders {
                guard let row = try? await boxOffice.storedOrder(id: order.orderID), row.seats == order.lines.map(\.seatGUID).sorted() else { return false }
            }
            return true
        }
        return Result(keyFrames: keyFrames, animation: animationPath, animationFrames: player.animation?.frameCount ?? 0,
                      contactSheet: sheetPath, report: reportPath,
                      transcript: replay.transcript, transcriptText: transcriptPath, transcriptAudio: audioPath,
                      purchases: report.purchases, orders: orders, session: source,
                      boxOffice: boxOffice.baseURL, ordersStored: stored)
    }

    /// The replay report with the confirmed orders added (`orders`: id, code, seats, total).
    static func reportJSON(_ report: ReplayReport, orders: [OrderInfo]) -> String {
        var json = report.json()
        while json.last == "\n" || json.last == " " { json.removeLast() }
        guard json.last == "}" else { return json }
        json.removeLast()
        while json.last == "\n" || json.last == " " { json.removeLast() }
        let quoted = JSONWriter.quoted
        let items = orders.map { o in
            "    {\"order_id\": \(quoted(o.orderID)), \"code\": \(quoted(o.code)), \"seats\": ["
                + o.lines.map { quoted($0.seatGUID) }.joined(separator: ", ")
                + "], \"total_minor\": \(o.total.amountMinor), \"currency\": \(quoted(o.total.currency))}"
        }
        json += ",\n  \"orders\": [" + (items.isEmpty ? "" : "\n" + items.joined(separator: ",\n") + "\n  ") + "]\n}\n"
        return json
    }
}
