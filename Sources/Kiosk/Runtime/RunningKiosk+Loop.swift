import Displays
import KioskUI

extension RunningKiosk {
    /// After every wake-up: advance the session, hand its requests on, blank or unblank, render
    /// when needed, and arm the timers for the next thing that will happen.
    func tick() {
        guard !loop.isStopping else { return }
        session.advance(to: clock.now)
        let requests = session.takeRequests()
        if !requests.isEmpty { bridge?.perform(requests) }
        voice.follow(session, touchFrames: touchFrames)
        do {
            try followBlanking()
            let outcome = try pacer.update(session, now: clock.now)
            if outcome.wroteOffFlip {
                logger.error("display: a page flip never completed; setting the mode again", metadata: ["timeouts": "\(display.flipTimeouts)"])
            }
        } catch {
            logger.error("display: \(error)")
            display.invalidate()
        }
        logLatency()
        if let next = pacer.nextLook(session, now: clock.now) { frameTimer.arm(at: next) }
        if let d = session.nextDeadline { sessionTimer.arm(at: d) } else { sessionTimer.disarm() }
        let status = session.statusLine
        if status != lastStatus {
            lastStatus = status
            try? notifier?.status(status)
        }
    }

    /// Touch-to-flip latency in the log: every `latencyLogInterval` s while touches come.
    private func logLatency() {
        guard clock.now - latencyLogged.time >= Self.latencyLogInterval, pacer.latencySamples > latencyLogged.samples else { return }
        latencyLogged = (clock.now, pacer.latencySamples)
        logger.notice("touch-to-flip", metadata: ["latency": "\(pacer.latency.summary)"])
    }

    /// How often touch-to-flip latency is logged while the kiosk is touched, s.
    static let latencyLogInterval = 600.0

    /// Turns the display off when the session blanks (idle) and on when it wakes.
    private func followBlanking() throws {
        if session.isBlanked && !display.isBlanked {
            try display.blank(); phase = "blanked"; logger.info("display blanked (idle)")
        } else if !session.isBlanked && display.isBlanked {
            try display.unblank(); phase = "running"; logger.info("display woken")
        }
    }

    /// Touch frames queued on the touch source: to the session, and to the latency meter.
    func touchReadable() {
        guard let touch else { return }
        do {
            let frames = try touch.dispatch()
            // A touchscreen that reports its size may just have been plugged in.
            let ppmm = Self.pixelsPerMillimetre(configuration, display: display, touchPanel: touch.physicalSize)
            if abs(ppmm - session.configuration.pixelsPerMillimetre) > 1e-9 {
                logger.info("touch: gesture thresholds at \(ppmm) px/mm", metadata: ["panel_mm": "\(touch.physicalSize.map { "\($0.width)x\($0.height)" } ?? "unknown")"])
                session.setPixelsPerMillimetre(ppmm)
            }
            for frame in frames { session.handle(frame) }
            touchFrames += frames.count
            if let first = frames.first { pacer.touched(at: first.timestamp) }
        } catch {
            logger.error("touch input: \(error)")
        }
    }

    /// A display descriptor is readable: page-flip events, or a hotplug to follow.
    func displayEvents(on descriptor: Int32) {
        do {
            switch try display.handleEvents(on: descriptor) {
            case .none: break
            case .disconnected:
                logger.notice("display disconnected; waiting for it")
            case .reconnected:
                logger.notice("display connected again")
                try display.present(damage: [display.surface.bounds])
            case .modeChanged:
                // A new size: the visitor screen is laid out again for it.
                logger.notice("display mode changed", metadata: ["display": "\(display.summary)"])
                rebuildSession()
            }
        } catch {
            logger.error("display events: \(error)")
        }
    }
}
