import Foundation
import Testing
import Geometry
import Localization
import Raster
import TestFixtures
@testable import KioskUI

/// The receipt lists every seat bought (issue 27): a 2-seat and a 6-seat order (the usual
/// party's most) at the 7" panels both ways, full HD both ways and 4K, with the usual text and
/// with large text, in English, Arabic and Chinese. Each seat's line is in the layout
/// (`ReceiptLayout.seatLines`), drawn whole (the shaper's own "cut" flag, no "…"), inside its
/// box and the screen, apart from every other text and the QR code, and its glyphs are on the
/// rendered frame (its box differs from the same frame drawn without text).
/// TRIBUNE_GALLERY=DIR writes the frames.
@Suite struct ReceiptSeatLinesTests {
    static let panels = ChromeLayoutTests.panels.filter { p in
        [Size(width: 800, height: 480), Size(width: 480, height: 800), Size(width: 1920, height: 1080),
         Size(width: 1080, height: 1920), Size(width: 3840, height: 2160)].contains(p.size)
    }

    /// The receipt for an order of `tickets` seats of one tribune (the box office's answer names
    /// them), in `language`, with large text or without.
    static func receipt(_ panel: ChromeLayoutTests.Panel, tickets: Int, large: Bool,
                        language: KioskLanguage = .english) throws -> (KioskDriver, [Int]) {
        let languages = try KioskLanguages(catalogs: try MessageCatalogs.shippedRoot(), offered: [language],
                                           defaultLanguage: language)
        let d = KioskDriver(size: panel.size) { c in
            c.pixelsPerMillimetre = panel.pixelsPerMillimetre
            c.eventDate = EventDate(year: 2026, month: 3, day: 14, hour: 20, minute: 45)
            c.useLanguages(languages)
        }
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b)); d.tap(.buy); d.tap(.reviewConfirm)
        let sold = Array(d.venue.tribunes[t].seats.prefix(tickets))
        d.session.receive(.purchased(orderID: ReceiptViewTests.orderCode, seats: sold.map { d.venue.seatIDs[$0] }))
        d.session.setAccessibility(AccessibilityOptions(largeText: large))
        d.run(to: d.now + 0.5)
        return (d, sold)
    }

    @Test(arguments: panels, [2, 6])
    func everySeatLineIsDrawnWhole(panel: ChromeLayoutTests.Panel, tickets: Int) throws {
        for large in [false, true] {
            for language in [KioskLanguage.english, .arabic, .chinese] {
                try Self.check(panel, tickets: tickets, large: large, language: language)
            }
        }
    }

    static func check(_ panel: ChromeLayoutTests.Panel, tickets: Int, large: Bool, language: KioskLanguage) throws {
        let (d, sold) = try Self.receipt(panel, tickets: tickets, large: large, language: language)
        let whereAt = "\(tickets)-seat receipt at \(panel) \(language.tag)\(large ? " large" : "")"
        guard case .receipt(let receipt, _) = d.session.screen else { Issue.record("no receipt: \(whereAt)"); return }
        try #require(receipt.seats.count == tickets, "\(whereAt)")
        let (text, background, entries) = ChromeLayoutTests.frames(d)
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let name = "receipt-\(tickets)-\(Int(panel.size.width))x\(Int(panel.size.height))-\(language.tag)\(large ? "-large" : "")"
            try text.writePNG(to: "\(out)/\(name).png", opaque: true)
        }
        let strings = d.session.configuration.strings
        let screen = Rect(x: 0, y: 0, width: panel.size.width, height: panel.size.height)
        // The venue as the session names it in its language.
        let venue = d.session.interaction.chart.venue
        let seats = sold.sorted()
        func section(_ s: Int) -> String { venue.tribunes[Int(venue.seats[s].tribune)].label }
        let layout = d.session.receiptLayout(receipt)
        #expect(layout.seatLines.count >= tickets, "\(layout.seatLines.count) seat lines in the layout of \(whereAt)")
        // Each seat in full: its whole line (section, row, seat), or on the compact receipt its
        // row and seat under its section's name, in the venue's order.
        var expected: [String] = []
        for (k, s) in seats.enumerated() {
            let rowAndSeat = KioskStrings.fill(strings.rowAndSeat, ("row", venue.rowLabels[Int(venue.seats[s].row)]),
                                               ("seat", venue.seatNumbers[s]))
            if layout.grouped {
                if k == 0 || section(seats[k - 1]) != section(s) { expected.append(section(s)) }
                expected.append(rowAndSeat)
            } else {
                expected.append(KioskStrings.fill(strings.receiptSeat, ("section", section(s)), ("row", venue.rowLabels[Int(venue.seats[s].row)]),
                                                  ("seat", venue.seatNumbers[s])))
            }
        }
        let listed = entries.filter { expected.contains($0.string) }
        #expect(listed.map(\.string) == expected, "seats listed on \(whereAt): \(listed.map(\.string)), expected \(expected)")
        for e in listed {
            #expect(!e.truncated, "'\(e.string)' cut on \(whereAt) (\(e.frame.width) px in \(e.container.width))")
            #expect(ChromeLayoutTests.grown(e.container, 1).contains(e.frame), "'\(e.string)' out of its box on \(whereAt)")
            #expect(screen.contains(e.frame), "'\(e.string)' off the screen on \(whereAt)")
            #expect(Self.inked(e.frame, text: text, background: background) > 0, "'\(e.string)' not on the frame of \(whereAt)")
        }
        for e in entries { #expect(!e.truncated, "'\(e.string)' cut on \(whereAt)") }
        for (i, a) in entries.enumerated() {
            for b in entries[(i + 1)...] where ChromeLayoutTests.grown(a.frame, -0.5).intersects(ChromeLayoutTests.grown(b.frame, -0.5)) {
                Issue.record("'\(a.string)' \(a.frame) overlaps '\(b.string)' \(b.frame) on \(whereAt)")
            }
        }
        // The QR code where the layout puts it, its quiet zone white on the frame (the frame's
        // black card with large text: the symbol is found from the layout, checked on the pixels).
        let code = Rect(x: Double(layout.qrOrigin.x), y: Double(layout.qrOrigin.y), width: layout.qrSide, height: layout.qrSide)
        let quiet = 4 * layout.modulePixels
        let corners = [(layout.qrOrigin.x, layout.qrOrigin.y), (layout.qrOrigin.x + Int(layout.qrSide) - 1, layout.qrOrigin.y),
                       (layout.qrOrigin.x + quiet - 1, layout.qrOrigin.y + Int(layout.qrSide) - 1)]
        for (x, y) in corners {
            #expect(text.pixel(x: x, y: y) == Color.white.premultiplied, "QR code's quiet zone at (\(x), \(y)) on \(whereAt)")
        }
        #expect(screen.contains(code), "QR code off the screen on \(whereAt)")
        #expect(code.width / panel.pixelsPerMillimetre >= 25, "QR code \(code.width / panel.pixelsPerMillimetre) mm on \(whereAt)")
        for e in entries where e.frame.intersects(code) { Issue.record("'\(e.string)' over the QR code on \(whereAt)") }
        if let done = d.session.frame(of: .dialogOK) {
            #expect(screen.contains(done) && !done.intersects(code), "Done on \(whereAt)")
            #expect(min(done.width, done.height) / panel.pixelsPerMillimetre >= 9, "Done \(done) on \(whereAt)")
        } else {
            Issue.record("no Done on \(whereAt)")
        }
        let sizes = listed.map(\.size)
        print("Receipt seat lines \(whereAt): \(layout.grouped ? "compact" : "roomy"), \(layout.seatLines.count) in the layout, \(sizes.count) texts drawn, smallest "
              + "\(sizes.min().map { ($0 * 10).rounded() / 10 } ?? 0) px, QR \(code.width / panel.pixelsPerMillimetre) mm")
    }

    /// Pixels inside `box` where the frame with text differs from the frame without.
    static func inked(_ box: Rect, text: Surface, background: Surface) -> Int {
        let x0 = max(0, Int(box.minX.rounded(.down))), x1 = min(text.width, Int(box.maxX.rounded(.up)))
        let y0 = max(0, Int(box.minY.rounded(.down))), y1 = min(text.height, Int(box.maxY.rounded(.up)))
        var n = 0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) where text.pixel(x: x, y: y) != background.pixel(x: x, y: y) { n += 1 }
        }
        return n
    }
}
