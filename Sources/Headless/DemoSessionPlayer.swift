import Geometry
import Kiosk
import Gestures
import KioskUI
import Raster
import Recording

/// Drives `KioskReplay` for the demo and keeps what the demo shows: the display frames at the
/// key moments (full size) and every `animationEvery`-th display frame, shrunk, into an
/// animated PNG. Frames are rendered only when one of them needs it.
final class DemoSessionPlayer: ReplayTarget {
    let replay: KioskReplay
    let moments: [DemoSession.KeyMoment]
    let frameRate: Double
    let animationEvery: Int
    let animationScale: Int
    let animation: AnimatedPNGEncoder?
    /// Display frames to expect (for the progress display).
    let expectedFrames: Int
    let progress: ProgressDisplay?
    /// (moment, full-size frame) in moment order.
    private(set) var keyFrames: [(moment: DemoSession.KeyMoment, image: Surface)] = []
    private(set) var errors: [String] = []
    private let surface: Surface
    private var nextMoment = 0

    init(replay: KioskReplay, moments: [DemoSession.KeyMoment], frameRate: Double, animationEvery: Int, animationScale: Int,
         expectedFrames: Int, progress: ProgressDisplay?) {
        self.replay = replay
        self.moments = moments
        self.frameRate = frameRate
        self.animationEvery = max(1, animationEvery)
        self.animationScale = max(1, animationScale)
        self.expectedFrames = expectedFrames
        self.progress = progress
        let size = replay.session.configuration.screenSize
        surface = Surface(width: Int(size.width), height: Int(size.height))
        animation = animationEvery > 0
            ? AnimatedPNGEncoder(width: max(1, surface.width / max(1, animationScale)), height: max(1, surface.height / max(1, animationScale)))
            : nil
    }

    func handle(_ frame: TouchFrame) { replay.handle(frame) }
    var nextDeadline: Double? { replay.nextDeadline }
    func advance(to time: Double) { replay.advance(to: time) }
    var isSettled: Bool { replay.isSettled && nextMoment >= moments.count }

    func displayFrame(index: Int, time: Double) {
        replay.displayFrame(index: index, time: time)
        progress?.update(index + 1)
        // A moment belongs to the first display frame at or after it (1 µs of slack for rounding).
        let isKey = nextMoment < moments.count && time >= moments[nextMoment].time - 1e-6
        let isAnimation = animation != nil && index % animationEvery == 0
        guard isKey || isAnimation else { return }
        replay.session.render(into: surface)
        if isKey {
            let copy = Surface(width: surface.width, height: surface.height)
            copy.copy(from: surface, sourceRect: surface.bounds, to: (0, 0))
            keyFrames.append((moments[nextMoment], copy))
            nextMoment += 1
        }
        if isAnimation, let animation {
            let delay = Int((Double(animationEvery) * 1000 / frameRate).rounded())
            do { try animation.append(ContactSheet.downsampled(surface, by: animationScale), delayMilliseconds: delay) } catch {
                errors.append("animation frame \(index): \(error)")
            }
        }
    }
}
