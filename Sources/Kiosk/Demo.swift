import Geometry
import KioskUI
import Raster
import Seating

/// `tribune demo` until the kiosk runtime lands: renders the SportFan design's stadium (the
/// overview, and zoomed into one tribune with its seats after a tap) at 1920×1080 and the seat
/// preview, and writes them as PNG files.
public struct Demo: Sendable {
    /// Output folder (created if missing).
    public var outputDirectory: String
    /// Screen size, px.
    public var width = 1920, height = 1080

    public init(outputDirectory: String) { self.outputDirectory = outputDirectory }

    /// One written file and what it shows.
    public struct Output: Sendable {
        public var path: String
        public var caption: String
    }

    public func run() throws -> [Output] {
        try FileOutput.makeDirectory(outputDirectory)
        let venue = StadiumGenerator.generate(.design())
        let viewSize = Size(width: Double(width), height: Double(height))
        var chart = SeatingChart(venue: venue, viewSize: viewSize)
        let renderer = ChartRenderer()
        var outputs: [Output] = []

        func write(_ surface: Surface, _ name: String, _ caption: String) throws {
            let path = outputDirectory + "/" + name
            try surface.writePNG(to: path, opaque: true)
            outputs.append(Output(path: path, caption: caption))
        }
        func render() -> Surface {
            let s = Surface(width: width, height: height)
            renderer.render(chart, view: chart.view, into: DrawingContext(surface: s))
            return s
        }

        try write(render(), "stadium.png",
                  "the stadium: \(venue.tribunes.count) tribunes, \(venue.seats.count) seats, rotated π/2 as in the design")

        // Tap the middle of the first tribune, as a visitor would: the chart zooms into it.
        if let tribune = venue.tribunes.first {
            let centre = Point(x: tribune.bounds.midX, y: tribune.bounds.midY)
            _ = chart.tap(atScreen: chart.view.screenPoint(fromChart: centre))
            try write(render(), "tribune.png",
                      "after a tap on tribune \(tribune.label): zoom \(chart.view.zoom), its \(tribune.seats.count) seats")
        }

        let preview = SeatPreview()
        try write(preview.render(), "seat-preview.png", "the seat shape at 12 rotations, 30° apart")
        return outputs
    }
}
