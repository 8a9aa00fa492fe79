import Logging
import Seating

extension RunningKiosk {
    /// Answers one control-socket line: `status`, `screenshot`, `reload`. A screenshot comes
    /// back over the socket (`ok png N\n` and the PNG); the kiosk writes no file a caller names.
    func command(_ line: String) -> [UInt8] {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch parts.first ?? "" {
        case "status":
            return Array((status.json + "\n").utf8)
        case "screenshot":
            guard parts.count == 1 else {
                return Array("error: screenshot takes no path: the PNG comes back over the socket (tribune screenshot --out FILE writes it)\n".utf8)
            }
            let png = display.surface.pngData(opaque: true)
            return Array("ok png \(png.count)\n".utf8) + png
        case "reload":
            return Array((reload() + "\n").utf8)
        case "metrics":
            return metrics.exposition()
        default:
            return Array("error: unknown command \"\(line.prefix(64))\" (status, screenshot, reload)\n".utf8)
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
            gestures: session.totals, latency: pacer.latency,
            firstFrameMilliseconds: firstFrameSeconds.map(Self.milliseconds))
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
                               c.controlSocket != configuration.controlSocket
                                || c.controlSocketAccess != configuration.controlSocketAccess ? "control_socket" : nil].compactMap { $0 }
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
