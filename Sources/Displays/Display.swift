import Geometry
import Raster

/// Called once per presented frame with the rectangles the display wrote, in device pixels
/// (after rotation), in order. Nothing is kept by the display: an observer that wants a log
/// (`tribune present --report`) keeps it itself, so a kiosk animating all day stays bounded.
public typealias DisplayFrameObserver = (_ deviceRects: [PixelRect]) -> Void

/// Where the kiosk's picture goes: the seam between the runtime (module Kiosk) and an output.
/// The DRM/KMS presenter (`DRMPresenter`, module DRMDisplay) and `HeadlessDisplay` conform.
///
/// The protocol lives in its own small module above Raster (it speaks of `Surface` and
/// `PixelRect`, and Geometry's `Size`) and below both DRMDisplay and Kiosk, so a display needs
/// neither libdrm nor the kiosk to exist, and the runtime needs no DRM type to drive one.
///
/// The caller draws the upright (logical) picture into `surface` and hands the rectangles it
/// changed to `present(damage:)`. A present may complete later (a page flip): while
/// `isFlipPending`, the caller does not present again but waits for the display's descriptors
/// (`eventDescriptors`, handled by `handleEvents(on:)`) or for `flipDeadline`.
public protocol Display: AnyObject {
    /// The logical picture, px: draw here, then `present`. A `.modeChanged` replaces it with a
    /// surface of the new size: fetch it again after that.
    var surface: Surface { get }
    /// The output's size in device pixels (the mode), before rotation.
    var deviceSize: (width: Int, height: Int) { get }
    /// How the logical picture is turned onto the device, panel orientation included: touch
    /// turns panel coordinates back by the same amount.
    var rotation: DisplayRotation { get }
    /// The visible area in mm (device orientation), when the output reports it.
    var physicalSize: Size? { get }
    /// One line naming the output for logs, e.g. "card0 HDMI-A-1 1920x1080@60 atomic".
    var summary: String { get }

    /// Descriptors the caller's event loop watches (DRM events, hotplug); empty for outputs
    /// with nothing to wait for.
    var eventDescriptors: [Int32] { get }
    /// Handles what `descriptor` (one of `eventDescriptors`) has to say now that it is readable.
    func handleEvents(on descriptor: Int32) throws -> DisplayChange

    /// Shows the surface's current contents at once (the first frame).
    func start() throws
    /// Copies what changed (`damage`, logical px) out and shows it. Returns false when nothing
    /// was shown: blanked, suspended, disconnected, or nothing to copy (the damage is kept for
    /// later).
    @discardableResult
    func present(damage: [PixelRect]) throws -> Bool
    /// Called with each presented frame's device rects (nil: none kept or reported).
    var frameObserver: DisplayFrameObserver? { get set }

    /// True while a presented frame waits to reach the screen (its page-flip event).
    var isFlipPending: Bool { get }
    /// Frames that reached the screen so far.
    var flipsCompleted: Int { get }
    /// When the last completed flip reached the screen, as the kernel stamped its page-flip
    /// event (CLOCK_MONOTONIC s); nil before the first, or for outputs without flip events.
    var lastFlipTime: Double? { get }
    /// Frames written off because the screen never confirmed them within the timeout.
    var flipTimeouts: Int { get }
    /// When the pending frame is written off (CLOCK_MONOTONIC s), nil with none pending.
    var flipDeadline: Double? { get }
    /// Writes the pending frame off when `now` (CLOCK_MONOTONIC s) is past `flipDeadline`; the
    /// next present then sets the output up again and repaints it whole. True when it did.
    func writeOffOverdueFlip(now: Double) -> Bool

    /// True while the output is turned off (`blank()`).
    var isBlanked: Bool { get }
    /// Turns the output off (idle); presents only record damage until `unblank()`.
    func blank() throws
    /// Turns the output on again, showing the last presented frame.
    func unblank() throws
    /// True between `suspend()` and `resume()`.
    var isSuspended: Bool { get }
    /// Gives the output up (the VT switched away); presents only record damage.
    func suspend()
    /// Takes the output back; the next present repaints everything.
    func resume() throws
    /// True while the output is unplugged (`DisplayChange.disconnected`).
    var isDisconnected: Bool { get }
    /// Makes the next present set the output up again and repaint everything (after an error).
    func invalidate()
    /// Puts back what was shown before `start()` (the console's mode), at exit.
    func restore()
}

extension Display {
    /// True when a frame may be presented now: shown, owned, connected and no flip in flight.
    public var acceptsFrames: Bool { !isBlanked && !isSuspended && !isDisconnected && !isFlipPending }
}
