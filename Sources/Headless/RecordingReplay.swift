import BoxOfficeClient
import Evdev
import Foundation
import Geometry
import Kiosk
import Gestures
import KioskUI
import Recording
import Seating
import Speech

/// `tribune-headless replay`: a recorded touch session through the kiosk's screens (`KioskSession`) on a
/// virtual clock, standalone (Buy disabled) or against a real box office, with PNG frames in the
/// panel's orientation and the JSON report (`docs/replay-report.schema.json`).
public struct RecordingReplay {
    /// Where the seating chart comes from.
    public enum VenueSource: Sendable {
        /// The SportFan design stadium.
        case design
        /// A generated stadium of about this many seats.
        case generated(seats: Int)
        /// A venue file (`docs/venue-format.md`).
        case file(String)
    }

    /// A real box office: seats are held and bought there.
    public struct BoxOffice: Sendable {
        public var url: String
        /// The kiosk's bearer token (the token alone, or `KIOSK_ID TOKEN`).
        public var token: String
        /// The event to sell; nil: the box office's only event.
        public var eventID: String?
        /// Seconds between availability polls on the replay's clock (`box_office.poll_interval`,
        /// `--poll-interval`), at least `minimumPollInterval`.
        public var pollInterval: Double = 3
        /// Seconds without an answer before out of service (`box_office.out_of_service_after`,
        /// `--out-of-service-after`), at least 0.
        public var outOfServiceAfter: Double = 30
        /// PEM file of the venue CA an `https://` box office's certificate must come from
        /// (`box_office.ca_file`, `--ca-file`); nil: the system's CAs.
        public var caFile: String?
        /// The shortest poll interval, s: as `tribune run` allows.
        public static let minimumPollInterval = 0.5
        public init(url: String, token: String, eventID: String? = nil) { self.url = url; self.token = token; self.eventID = eventID }
    }

    public struct Options: Sendable {
        public var recording: String
        public var venue: VenueSource = .design
        /// The upright picture, px.
        public var size = Size(width: 1920, height: 1080)
        /// How the panel turns the picture; touch follows the same value.
        public var rotation: DisplayRotation = .degrees0
        /// The panel's active area in mm, for recordings whose axes have no resolution.
        public var touchSize: Size?
        /// The window, seconds from the recording's first event.
        public var from: Double?
        public var to: Double?
        /// PNG frames go here (every `every`-th display frame); nil writes none.
        public var framesDirectory: String?
        public var every = 1
        /// The screen as the replay leaves it (settled), as PNG in the panel's orientation.
        public var lastFramePath: String?
        /// Display frames per second of virtual time.
        public var frameRate = 60.0
        /// Measure render times; false writes zeros (byte-identical reports).
        public var timing = true
        /// Render every `every`-th display frame without writing it (for `render_ms`).
        public var renders = false
        public var boxOffice: BoxOffice?
        /// Party size first, as a kiosk with `seating.party_size_first` (the bundled demo session
        /// is recorded so); false: seats are tapped one by one.
        public var partySizeFirst = false
        /// Speech on from the start (accessibility mode's speech): the report carries what the
        /// kiosk said (`speech`), and touch works as a screen reader's.
        public var speech = false
        /// With speech: the transcript's audio, synthesized by espeak-ng, as a WAV file here.
        public var speechWAVPath: String?
        /// Show progress on standard error (a bar on a terminal, plain lines otherwise).
        public var showsProgress = true
        /// The language the visitor starts in (a shipped tag, "de"); nil: English. The kiosk
        /// offers every shipped language, read from `catalogs`.
        public var language: String?
        /// The compiled message catalogs (`make catalogs`: out/locale); nil: the installed ones
        /// next to the binary (`KioskConfiguration.installedCatalogs`). Read only with `language`.
        public var catalogs: String?
        /// Worker threads drawing the chart (`KioskSession.Configuration.chartThreads`; any
        /// count draws the same bytes, only render_ms moves).
        public var chartThreads = KioskSession.Configuration.defaultChartThreads

        public init(recording: String) { self.recording = recording }
    }

    /// What the replay did.
    public struct Result: Sendable {
        public var report: ReplayReport
        /// Errors the screens met (box office failures and the like), in order.
        public var errors: [String]
        /// Warnings about the recording (e.g. unknown axes), and notes such as an assumed dpi.
        public var notes: [String]
        /// Orders the box office confirmed (empty when standalone).
        public var orders: [OrderInfo]
        /// The utterances written to `--speech-wav`, in order, each with the duration espeak-ng
        /// reported for that very synthesis (empty without the option).
        public var speechAudio: [SpeechAudio] = []
    }

    /// A problem with the options or the files they name.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public var options: Options
    public init(options: Options) { self.options = options }

    /// The resolution assumed when neither the recording nor `touchSize` gives one.
    public static let assumedPixelsPerMillimetre = 96 / 25.4

    public func run() throws -> Result {
        let o = options
        guard o.every >= 1 else { throw Failure("every: expected a positive integer; found \(o.every)") }
        guard o.frameRate.isFinite && o.frameRate > 0 else { throw Failure("rate: expected a positive number; found \(o.frameRate)") }
        if let from = o.from, let to = o.to, to < from { throw Failure("the window ends (\(to) s) before it starts (\(from) s)") }
        if let from = o.from, !(from >= 0 && from.isFinite) { throw Failure("from: expected seconds ≥ 0; found \(from)") }
        if let b = o.boxOffice {
            guard b.pollInterval.isFinite && b.pollInterval >= BoxOffice.minimumPollInterval else {
                throw Failure("--poll-interval: expected seconds ≥ \(BoxOffice.minimumPollInterval); found \(b.pollInterval)")
            }
            guard b.outOfServiceAfter.isFinite && b.outOfServiceAfter >= 0 else {
                throw Failure("--out-of-service-after: expected seconds ≥ 0; found \(b.outOfServiceAfter)")
            }
        }

        let input = try RecordingReader.read(path: o.recording)
        var notes = input.warnings
        let mapping = DisplayMapping(size: o.size, rotation: o.rotation)
        let ppmm: Double
        if let perMM = (o.touchSize ?? input.device.panelSize).flatMap({ mapping.pixelsPerMillimetre(panelSize: $0) }) {
            ppmm = perMM
        } else {
            notes.append("\(o.recording): the axes have no resolution and no touch size was given; assuming 96 dpi (3.78 px/mm)")
            ppmm = Self.assumedPixelsPerMillimetre
        }
        let touchFrames = TouchFrameWindow.apply(try input.touchFrames(mapping: mapping), from: o.from, to: o.to)

        let venue: Venue
        switch o.venue {
        case .design: venue = StadiumGenerator.generate(.design())
        case .generated(let seats):
            guard seats > 0 else { throw Failure("seats: expected a positive number; found \(seats)") }
            venue = StadiumGenerator.generate(.forSeatCount(seats))
        case .file(let path): venue = try VenueFile.read(path: path)
        }
        if let frames = o.framesDirectory { try FileOutput.makeDirectory(frames) }

        var configuration = KioskSession.Configuration(screenSize: o.size, pixelsPerMillimetre: ppmm)
        configuration.partySizeFirst = o.partySizeFirst
        configuration.chartThreads = o.chartThreads
        if let languages = try offeredLanguages() { configuration.useLanguages(languages) }
        var responder: HTTPBoxOfficeResponder?
        var stateDirectory: String?
        if let boxOffice = o.boxOffice {
            // Seats are held and bought for real; the purchase journal lives in a temporary folder.
            let trust = try boxOffice.caFile.map { path in
                do throws(TrustFileError) { return try BoxOfficeTrust(caFile: path) } catch { throw Failure("--ca-file: \(error)") }
            }
            let eventID = try boxOffice.eventID ?? HTTPBoxOfficeResponder.soleEventID(baseURL: boxOffice.url, token: boxOffice.token, trust: trust)
            let state = NSTemporaryDirectory() + "tribune-replay-" + UUID().uuidString.lowercased()
            stateDirectory = state
            let r = try HTTPBoxOfficeResponder(baseURL: boxOffice.url, token: boxOffice.token, eventID: eventID, stateDirectory: state,
                                               trust: trust)
            do {
                let event = try r.prepare()
                configuration.eventName = event.name
                configuration.eventDate = event.eventDate
                configuration.currency = event.currency
                configuration.prices = event.pricesByCategory
                configuration.maxSeatsPerOrder = event.limits.maxSeatsPerOrder
            } catch {
                throw Failure("box office \(boxOffice.url): \(error)")
            }
            configuration.boxOfficeConfigured = true
            configuration.pollInterval = boxOffice.pollInterval
            configuration.outOfServiceAfter = boxOffice.outOfServiceAfter
            responder = r
        } else {
            // Standalone, as `tribune run` without a box office (Buy disabled, no requests).
            configuration.boxOfficeConfigured = false
            configuration.eventName = venue.name   // what `tribune run` shows without a box office
            configuration.takePrices(from: venue)
        }
        defer { if let stateDirectory { try? FileManager.default.removeItem(atPath: stateDirectory) } }

        // The session's clock starts where the window does, so a window late in a long recording
        // does not begin with the idle timers of the time skipped.
        let start = o.from ?? 0
        let replay = KioskReplay(venue: venue, configuration: configuration,
                                 options: .init(framesDirectory: o.framesDirectory, every: o.every, timing: o.timing, rotation: o.rotation,
                                                renders: o.renders),
                                 responder: responder, start: start)
        if o.speech || o.speechWAVPath != nil {
            replay.session.setAccessibility(AccessibilityOptions(speech: true))
        }
        let timeline = ReplayTimeline(frames: touchFrames, frameRate: o.frameRate, start: start, end: o.to ?? input.duration)
        let expected = Int(((timeline.end - timeline.start) * timeline.frameRate).rounded(.up)) + 1
        let progress = o.showsProgress ? ProgressDisplay(title: "replay", total: expected) : nil
        var target = CountingTarget(target: replay, progress: progress)
        timeline.run(&target)
        progress?.finish()
        if let path = o.lastFramePath {
            // Rendered apart from the timed frames, so render_ms stays theirs.
            let timed = replay.options.timing
            replay.options.timing = false
            try replay.picture().writePNG(to: path, opaque: true)
            replay.options.timing = timed
        }
        var speechAudio: [SpeechAudio] = []
        if let path = o.speechWAVPath {
            do {
                speechAudio = try TranscriptAudio.write(replay.transcript, to: path)
            } catch {
                throw Failure("--speech-wav \(path): \(error)")
            }
        }
        return Result(report: replay.report(), errors: replay.errors, notes: notes, orders: responder?.orders ?? [],
                      speechAudio: speechAudio)
    }
}

/// Forwards to the replay and counts its display frames on a progress display.
private struct CountingTarget<Target: ReplayTarget>: ReplayTarget {
    var target: Target
    let progress: ProgressDisplay?
    mutating func handle(_ frame: TouchFrame) { target.handle(frame) }
    var nextDeadline: Double? { target.nextDeadline }
    mutating func advance(to time: Double) { target.advance(to: time) }
    mutating func displayFrame(index: Int, time: Double) {
        target.displayFrame(index: index, time: time)
        progress?.update(index + 1)
    }
    var isSettled: Bool { target.isSettled }
}
