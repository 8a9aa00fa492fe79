import ArgumentParser
import DRMDisplay
import Geometry
import Kiosk
import Raster
import SceneFile

/// `tribune present SCENE.json …`: shows a scene file on a DRM/KMS output (no X, no Wayland).
///
/// The scene is rendered at its own size and placed at the top-left of the shadow buffer (the
/// mode's size, turned by the rotation); the rest is black. With `--then` a second scene is
/// shown with only the bounding box of the pixels that differ damaged.
struct PresentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Show a scene file on a DRM/KMS display (dumb buffers, page flips).",
        discussion: """
            The scene is drawn at its own size at the top-left of the screen (in the rotated, \
            logical orientation); the rest is black. Runs until SIGTERM/SIGINT or --hold expires, \
            then restores the console and the CRTC configuration found at start and exits 0.
            """)

    @Argument(help: "The scene file (JSON, docs/scene-format.md).") var scene: String
    @Option(help: "DRM card node (default: the first card with a connected connector).") var card: String?
    @Option(help: "Connector name, e.g. HDMI-A-1 (default: the first connected).") var connector: String?
    @Option(help: "Mode as WxH or WxH@Hz (default: preferred, else largest).") var mode: String?
    @Option(help: "Rotation 0, 90, 180 or 270 (clockwise), composed with the panel orientation.") var rotation: Int = 0
    @Flag(help: "Ignore the connector's panel orientation property.") var ignorePanelOrientation = false
    @Flag(help: "Use legacy SetCrtc + PageFlip.") var legacy = false
    @Flag(help: "Use atomic modesetting (fail if unsupported).") var atomic = false
    @Option(help: "Dumb buffers: 2 or 3.") var buffers: Int = 3
    @Option(help: "A second scene shown afterwards with only the changed rectangle damaged.") var then: String?
    @Option(name: .customLong("then-mode"),
            help: "Afterwards switch to this mode (WxH or WxH@Hz), as a configuration reload or a hotplug with a new mode does: new buffers, the scene repainted.")
    var thenMode: String?
    @Option(help: "Seconds to keep showing the scene (default: until SIGTERM/SIGINT).") var hold: Double?
    @Option(help: "Blank the output (DPMS off / CRTC inactive) after this many idle seconds; it is turned back on before exit.")
    var blankAfter: Double?
    @Option(help: "Write a JSON report (frames, flips, damage, path) here.") var report: String?
    @Option(name: .customLong("lose-flip-events"),
            help: "Testing: drop this many page-flip events, as a driver that loses them (the flip timeout recovers).")
    var loseFlipEvents: Int = 0
    @Option(name: .customLong("back-to-back"),
            help: "Testing: present the --then scene this many more times without waiting for page flips (the kernel answers EBUSY; each flip is retried once).")
    var backToBack: Int = 0
    @Option(help: "Virtual terminal to take over (default: the active one).") var tty: String?
    @Flag(help: "Leave the virtual terminal alone.") var noVT = false

    func validate() throws {
        guard DisplayRotation(rawValue: rotation) != nil else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        guard !(legacy && atomic) else { throw ValidationError("--legacy and --atomic exclude each other") }
        if let mode, DRMModeRequest(mode) == nil { throw ValidationError("--mode must look like 1920x1080 or 1920x1080@60, got \(mode)") }
        if let thenMode, DRMModeRequest(thenMode) == nil { throw ValidationError("--then-mode must look like 800x600 or 800x600@60, got \(thenMode)") }
        guard buffers == 2 || buffers == 3 else { throw ValidationError("--buffers must be 2 or 3") }
        guard backToBack == 0 || then != nil else { throw ValidationError("--back-to-back needs --then") }
        guard (0...100).contains(backToBack) else { throw ValidationError("--back-to-back must be 0…100") }
    }

    func run() throws {
        let first = try SceneFile(contentsOfFile: scene).renderedOnBlack()
        let second = try then.map { try SceneFile(contentsOfFile: $0).renderedOnBlack() }
        var o = ScenePresentation.Options()
        o.card = card
        o.connector = connector
        o.mode = mode.flatMap(DRMModeRequest.init)
        o.rotation = DisplayRotation(degrees: rotation) ?? .degrees0
        o.ignorePanelOrientation = ignorePanelOrientation
        o.path = legacy ? .legacy : atomic ? .atomic : .automatic
        o.buffers = buffers
        o.thenMode = thenMode.flatMap(DRMModeRequest.init)
        o.hold = hold
        o.blankAfter = blankAfter
        o.report = report
        o.loseFlipEvents = max(0, loseFlipEvents)
        o.backToBack = backToBack
        o.tty = tty
        o.takesConsole = !noVT
        try ScenePresentation(first: first, second: second, options: o).run()
    }
}

extension SceneFile {
    /// The scene at its own size; with no background, composited onto black (what XRGB shows).
    func renderedOnBlack() -> Surface {
        let s = Surface(width: width, height: height)
        if background == nil { s.clear(.black) }
        render(into: DrawingContext(surface: s))
        return s
    }
}
