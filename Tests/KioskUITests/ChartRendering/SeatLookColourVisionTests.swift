import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// The five statuses and the category cues under normal vision and simulated protanopia,
/// deuteranopia and tritanopia: every pair of swatches (drawn by the legend's own function,
/// which draws the map's looks) differs by CIEDE2000 ≥ 10 in their average colour, or, where
/// it does not, by shape: their luminance masks (each thresholded at its own mean) differ in
/// ≥ 15 % of the pixels. The ΔE00 table is printed.
@Suite struct SeatLookColourVisionTests {
    typealias RGB = ColourScience.RGB
    static let side = 40, pad = 8

    /// A rendered swatch: its pixels (linear RGB) inside the square, inset 2 px.
    struct Swatch {
        var name: String
        var pixels: [RGB]

        var average: RGB { pixels.reduce(RGB(0, 0, 0), +) / Double(pixels.count) }

        /// Pixels brighter than the swatch's mean luminance (under `vision`).
        func mask(_ vision: ColourScience.Vision) -> [Bool] {
            let y = pixels.map { ColourScience.luminance(ColourScience.simulate($0, vision)) }
            let mean = y.reduce(0, +) / Double(y.count)
            return y.map { $0 > mean + 1e-4 }
        }
    }

    static func render(_ status: SeatLook.Status, style: MapStyle, name: String) -> Swatch {
        let n = side + 2 * pad
        let s = Surface(width: n, height: n)
        s.clear(KioskPalette().barBackground.withOpacity(1))
        style.drawLegendSwatch(status, in: Rect(x: Double(pad), y: Double(pad), width: Double(side), height: Double(side)),
                               into: DrawingContext(surface: s))
        var pixels: [RGB] = []
        for y in (pad + 2)..<(pad + side - 2) {
            for x in (pad + 2)..<(pad + side - 2) {
                let p = s.pixel(x: x, y: y)
                #expect(p.alpha == 255)
                pixels.append(RGB(ColourScience.linear(Double(p.red) / 255), ColourScience.linear(Double(p.green) / 255),
                                  ColourScience.linear(Double(p.blue) / 255)))
            }
        }
        return Swatch(name: name, pixels: pixels)
    }

    /// Checks every pair in every vision; returns the printed table.
    static func check(_ swatches: [Swatch], title: String) -> String {
        var lines = ["\(title): ΔE00 of average colours (mask difference %, * = passes by shape)"]
        var header = "pair".padding(toLength: 22, withPad: " ", startingAt: 0)
        for v in ColourScience.Vision.allCases { header += v.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0) }
        lines.append(header)
        for i in swatches.indices {
            for j in swatches.indices where j > i {
                let a = swatches[i], b = swatches[j]
                var line = "\(a.name)–\(b.name)".padding(toLength: 22, withPad: " ", startingAt: 0)
                for v in ColourScience.Vision.allCases {
                    let la = ColourScience.lab(ColourScience.simulate(a.average, v))
                    let lb = ColourScience.lab(ColourScience.simulate(b.average, v))
                    let e = ColourScience.deltaE2000(la, lb)
                    let ma = a.mask(v), mb = b.mask(v)
                    let differ = Double(zip(ma, mb).filter { $0 != $1 }.count) / Double(ma.count)
                    let byShape = e < 10
                    #expect(e >= 10 || differ >= 0.15,
                            "\(title) \(a.name)–\(b.name) under \(v): ΔE00 \(e), masks differ in \(differ * 100) %")
                    let cell = "\(format(e)) (\(Int((differ * 100).rounded()))%)\(byShape ? "*" : "")"
                    line += cell.padding(toLength: 18, withPad: " ", startingAt: 0)
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return String(r)
    }

    @Test func deltaE2000MatchesSharmaWuDalal() {
        for (k, (a, b, expected)) in ColourScience.sharmaPairs.enumerated() {
            let e = ColourScience.deltaE2000(a, b)
            #expect(abs(e - expected) < 0.0001, "pair \(k + 1): \(e) ≠ \(expected)")
            // The formula is symmetric.
            #expect(abs(ColourScience.deltaE2000(b, a) - e) < 1e-9)
        }
    }

    @Test func labOfWhiteAndMidGrey() {
        // D65 white is L* 100, a* = b* = 0; linear 0.18 grey is L* 49.5 (116·0.18^⅓ − 16).
        let w = ColourScience.lab(RGB(1, 1, 1))
        #expect(abs(w.x - 100) < 0.01 && abs(w.y) < 0.01 && abs(w.z) < 0.01)
        let g = ColourScience.lab(RGB(0.18, 0.18, 0.18))
        #expect(abs(g.x - (116 * 0.5646216173 - 16)) < 0.01)
    }

    @Test func fiveStatusesStayApartInEveryVision() {
        let style = MapStyle(categories: StadiumGenerator.categories)
        let statuses: [(SeatLook.Status, String)] = [(.free(category: 0), "free"), (.selected, "selected"),
                                                     (.held, "held"), (.sold, "sold"), (.blocked, "blocked")]
        let swatches = statuses.map { Self.render($0.0, style: style, name: $0.1) }
        print(Self.check(swatches, title: "Statuses"))
        // Every status has its own shape cue too (pattern or glyph): no two masks are alike.
        for i in swatches.indices {
            for j in swatches.indices where j > i {
                let a = swatches[i].mask(.normal), b = swatches[j].mask(.normal)
                let differ = Double(zip(a, b).filter { $0 != $1 }.count) / Double(a.count)
                #expect(differ >= 0.05, "\(swatches[i].name)–\(swatches[j].name): masks differ in \(differ * 100) %")
            }
        }
    }

    @Test func categoryCuesStayApartInEveryVision() {
        let style = MapStyle(categories: StadiumGenerator.categories)
        let swatches = StadiumGenerator.categories.indices.map {
            Self.render(.free(category: $0), style: style, name: StadiumGenerator.categories[$0].id)
        }
        print(Self.check(swatches, title: "Categories"))
        // Free seats of every category also stay apart from the taken statuses.
        let others: [(SeatLook.Status, String)] = [(.selected, "selected"), (.held, "held"), (.sold, "sold"), (.blocked, "blocked")]
        print(Self.check(swatches + others.map { Self.render($0.0, style: style, name: $0.1) }, title: "Categories and statuses"))
    }
}
