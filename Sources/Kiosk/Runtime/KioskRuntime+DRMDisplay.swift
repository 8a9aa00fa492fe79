import DRMDisplay
import Displays
import Geometry
import Logging

extension KioskRuntime {
    /// The display factory `tribune run` uses: the configured (or first connected) DRM card and
    /// connector in the configured mode, turned by the panel orientation and then by
    /// `display.rotation`, following hotplugs in that mode, with the virtual terminal
    /// (`display.tty`, else the active one) in graphics mode while it runs.
    /// - Parameter lostFlipEvents: fault injection: page-flip events to drop (VM tests).
    public static func openDRMDisplay(_ settings: KioskConfiguration.Display, lostFlipEvents: Int) throws -> any Displays.Display {
        guard let cardPath = settings.card ?? DRMCard.firstConnectedCardPath() else {
            throw DRMSelectionError("no DRM card with a connected connector under /dev/dri (set display.card or --card)")
        }
        let request = settings.mode.flatMap(DRMModeRequest.init)
        let card = try DRMCard(path: cardPath)
        let output = try card.selectOutput(connector: settings.connector, mode: request)
        let panel = DisplayRotation(panelOrientation: output.panelOrientation ?? "Normal")
        let rotation = panel.followed(by: DisplayRotation(degrees: settings.rotation) ?? .degrees0)
        let presenter = try DRMPresenter(card: card, output: output, rotation: rotation)
        presenter.ignoredFlipEvents = lostFlipEvents
        // Without udev (a container) the kiosk still runs; it just does not see replugs.
        try? presenter.followHotplug(mode: request)
        if let tty = settings.tty ?? DRMConsole.activeTerminalPath() {
            do { presenter.console = try DRMConsole(path: tty) } catch {
                Logger(label: "tribune").warning("not taking over the console: \(error)")
            }
        }
        return presenter
    }
}
