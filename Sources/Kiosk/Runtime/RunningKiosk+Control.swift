import Logging
import Seating

extension RunningKiosk {
    /// Answers one control-socket line: `status`, `screenshot [PATH]`, `reload`.
    func command(_ line: String) -> [UInt8] {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch parts.first ?? "" {
        case "status":
            return Array((status.json + "\n").utf8)
        case "screenshot":
            let surface = display.surface
            if parts.count == 2 {
                let path = parts[1]
                do {
                    try surface.writePNG(to: path, opaque: true)
                    return Array("ok \(path)\n".utf8)
                } catch {
                    return Array("error: cannot write \(path): \(error)\n".utf8)
                }
            }
            let png = surface.pngData(opaque: true)
            return Array("ok png \(png.count)\n".utf8) + png
        case "reload":
            return Array((reload() + "\n").utf8)
        default:
            return Array("error: unknown command \"\(line.prefix(64))\" (status, screenshot [PATH], reload)\n".utf8)
        }
    }

    /// The `status` document now.
    var status: KioskStatus {
        KioskStatus(
            phase: phase == "running" ? session.phase.rawValue : phase, statusLine: session.statusLine,
            frames: pacer.frames, flips: display.flipsCompleted, flipTimeouts: display.flipTimeouts,
            uptime: ((clock.now - startTime) * 10).rounded() / 10, blanked: display.isBlanked,
            service: !configuration.boxOfficeConfigured ? "standalone" : serviceCode ?? "in service",
            screen: (display.surface.width, display.surface.height), touch: touch != nil,
            settled: session.isSettled && !pacer.isFrameDue(session) && !display.isFlipPending,
            touchFrames: touchFrames, pixelsPerMillimetre: session.configuration.pixelsPerMillimetre,
            gestures: session.totals, latency: pacer.latency)
    }

    /// Reads the configuration file and the venue again. A bad file keeps what runs and says why.
    func reload() -> String {
        do {
            let c = try KioskConfiguration.load(file: runtime.configurationFile, optional: runtime.configurationOptional,
                                                overrides: runtime.overrides)
            let v = try c.venue.map { path throws -> Venue in try VenueFile.read(path: path) } ?? venue
            let restartKeys = [c.display != configuration.display ? "display" : nil,
                               c.touch != configuration.touch ? "touch" : nil,
                               c.boxOffice != configuration.boxOffice ? "box_office" : nil,
                               c.controlSocket != configuration.controlSocket ? "control_socket" : nil].compactMap { $0 }
            bridge?.perform(session.takeRequests() + [.releaseAll])
            adopt(c)
            venue = v
            rebuildSession()
            logger.notice("reloaded", metadata: ["venue": "\(v.name)", "seats": "\(v.seatCount)"])
            tick()
            return restartKeys.isEmpty ? "ok reloaded"
                : "ok reloaded (changes to \(restartKeys.joined(separator: ", ")) take effect after a restart)"
        } catch {
            logger.error("reload refused: \(error)")
            return "error: \(error) (kept the running configuration)"
        }
    }
}
