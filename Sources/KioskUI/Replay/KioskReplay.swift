import Animation
import Foundation
import Geometry
import Gestures
import Raster
import Recording
import Seating

/// The kiosk's screens driven by a recording: a `KioskSession` on a virtual clock, fed the
/// recorded touch frames by `ReplayTimeline.run(_:)`, its box-office requests answered
/// synchronously by a `BoxOfficeResponder` (the clock stands still meanwhile), its frames
/// written as PNG the way the panel shows them (turned by `Options.rotation`).
///
/// Frames are rendered only when `framesDirectory` is set, `renders` is true or `onFrame` is set
/// (every `every`-th display frame), so replays for reports cost no rendering.
public final class KioskReplay: ReplayTarget {
    public struct Options: Sendable {
        /// Where `frame-NNNNNN.png` files go; nil renders nothing.
        public var framesDirectory: String?
        /// Write every n-th display frame (≥ 1).
        public var every: Int
        /// Measure render times (wall clock); false writes zeros.
        public var timing: Bool
        /// How the panel turns the picture (clockwise): PNG frames are written in the panel's
        /// orientation, i.e. `configuration.screenSize` turned by this.
        public var rotation: DisplayRotation
        /// Render every `every`-th display frame even without `framesDirectory` (for `render_ms`).
        public var renders: Bool
        public init(framesDirectory: String? = nil, every: Int = 1, timing: Bool = true, rotation: DisplayRotation = .degrees0,
                    renders: Bool = false) {
            self.framesDirectory = framesDirectory; self.every = max(every, 1); self.timing = timing; self.rotation = rotation
            self.renders = renders
        }
    }

    public var options: Options
    public let session: KioskSession
    public let clock: VirtualClock
    public let responder: BoxOfficeResponder?
    public private(set) var touchFrames = 0
    public private(set) var displayFrames = 0
    public private(set) var framesWritten = 0
    public private(set) var firstDisplayTime: Double?
    public private(set) var lastDisplayTime: Double = 0
    /// Every request the session made but availability polls (which would grow it every poll
    /// interval), in order, with the virtual time it was performed at (s).
    public private(set) var requestLog: [(time: Double, request: BoxOfficeRequest)] = []
    /// What the session said with speech on (`AccessibilityOptions.speech`), in order, with
    /// the virtual time of each announcement: the report's `speech`.
    public private(set) var transcript: [Announcement] = []
    /// Problems writing frames (the replay goes on).
    public private(set) var errors: [String] = []
    /// Called with every rendered frame (every `every`-th display frame: index, virtual time s,
    /// the picture in the panel's orientation), with or without `framesDirectory` — for key
    /// frames, animations and contact sheets. The surface is reused: copy what you keep.
    public var onFrame: ((_ index: Int, _ time: Double, _ picture: Surface) -> Void)?

    /// Counts double taps for the report only; the kiosk acts on single taps at once.
    private var doubleTapCounter: TapRecognizer
    private var doubleTapTotals = GestureTotals()
    private var renderTimes: [Double] = []
    private var surface: Surface?
    private var panelSurface: Surface?

    /// A replay of `venue` under `configuration` (its `screenSize` is the upright picture);
    /// `responder` answers the session's box-office requests (nil: they are dropped, as if the
    /// box office never answered). The virtual clock starts at `start` seconds.
    public init(venue: Venue, configuration: KioskSession.Configuration, options: Options = Options(),
                responder: BoxOfficeResponder? = nil, start: Double = 0) {
        self.options = options
        self.responder = responder
        clock = VirtualClock(start: start)
        session = KioskSession(venue: venue, configuration: configuration, clock: clock)
        doubleTapCounter = TapRecognizer(maximumCount: 2,
                                         configuration: GestureConfiguration(pixelsPerMillimetre: configuration.pixelsPerMillimetre))
    }

    public func handle(_ frame: TouchFrame) {
        clock.set(to: frame.timestamp)
        touchFrames += 1
        session.handle(frame)
        doubleTapCounter.handle(frame, into: &doubleTapTotals)
        performRequests()
        transcript += session.takeAnnouncements()
    }

    public var nextDeadline: Double? {
        switch (session.nextDeadline, doubleTapCounter.nextDeadline) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }

    public func advance(to time: Double) {
        clock.set(to: time)
        session.advance(to: time)
        doubleTapCounter.advance(to: time, into: &doubleTapTotals)
        performRequests()
        transcript += session.takeAnnouncements()
    }

    public func displayFrame(index: Int, time: Double) {
        displayFrames += 1
        if firstDisplayTime == nil { firstDisplayTime = time }
        lastDisplayTime = time
        guard options.framesDirectory != nil || options.renders || onFrame != nil, index % options.every == 0 else { return }
        let out = picture()
        onFrame?(index, time, out)
        guard let directory = options.framesDirectory else { return }
        let name = String(index)
        let path = directory + "/frame-" + String(repeating: "0", count: max(0, 6 - name.count)) + name + ".png"
        do { try out.writePNG(to: path, opaque: true); framesWritten += 1 } catch { errors.append("\(path): \(error)") }
    }

    /// What the screen shows now, in the panel's orientation (`options.rotation`). The surface
    /// is reused by the next call.
    public func picture() -> Surface {
        let size = session.configuration.screenSize
        let surface = self.surface ?? Surface(width: max(Int(size.width), 1), height: max(Int(size.height), 1))
        self.surface = surface
        let start = options.timing ? DispatchTime.now().uptimeNanoseconds : 0
        session.render(into: surface)
        if options.timing { renderTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        guard options.rotation != .degrees0 else { return surface }
        let (w, h) = options.rotation.swapsAxes ? (surface.height, surface.width) : (surface.width, surface.height)
        let panel = (panelSurface.map { $0.width == w && $0.height == h } ?? false) ? panelSurface! : Surface(width: w, height: h)
        panelSurface = panel
        surface.turn(by: options.rotation, into: panel)
        return panel
    }

    public var isSettled: Bool { session.isSettled && doubleTapCounter.nextDeadline == nil }

    /// Performs the session's requests through the responder until none are left; answers go
    /// straight back to the session at the same virtual time.
    private func performRequests() {
        var rounds = 0
        while rounds < 16 {
            let requests = session.takeRequests()
            if requests.isEmpty { return }
            rounds += 1
            for r in requests {
                if r != .refreshAvailability { requestLog.append((clock.now, r)) }
                guard let responder else { continue }
                for answer in responder.respond(to: r, now: clock.now) { session.receive(answer) }
            }
        }
    }

    /// The report after `ReplayTimeline.run`.
    public func report() -> ReplayReport {
        var r = ReplayReport()
        r.frames = displayFrames
        r.framesWritten = framesWritten
        r.touchFrames = touchFrames
        r.duration = lastDisplayTime - (firstDisplayTime ?? lastDisplayTime)
        let totals = session.totals
        r.translation = (totals.translation.dx, totals.translation.dy)
        r.magnification = totals.magnification
        r.rotationDegrees = totals.rotation * 180 / .pi
        r.taps = totals.taps
        r.doubleTaps = doubleTapTotals.doubleTaps
        r.longPresses = totals.longPresses
        r.flings = totals.flings
        r.maximumFocalJump = totals.maximumFocalJump
        let view = session.interaction.presentedView
        r.zoom = view.effectiveZoom
        r.viewRotationDegrees = view.effectiveRotation * 180 / .pi
        r.offset = (view.effectiveOffset.dx, view.effectiveOffset.dy)
        let venue = session.interaction.chart.venue
        r.selectedSeats = session.interaction.chart.selection.seats.map { venue.seatIDs[$0] }
        r.purchases = session.purchaseCount
        r.speech = transcript
        r.setRenderTimes(options.timing ? renderTimes : [])
        return r
    }
}
