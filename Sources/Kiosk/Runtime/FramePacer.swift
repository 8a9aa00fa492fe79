import Displays
import Raster

/// Renders and presents frames on a `Display` as the display accepts them: a frame is drawn
/// only when the source needs one and no flip is pending, so an idle kiosk draws nothing and a
/// moving one draws at the display's rate. Also measures touch-to-flip latency.
///
/// This is the one presenting path of the kiosk loop (`KioskRuntime`); tests drive it with a
/// `HeadlessDisplay`. Nothing here grows per frame.
public final class FramePacer {
    let display: any Display
    /// Frames rendered and shown (the first one included).
    public private(set) var frames = 0
    /// Where frame times, touch-to-flip samples, presents and lost flips are counted (nil: nowhere).
    var metrics: KioskMetrics?
    private(set) var latency = TouchLatencyMeter()
    /// Touch-to-flip samples taken so far (all of them, not only those the ring keeps).
    public var latencySamples: Int { latency.count }
    /// The last frame was drawn while something moved: one more frame is due once it stops, so
    /// the final state of an animation that ended between two frames gets on screen.
    private var lastFrameWasMoving = false
    /// The frame interval assumed when a frame changes nothing on screen, s.
    static let idleFrameInterval = 1.0 / 60

    /// What one `update` did.
    public struct Outcome {
        /// A flip never completed and was written off (the output is set up again).
        public var wroteOffFlip = false
        /// A frame was presented.
        public var presented = false
    }

    public init(display: any Display) {
        self.display = display
    }

    /// Renders the first frame into the display's surface and shows it (`Display.start()`).
    public func start(_ source: some FrameSource) throws {
        let started = ContinuousClock.now
        _ = source.render(into: display.surface)
        lastFrameWasMoving = source.needsDisplay
        try display.start()
        frames = 1
        metrics?.frameTime.recordInterval(ContinuousClock.now - started)
        metrics?.presents.increment()
    }

    /// The source wants a frame, or an animation drawn in the last frame has ended since.
    func isFrameDue(_ source: some FrameSource) -> Bool { source.needsDisplay || lastFrameWasMoving }

    /// Makes the next update draw a frame even if the source has nothing new (a reload, a
    /// written-off flip).
    func repaint() { lastFrameWasMoving = true }

    /// A touch frame with kernel timestamp `time` (CLOCK_MONOTONIC s) reached the source.
    public func touched(at time: Double) { latency.touched(at: time) }

    /// One loop iteration's display work at `now` (CLOCK_MONOTONIC s): counts the flip that
    /// completed, writes off one that never will, and renders and presents a frame when due.
    /// A present that fails throws; the display is then invalidated (set up again next time).
    @discardableResult
    public func update(_ source: some FrameSource, now: Double) throws -> Outcome {
        var outcome = Outcome()
        flipsCompleted(now: now)
        if display.writeOffOverdueFlip(now: now) {
            outcome.wroteOffFlip = true
            lastFrameWasMoving = true
            metrics?.lostFlips.increment()
        }
        guard isFrameDue(source) && display.acceptsFrames else { return outcome }
        let started = ContinuousClock.now
        let damage = source.render(into: display.surface)
        lastFrameWasMoving = source.needsDisplay
        let flipsBefore = display.flipsCompleted
        do {
            outcome.presented = try display.present(damage: damage)
        } catch {
            display.invalidate()
            throw error
        }
        if outcome.presented {
            frames += 1
            metrics?.frameTime.recordInterval(ContinuousClock.now - started)
            metrics?.presents.increment()
        }
        latency.frameRendered(presented: outcome.presented, flipsAfter: flipsBefore + 1)
        // A display that shows frames at once (headless) has completed the flip already.
        flipsCompleted(now: now)
        return outcome
    }

    /// Counts the completed flips; a touch-to-flip sample goes to the metrics.
    private func flipsCompleted(now: Double) {
        if let sample = latency.flipsCompleted(display.flipsCompleted, now: now, flipTime: display.lastFlipTime) {
            metrics?.touchToFlip.record(seconds: sample)
        }
    }

    /// When the loop should look again without an event (CLOCK_MONOTONIC s): in a frame while
    /// animating with nothing to wait for, at the flip deadline while one is pending (its event
    /// normally comes first), nil otherwise.
    func nextLook(_ source: some FrameSource, now: Double) -> Double? {
        if isFrameDue(source) && display.acceptsFrames { return now + Self.idleFrameInterval }
        return display.flipDeadline.map { max($0, now + 0.001) }
    }
}
