import DRMDisplay
import Raster
#if canImport(Glibc)
import Glibc
#endif

extension ScenePresentation {
    /// The JSON report `tribune present --report` writes: the output, the modeset path, frame
    /// and flip counts, hotplug and VT outcomes, and the damage and device rects of every frame
    /// (`Tests/VM/check_present.py` reads it).
    func writeReport(to file: String, presenter: DRMPresenter, output: DRMOutput, card: String, driver: String,
                     console: String?, unblanked: Bool, shutdownMs: Int) throws {
        func rect(_ r: PixelRect) -> String { "[\(r.x), \(r.y), \(r.width), \(r.height)]" }
        let copied = copiedRects.map { "[" + $0.map(rect).joined(separator: ", ") + "]" }
        let json = """
            {"card": "\(card)", "driver": "\(driver)", "connector": "\(output.connector.name)",
             "mode": "\(output.mode.width)x\(output.mode.height)@\(output.mode.refreshRate)",
             "rotation": \(presenter.rotation.rawValue), "panelOrientation": \(output.panelOrientation.map { "\"\($0)\"" } ?? "null"),
             "path": "\(presenter.path.rawValue)", "kernelDamageHint": "\(presenter.kernelDamageHint)", "buffers": \(presenter.buffers.count), "pitch": \(presenter.buffers[0].pitch),
             "framesPresented": \(presenter.framesPresented), "flipsCompleted": \(presenter.flipsCompleted),
             "flipTimeouts": \(presenter.flipTimeouts), "busyRetries": \(presenter.busyRetries), "disconnects": \(presenter.disconnects), "reconnects": \(presenter.reconnects), "modeChanges": \(presenter.modeChanges), "finalMode": "\(presenter.output.mode.width)x\(presenter.output.mode.height)", "blankings": \(blankings), "unblanked": \(unblanked),
             "vtReleases": \(vtReleases), "vtAcquires": \(vtAcquires), "restoreMs": \(shutdownMs),
             "damageRects": [\(damageRects.map(rect).joined(separator: ", "))],
             "copiedDeviceRects": [\(copied.joined(separator: ", "))],
             "console": \(console.map { "\"\($0)\"" } ?? "null")}

            """
        guard let f = fopen(file, "w") else { throw Failure.cannotWriteReport(file) }
        fputs(json, f)
        fclose(f)
    }
}
