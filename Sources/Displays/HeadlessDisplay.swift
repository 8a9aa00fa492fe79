import Geometry
import Raster

/// A display with no hardware: each present copies the damaged rectangles of `surface` into
/// `frame` (what a screen would show) and completes at once, so no flip is ever pending.
/// `writePNG(to:)` saves the last frame. For previews, tests and headless runs of the same
/// presenting code the kiosk uses on DRM.
///
/// The frame is kept in the logical (upright) orientation whatever `rotation` says: a
/// PNG of it is what a visitor sees, as a screenshot of the kiosk is.
public final class HeadlessDisplay: Display {
    public let surface: Surface
    /// The last presented picture (logical orientation).
    public let frame: Surface
    public let rotation: DisplayRotation
    public let physicalSize: Size?
    /// Called with each frame's copied rect; a headless display has no device turn, so the
    /// rects are logical px.
    public var frameObserver: DisplayFrameObserver?

    public private(set) var flipsCompleted = 0
    public private(set) var isBlanked = false
    public private(set) var isSuspended = false
    /// Damage not yet copied into `frame` (blanked or suspended meanwhile), logical px.
    private var held: PixelRect?

    /// - Parameters:
    ///   - width, height: the logical picture, px.
    ///   - rotation: reported for touch mapping; the frame stays upright.
    ///   - physicalSize: the visible area in mm, device orientation, when known.
    public init(width: Int, height: Int, rotation: DisplayRotation = .degrees0, physicalSize: Size? = nil) {
        surface = Surface(width: width, height: height)
        frame = Surface(width: width, height: height)
        surface.clear(.black)
        frame.clear(.black)
        self.rotation = rotation
        self.physicalSize = physicalSize
    }

    public var deviceSize: (width: Int, height: Int) {
        let (w, h) = rotation.logicalSize(deviceWidth: surface.width, deviceHeight: surface.height)
        return (w, h)
    }
    public var summary: String { "headless \(surface.width)x\(surface.height)" }
    public var eventDescriptors: [Int32] { [] }
    public func handleEvents(on descriptor: Int32) throws -> DisplayChange { .none }

    public func start() throws {
        held = nil
        frame.copy(from: surface, sourceRect: surface.bounds, to: (0, 0))
    }

    @discardableResult
    public func present(damage: [PixelRect]) throws -> Bool {
        var box = held
        for r in damage {
            let c = r.intersection(surface.bounds)
            if !c.isEmpty { box = box.map { $0.union(c) } ?? c }
        }
        held = box
        guard !isBlanked, !isSuspended, let box else { return false }
        // One box per frame: the observer sees at most one rect, the copy stays one blit.
        frame.copy(from: surface, sourceRect: box, to: (box.x, box.y))
        held = nil
        flipsCompleted += 1
        frameObserver?([box])
        return true
    }

    public var isFlipPending: Bool { false }
    /// No kernel stamps a headless frame: callers take their own clock's time.
    public var lastFlipTime: Double? { nil }
    public var flipTimeouts: Int { 0 }
    public var flipDeadline: Double? { nil }
    public func writeOffOverdueFlip(now: Double) -> Bool { false }

    public func blank() throws { isBlanked = true }
    public func unblank() throws { isBlanked = false }
    public func suspend() { isSuspended = true }
    public func resume() throws { isSuspended = false; invalidate() }
    public var isDisconnected: Bool { false }
    public func invalidate() { held = surface.bounds }
    public func restore() {}

    /// Writes the last presented frame as an opaque PNG.
    public func writePNG(to path: String) throws(PNGError) { try frame.writePNG(to: path, opaque: true) }
}
