import CDRM
import Displays
import Raster

extension DRMPresenter {
    /// Watches udev for connector changes from now on: the monitor's descriptor joins
    /// `eventDescriptors`, and `handleEvents(on:)` follows each change with `request` as the mode.
    public func followHotplug(mode request: DRMModeRequest?) throws(DRMError) {
        hotplug = (try DRMHotplugMonitor(), request)
    }

    /// Re-reads the connector after a udev hotplug event (`DRMHotplugMonitor`) and follows it:
    /// gone → presents stop (nothing is rendered to a missing panel, the daemon keeps running);
    /// back, or a new mode → the mode is set again, with new dumb buffers and a new `shadow`
    /// when the size changed, and everything is repainted at the next present.
    /// - Parameter request: the configured mode (nil: the connector's preferred, else largest).
    public func refreshAfterHotplug(mode request: DRMModeRequest? = nil) throws -> DisplayChange {
        let fresh: DRMOutput
        do {
            fresh = try card.selectOutput(connector: output.connector.name, mode: request)
        } catch {
            guard !isDisconnected else { return .none }
            if pending != nil { _ = try? waitForFlip(timeout: 0.1) }
            pending = nil
            isDisconnected = true
            disconnects += 1
            return .disconnected
        }
        let wasDisconnected = isDisconnected
        isDisconnected = false
        if fresh.mode == output.mode && fresh.crtcID == output.crtcID {
            guard wasDisconnected else { return .none }
            output = fresh
            invalidate()
            reconnects += 1
            return .reconnected
        }
        try reconfigure(to: fresh)
        if wasDisconnected { reconnects += 1 }
        return .modeChanged
    }

    /// Moves to another mode (or CRTC) on the same card: new dumb buffers of the mode's size,
    /// a new shadow of the matching logical size (cleared to black), a new `MODE_ID` blob.
    public func reconfigure(to newOutput: DRMOutput) throws {
        if pending != nil { _ = try? waitForFlip(timeout: flipTimeout) }
        pending = nil
        let w = newOutput.mode.width, h = newOutput.mode.height
        var fresh: [DRMDumbBuffer] = []
        for _ in 0..<buffers.count { fresh.append(try DRMDumbBuffer(card: card, width: w, height: h)) }
        output = newOutput
        let logical = rotation.logicalSize(deviceWidth: w, deviceHeight: h)
        let newShadow = Surface(width: logical.width, height: logical.height)
        newShadow.clear(.black)
        // The old buffers go after the new mode is set (removing a scanned-out framebuffer would
        // switch the CRTC off in between); `start()`-like modeset at the next present.
        let old = buffers
        buffers = fresh
        shadow = newShadow
        tracker = DRMDamageTracker(bufferCount: fresh.count, bounds: newShadow.bounds)
        front = 0
        if atomic != nil {
            var mode = newOutput.rawMode
            var blob: UInt32 = 0
            guard drmModeCreatePropertyBlob(fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob) == 0 else {
                throw DRMError(call: "drmModeCreatePropertyBlob(MODE_ID \(newOutput.mode))", path: card.path, errno: .current)
            }
            if modeBlob != 0 { drmModeDestroyPropertyBlob(fd, modeBlob) }
            modeBlob = blob
        }
        fill(buffer: front)
        try modeset()
        withExtendedLifetime(old) {}
        modeChanges += 1
    }
}
