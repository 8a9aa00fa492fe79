import ArgumentParser
import Raster
import SceneFile

/// `tribune draw SCENE.json -o OUT.png [--repeat N]`: renders a scene file (docs/scene-format.md)
/// with Tribune's rasterizer, optionally timing the rendering alone.
struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Render a JSON scene file to a PNG.",
        discussion: """
            The scene format is described in docs/scene-format.md. With --repeat N the scene is \
            rendered N times and the median and minimum time per render are printed (rendering \
            only: parsing and PNG encoding are not timed).

            Example:
              tribune draw scene.json -o scene.png
              tribune draw out/bench/seats-20k.json -o seats.png --repeat 30
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "Where to write the PNG.")
    var output: String

    @Option(name: .customLong("repeat"), help: "Render this many times and print timings (≥ 1).")
    var repetitions: Int = 1

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1, got \(repetitions)") }
    }

    func run() throws {
        // SceneFileError prints as "FILE: JSON-PATH: what was expected".
        let file = try SceneFile(contentsOfFile: scene)
        // Text ops need fonts; FontError names a missing or corrupt font file.
        let text = SceneTextDrawer.needed(by: file) ? try SceneTextDrawer(scene: file) : nil
        let surface = Surface(width: file.width, height: file.height)
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            // A fresh surface state each time: scenes without a background draw onto transparency.
            if file.background == nil { surface.clear() }
            let elapsed = clock.measure { file.render(into: DrawingContext(surface: surface), textRenderer: text) }
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        try surface.writePNG(to: output)
        if repetitions > 1 {
            times.sort()
            let mid = times.count / 2
            let median = times.count % 2 == 1 ? times[mid] : (times[mid - 1] + times[mid]) / 2
            print("\(scene): \(repetitions) renders, median \(format(median)) ms, min \(format(times[0])) ms")
        }
    }

    private func format(_ ms: Double) -> String {
        let hundredths = (ms * 100).rounded()
        let whole = Int(hundredths) / 100, frac = Int(hundredths) % 100
        return "\(whole)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}
