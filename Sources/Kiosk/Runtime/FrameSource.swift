import KioskUI
import Raster

/// What `FramePacer` draws: the visitor session, or a test's stand-in.
public protocol FrameSource: AnyObject {
    /// True while the picture changed since the last render or is moving.
    var needsDisplay: Bool { get }
    /// Draws what changed into `surface`; returns the rectangles drawn (logical px).
    func render(into surface: Surface) -> [PixelRect]
}

extension KioskSession: FrameSource {}
