import Geometry
import Testing
@testable import ChartBenchmark

/// `--size WxH` of `tribune bench` and chart-bench: whole pixels within the accepted sides, or an
/// error quoting what was given; a 4K benchmark exports its seats on a 4K canvas.
@Suite("Chart benchmark screen size")
struct ChartFrameBenchmarkScreenSizeTests {
    @Test(arguments: [("3840x2160", 3840, 2160), ("1080X1920", 1080, 1920), ("240x7680", 240, 7680)])
    func wholePixelSizesAreTaken(text: String, width: Int, height: Int) throws {
        var options = ChartFrameBenchmark.Options()
        try options.setScreenSize(text)
        #expect(options.width == width && options.height == height)
    }

    @Test(arguments: [("4k", "expected WxH"), ("3840x", "expected WxH"), ("3840x2160.5", "whole pixels"),
                      ("239x480", "240…7680"), ("7681x480", "240…7680"), ("-1920x1080", "expected WxH")])
    func badSizesNameWhatIsWrong(text: String, complaint: String) {
        var options = ChartFrameBenchmark.Options()
        let error = #expect(throws: ChartFrameBenchmarkError.self) { try options.setScreenSize(text) }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("--size:"), "\(message)")
        #expect(message.contains(complaint) && message.contains(text), "\(message)")
        #expect(options.width == 1920 && options.height == 1080)
    }

    /// The 4K view is fitted as the 1080p one is: every seat on the larger screen, each seat's
    /// square about twice as many pixels across (the same chart, twice the pixel density).
    @Test func the4KViewFitsEverySeatAtTwiceTheScale() throws {
        var small = ChartFrameBenchmark.Options()
        small.seats = 2_000
        var large = small
        try large.setScreenSize("3840x2160")
        let hd = ChartFrameBenchmark(options: small).view.chartToScreen, uhd = ChartFrameBenchmark(options: large).view.chartToScreen
        let hdScale = abs(hd.a * hd.d - hd.b * hd.c).squareRoot(), uhdScale = abs(uhd.a * uhd.d - uhd.b * uhd.c).squareRoot()
        #expect(abs(uhdScale / hdScale - 2) < 0.01, "\(uhdScale) vs \(hdScale)")
    }
}

extension ChartFrameBenchmarkScreenSizeTests {
    /// Issue 29's budgets: 4K has twice the 1080p ones (16 ms full redraw, 4 ms pan); smaller
    /// panels keep the 1080p ones.
    @Test func budgetsGrowWithTheSide() throws {
        var options = ChartFrameBenchmark.Options()
        #expect(options.targetScale == 1)
        try options.setScreenSize("3840x2160")
        #expect(options.targetScale == 2)
        try options.setScreenSize("800x480")
        #expect(options.targetScale == 1)
    }
}
