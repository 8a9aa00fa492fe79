import Foundation
import Testing
import Geometry
import Raster
import Seating
@testable import KioskUI

/// Label text against what is right behind it (its halo) reaches WCAG's 4.5:1, measured on
/// rendered pixels: the darkest fully covered text pixel against the brightest pixel of the
/// halo's ring, on every fill a label can sit on and in a rendered zoomed frame.
@Suite struct ChartLabelsContrastTests {
    /// WCAG 2 relative luminance of an opaque 8-bit sRGB pixel (`ColourScience`'s formulas).
    static func luminance(_ p: PremultipliedPixel) -> Double {
        func lin(_ c: UInt8) -> Double { ColourScience.linear(Double(c) / 255) }
        return ColourScience.luminance(ColourScience.RGB(lin(p.red), lin(p.green), lin(p.blue)))
    }

    /// The worst contrast of `sprite` drawn with its top-left at (`x`, `y`) of `surface`: the
    /// least luminous text pixel (full text coverage) against the most luminous ring pixel
    /// (full halo, no text).
    static func worstContrast(_ sprite: LabelSprite, x: Int, y: Int, in surface: Surface) -> Double? {
        var textMin = Double.infinity, ringMax = -Double.infinity
        for j in 0..<sprite.height {
            for i in 0..<sprite.width {
                let px = x + i, py = y + j
                guard px >= 0, py >= 0, px < surface.width, py < surface.height else { continue }
                let k = j * sprite.width + i
                let l = luminance(surface.pixel(x: px, y: py))
                if sprite.text[k] == 255 { textMin = min(textMin, l) }
                if sprite.halo[k] == 255 && sprite.text[k] == 0 { ringMax = max(ringMax, l) }
            }
        }
        guard textMin.isFinite, ringMax.isFinite else { return nil }
        return (textMin + 0.05) / (ringMax + 0.05)
    }

    /// On white, black, the brightest hues and every category colour of the venue.
    @Test func onEveryFill() throws {
        let labels = try ChartLabelsTests.labels()
        var fills: [Color] = [.white, .black, Color(red: 1, green: 1, blue: 0), Color(red: 0, green: 1, blue: 1),
                              Color(red: 0.2, green: 0.78, blue: 0.35), Color(red: 0.6, green: 0.6, blue: 0.6)]
        fills += try KioskDriver.design.categories.map { try Color(hex: $0.color) }
        var worst = Double.infinity
        for fill in fills {
            for sprite in labels.sprites.prefix(40) {
                let s = Surface(width: sprite.width + 8, height: sprite.height + 8)
                s.clear(fill)
                sprite.draw(centreX: Double(s.width) / 2, centreY: Double(s.height) / 2, color: ChartLabels.textColor,
                            halo: ChartLabels.haloColor, opacity: 1, into: s, clip: s.bounds)
                let o = sprite.topLeft(centreX: Double(s.width) / 2, centreY: Double(s.height) / 2)
                let c = try #require(Self.worstContrast(sprite, x: o.x, y: o.y, in: s))
                #expect(c >= 4.5, "contrast \(c) on \(fill)")
                worst = min(worst, c)
            }
        }
        print("label contrast on \(fills.count) fills: worst \(worst):1")
    }

    /// In a rendered frame of a zoomed tribune (seats, categories and statuses as drawn), every
    /// seat number and row label on screen.
    @Test func inARenderedFrame() throws {
        let d = KioskDriver()
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        d.run(to: d.now + 1)
        let frame = d.render()
        let labels = try #require(d.session.frameCache.labels)
        // Placed only where the chrome leaves the chart visible.
        #expect(labels.placed.allSatisfy { d.session.layout.safeArea.contains($0.box) })
        let placed = labels.placed.filter { $0.opacity == 1 && $0.kind != .section }
        #expect(!placed.isEmpty)
        var worst = Double.infinity
        // Labels under the callout of the last tap are not what a visitor sees.
        let callout = d.session.snapshot().callout?.bounds ?? .zero
        for p in placed where !p.box.intersects(callout) {
            let sprite = labels.sprites[Int(p.sprite)]
            let o = sprite.topLeft(centreX: p.centre.x, centreY: p.centre.y)
            if let c = Self.worstContrast(sprite, x: o.x, y: o.y, in: frame) { worst = min(worst, c) }
        }
        #expect(worst >= 4.5, "worst label contrast \(worst)")
        print("label contrast in a zoomed frame, \(placed.count) labels: worst \(worst):1")
    }
}
