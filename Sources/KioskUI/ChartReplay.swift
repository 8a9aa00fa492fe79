import Animation
import Foundation
import Geometry
import Gestures
import Raster
import Recording
import Seating

/// The kiosk's chart pipeline driven by a recording: touch frames → recognizers (pan-zoom-rotate,
/// immediate taps, long press) → `ChartInteraction` → `Animator` on a virtual clock →
/// `ChartRenderer` at the display rate. Run it with `ReplayTimeline.run(_:)`.
///
/// Frames are rendered only when `framesDirectory` is set (every `every`-th display frame),
/// so replays for reports and benchmarks cost no rendering.
public final class ChartReplay: ReplayTarget {
    public struct Options: Sendable {
        /// The picture, px.
        public var size: Size
        /// Panel scale for the gesture thresholds.
        public var pixelsPerMillimetre: Double
        /// Where `frame-NNNNNN.png` files go; nil renders nothing.
        public var framesDirectory: String?
        /// Write every n-th display frame (≥ 1).
        public var every: Int
        /// Measure render times (wall clock); false writes zeros.
        public var timing: Bool
        public init(size: Size, pixelsPerMillimetre: Double, framesDirectory: String? = nil, every: Int = 1, timing: Bool = true) {
            self.size = size; self.pixelsPerMillimetre = pixelsPerMillimetre
            self.framesDirectory = framesDirectory; self.every = max(every, 1); self.timing = timing
        }
    }

    public let options: Options
    public let interaction: ChartInteraction
    public let renderer = ChartRenderer()
    public private(set) var totals = GestureTotals()
    public private(set) var touchFrames = 0
    public private(set) var displayFrames = 0
    public private(set) var framesWritten = 0
    public private(set) var firstDisplayTime: Double?
    public private(set) var lastDisplayTime: Double = 0
    /// Problems writing frames (the replay goes on).
    public private(set) var errors: [String] = []

    private let clock = VirtualClock()
    private var recognizer: SimultaneousGesture<SimultaneousGesture<PanZoomRotateRecognizer, TapRecognizer>, LongPressRecognizer>
    /// Counts double taps for the report only; the chart acts on single taps at once.
    private var doubleTapCounter: TapRecognizer
    private var doubleTapTotals = GestureTotals()
    private var events = GestureEventLog()
    private var renderTimes: [Double] = []
    private var surface: Surface?

    public init(chart: SeatingChart, options: Options) {
        self.options = options
        var chart = chart
        chart.view.viewSize = options.size
        interaction = ChartInteraction(chart: chart, animator: Animator(clock: clock))
        let configuration = GestureConfiguration(pixelsPerMillimetre: options.pixelsPerMillimetre)
        recognizer = PanZoomRotateRecognizer(configuration: configuration)
            .simultaneously(with: TapRecognizer(maximumCount: 1, configuration: configuration))
            .simultaneously(with: LongPressRecognizer(configuration: configuration))
        doubleTapCounter = TapRecognizer(maximumCount: 2, configuration: configuration)
    }

    public func handle(_ frame: TouchFrame) {
        moveClock(to: frame.timestamp)
        touchFrames += 1
        totals.observe(frame)
        recognizer.handle(frame, into: &events)
        doubleTapCounter.handle(frame, into: &doubleTapTotals)
        deliver()
    }

    public var nextDeadline: Double? {
        switch (recognizer.nextDeadline, doubleTapCounter.nextDeadline) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }

    public func advance(to time: Double) {
        moveClock(to: time)
        recognizer.advance(to: time, into: &events)
        doubleTapCounter.advance(to: time, into: &doubleTapTotals)
        deliver()
    }

    public func displayFrame(index: Int, time: Double) {
        displayFrames += 1
        if firstDisplayTime == nil { firstDisplayTime = time }
        lastDisplayTime = time
        guard let directory = options.framesDirectory, index % options.every == 0 else { return }
        let surface = self.surface ?? Surface(width: max(Int(options.size.width), 1), height: max(Int(options.size.height), 1))
        self.surface = surface
        let start = options.timing ? DispatchTime.now().uptimeNanoseconds : 0
        renderer.render(interaction.chart, view: interaction.presentedView, seatReveal: interaction.seatReveal,
                        now: time, into: DrawingContext(surface: surface))
        if options.timing { renderTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) }
        let name = String(index)
        let path = directory + "/frame-" + String(repeating: "0", count: max(0, 6 - name.count)) + name + ".png"
        do { try surface.writePNG(to: path, opaque: true); framesWritten += 1 } catch { errors.append("\(path): \(error)") }
    }

    public var isSettled: Bool {
        nextDeadline == nil && recognizer.state != .active && recognizer.state != .possible && !interaction.isAnimating
    }

    private func moveClock(to time: Double) {
        if time > clock.now { clock.set(to: time) }
        interaction.animator.advance(to: time)
    }

    private func deliver() {
        guard !events.events.isEmpty else { return }
        for e in events.events {
            totals.receive(e)
            interaction.handle(e)
        }
        events.events.removeAll(keepingCapacity: true)
    }

    /// The report after `ReplayTimeline.run`.
    public func report() -> ReplayReport {
        var r = ReplayReport()
        r.frames = displayFrames
        r.framesWritten = framesWritten
        r.touchFrames = touchFrames
        r.duration = lastDisplayTime - (firstDisplayTime ?? lastDisplayTime)
        r.translation = (totals.translation.dx, totals.translation.dy)
        r.magnification = totals.magnification
        r.rotationDegrees = totals.rotation * 180 / .pi
        r.taps = totals.taps
        r.doubleTaps = doubleTapTotals.doubleTaps
        r.longPresses = totals.longPresses
        r.flings = totals.flings
        r.maximumFocalJump = totals.maximumFocalJump
        let view = interaction.presentedView
        r.zoom = view.effectiveZoom
        r.viewRotationDegrees = view.effectiveRotation * 180 / .pi
        r.offset = (view.effectiveOffset.dx, view.effectiveOffset.dy)
        let venue = interaction.chart.venue
        r.selectedSeats = interaction.chart.selection.seats.map { venue.seatIDs[$0] }
        r.setRenderTimes(options.timing ? renderTimes : [])
        return r
    }
}
