import Raster
import Seating

/// Frames left where they are drawn. A host that copies the chart to its screen anyway (the
/// kiosk session, which puts the labels over it as it copies) needs no copy of its own in
/// between: at 4K that copy moves 33 MB on every exact frame, an eighth of a full redraw.
extension ChartFrameRenderer {
    /// Draws the frame like `render` and returns the changed rects with the surface that holds
    /// the frame: a window onto the back buffer (`bufferWindow`) when the view's content lies
    /// in one piece of it — always for a frame drawn anew, which starts the content at the
    /// buffer's origin — and nothing is copied; otherwise `surface` as `render` leaves it (or
    /// `target` for a frame resampled there). The window is valid until the next frame; its
    /// pixels outside the returned rects are the previous picture's only when that picture was
    /// the same window (after any other picture the rects are the whole screen).
    public func renderPicture(_ chart: SeatingChart, view: ChartViewState, seatReveal: Double = 1, now: Double = 0,
                              viewInMotion: Bool = false, into surface: Surface,
                              resampledInto target: Surface? = nil) -> (damage: [PixelRect], picture: Surface) {
        let (damage, window) = renderFrame(chart, view: view, seatReveal: seatReveal, now: now,
                                           viewInMotion: viewInMotion, into: surface, resampledInto: target, inPlace: true)
        if let window { return (damage, window) }
        return (damage, lastFrame.mode == .resampled ? target ?? surface : surface)
    }

    /// The content on screen as one screen-sized surface over the back buffer, or nil when the
    /// ring wraps inside it (a pan's window that reaches past the buffer's right or bottom
    /// edge) or the content is reduced (`motionReduction`).
    func bufferWindow() -> Surface? {
        guard layoutReduction == 1 else { return nil }
        let T = grid.tileSize
        let width = grid.columns * T, height = grid.rows * T
        let x = TileGrid.mod(-pan.x, width), y = TileGrid.mod(-pan.y, height)
        guard x + screen.width <= width, y + screen.height <= height else { return nil }
        let buffer = grid.buffer
        let base = buffer.baseAddress + y * buffer.stride + x * 4
        if let w = windowSurface, w.baseAddress == base, w.width == screen.width, w.height == screen.height { return w }
        let w = Surface(wrapping: base, width: screen.width, height: screen.height, stride: buffer.stride)
        windowSurface = w
        return w
    }

    /// Forgets where the last frame went: for a host that drew over the surface it was copied
    /// into (the kiosk's tribune overlay, drawn on the screen). The next frame into that surface
    /// copies the whole screen again instead of only what changed.
    func forgetDestination() { lastSurface = nil }

    /// True when the back buffer holds the last frame as it was shown: it was drawn exactly, at
    /// the screen's resolution (not resampled, reduced or half drawn).
    var holdsLastFrame: Bool {
        layout != nil && layoutReduction == 1 && lastFrame.mode != .resampled && lastFrame.mode != .partial
    }

    /// Copies the last frame from the back buffer into `surface` (screen-sized) when it holds
    /// it (`holdsLastFrame`); false otherwise, `surface` untouched.
    @discardableResult
    func copyLastFrame(into surface: Surface) -> Bool {
        guard holdsLastFrame, surface.width == screen.width, surface.height == screen.height else { return false }
        let window = PixelRect(x: -pan.x, y: -pan.y, width: contentScreen.width, height: contentScreen.height)
        copyOut(rows(of: window, except: []), into: surface)
        return true
    }
}
