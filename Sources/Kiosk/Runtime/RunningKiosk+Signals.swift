#if canImport(Glibc)
import Glibc
#endif

extension RunningKiosk {
    /// SIGTERM/SIGINT stop the loop, SIGHUP reloads, SIGUSR1/SIGUSR2 follow the VT switch
    /// away and back (`DRMConsole` asks for them).
    func handleSignal(_ number: Int32) {
        switch number {
        case SIGTERM, SIGINT:
            logger.notice("stopping (\(number == SIGTERM ? "SIGTERM" : "SIGINT"))")
            phase = "stopping"
            try? notifier?.stopping(status: "stopping")
            loop.stop()
        case SIGHUP:
            let answer = reload()
            logger.notice("SIGHUP: \(answer.trimmingSpaces())")
        case SIGUSR1:
            // Touches still down end as cancelled; the devices are closed while away.
            for frame in touch?.suspendInput() ?? [] { session.handle(frame) }
            display.suspend(); phase = "suspended"
            logger.info("VT switched away: display released")
        case SIGUSR2:
            do { try touch?.resumeInput() } catch { logger.error("touch after VT switch: \(error)") }
            do { try display.resume(); try display.present(damage: []) } catch { logger.error("VT back: \(error)") }
            phase = display.isBlanked ? "blanked" : "running"
            logger.info("VT back: display taken again")
        default: break
        }
    }
}
