import Foundation
import Spawn
import Testing
import Geometry
import Raster
@testable import KioskUI

/// The receipt screen as a visitor gets it after buying ten seats: the QR code on the rendered
/// frame decodes to exactly the order code with an independent decoder (zbar's `zbarimg`, run
/// on the PNG the project's encoder wrote), is at least 25 mm on the panel with its white quiet
/// zone, and the text lays out like the rest of the chrome (ChromeLayoutTests' rules) at the
/// eight panels in English and the pseudo-locale, with "+ N more" for the seats that do not fit
/// (or, compact, every seat's row and seat under its section's name).
/// TRIBUNE_GALLERY=DIR writes the frames.
@Suite struct ReceiptViewTests {
    /// A box office's order id (`ord_` and 23 hex digits, as `tribune-boxoffice` makes them).
    static let orderCode = "ord_0194f3a2b1c9d8e7f6a5b4c3"
    static let tickets = 10

    /// The four sizes the charter asks frames of, with the densities of ChromeLayoutTests' panels.
    static let sizes = ChromeLayoutTests.panels.filter { p in
        [Size(width: 800, height: 480), Size(width: 1920, height: 1080), Size(width: 1080, height: 1920),
         Size(width: 3840, height: 2160)].contains(p.size)
    }

    /// Buys two seats by touch; the box office answers with an order of ten (its answer names
    /// the seats sold): the receipt screen for them.
    static func reachReceipt(_ d: KioskDriver) -> [Int] {
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b)); d.tap(.buy); d.tap(.reviewConfirm)
        let sold = Array(d.venue.tribunes[t].seats.prefix(tickets))
        d.session.receive(.purchased(orderID: orderCode, seats: sold.map { d.venue.seatIDs[$0] }))
        d.run(to: d.now + 0.5)
        return sold
    }

    // MARK: - The QR code

    @Test(arguments: sizes)
    func qrCodeDecodesToTheOrderCode(panel: ChromeLayoutTests.Panel) throws {
        let d = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false)
        _ = Self.reachReceipt(d)
        #expect(d.session.phase == .confirmation)
        let frame = d.render()
        let name = "receipt-\(Int(panel.size.width))x\(Int(panel.size.height))"
        if let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"] {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try frame.writePNG(to: "\(out)/\(name).png", opaque: true)
        }
        let symbol = try #require(Self.measureSymbol(frame), "no QR code on the receipt at \(panel)")
        let millimetres = Double(symbol.modules + 8) * Double(symbol.modulePixels) / panel.pixelsPerMillimetre
        print("Receipt \(panel): QR code \(symbol.modules) modules of \(symbol.modulePixels) px, \(millimetres) mm with its quiet zone")
        #expect(millimetres >= 25, "QR code \(millimetres) mm at \(panel)")
        #expect(Self.quietZoneIsWhite(frame, symbol), "quiet zone not white at \(panel)")
        #expect(try Self.zbarDecode(frame, name: name) == Self.orderCode)
    }

    /// The dark modules' extent on the frame, measured from the pixels: pure black (no other
    /// chrome colour is) bounds the symbol; the top-left finder's top edge is 7 modules.
    static func measureSymbol(_ s: Surface) -> (box: PixelRect, modules: Int, modulePixels: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<s.height {
            for x in 0..<s.width where isBlack(s.pixel(x: x, y: y)) {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        guard x1 >= x0, x1 - x0 == y1 - y0 else { return nil }
        var run = 0
        while isBlack(s.pixel(x: x0 + run, y: y0)) { run += 1 }
        let side = x1 - x0 + 1
        guard run % 7 == 0, side % (run / 7) == 0 else { return nil }
        return (PixelRect(x: x0, y: y0, width: side, height: side), side / (run / 7), run / 7)
    }

    static func isBlack(_ p: PremultipliedPixel) -> Bool { p.alpha == 255 && p.red == 0 && p.green == 0 && p.blue == 0 }

    /// The four modules around the symbol are pure white.
    static func quietZoneIsWhite(_ s: Surface, _ symbol: (box: PixelRect, modules: Int, modulePixels: Int)) -> Bool {
        let q = 4 * symbol.modulePixels, b = symbol.box
        for y in (b.minY - q)..<(b.maxY + q) {
            for x in (b.minX - q)..<(b.maxX + q) where x < b.minX || x >= b.maxX || y < b.minY || y >= b.maxY {
                let p = s.pixel(x: x, y: y)
                if p.red != 255 || p.green != 255 || p.blue != 255 || p.alpha != 255 { return false }
            }
        }
        return true
    }

    /// What zbar reads from the frame (written as PNG by Raster's encoder): the data of every
    /// symbol found, one per line.
    static func zbarDecode(_ frame: Surface, name: String) throws -> String {
        let zbarimg = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/zbarimg" }
                .first { FileManager.default.isExecutableFile(atPath: $0) },
            "zbarimg not found: install zbar-tools (scripts/install-deps.sh installs it)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tribune-receipt-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("\(name).png").path
        try frame.writePNG(to: png, opaque: true)
        let run = try ChildProcess.run(zbarimg, ["--raw", "--quiet", "--nodbus", "-Sdisable", "-Sqrcode.enable", png], error: .inherit)
        #expect(run.termination.succeeded, "zbarimg: \(run.termination) on \(name)")
        var text = run.outputText
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    // MARK: - Layout

    @Test(arguments: ChromeLayoutTests.panels, [false, true])
    func textFitsApartFromTheCodeAndDoneIsNineMillimetres(panel: ChromeLayoutTests.Panel, pseudo: Bool) throws {
        let d = ChromeLayoutTests.driver(panel, pseudo: pseudo, standalone: false)
        let sold = Self.reachReceipt(d)
        let (text, background, entries) = ChromeLayoutTests.frames(d)
        let whereAt = "receipt at \(panel) \(pseudo ? "pseudo" : "English")"
        let screen = Rect(x: 0, y: 0, width: panel.size.width, height: panel.size.height)
        let strings = d.session.configuration.strings
        #expect(!entries.isEmpty)
        for e in entries {
            #expect(!(e.essential && e.truncated), "'\(e.string)' cut on \(whereAt)")
            #expect(ChromeLayoutTests.grown(e.container, 1).contains(e.frame), "'\(e.string)' out of its box on \(whereAt)")
            #expect(screen.contains(e.frame), "'\(e.string)' off the screen on \(whereAt)")
            let c = ChromeLayoutTests.contrast(of: e, text: text, background: background)
            #expect(c >= 4.5, "'\(e.string)' contrast \(c) on \(whereAt)")
        }
        for (i, a) in entries.enumerated() {
            for b in entries[(i + 1)...] where ChromeLayoutTests.grown(a.frame, -0.5).intersects(ChromeLayoutTests.grown(b.frame, -0.5)) {
                Issue.record("'\(a.string)' \(a.frame) overlaps '\(b.string)' \(b.frame) on \(whereAt)")
            }
        }
        // The QR code with its quiet zone: no text on it, at least 25 mm.
        let symbol = try #require(Self.measureSymbol(text), "no QR code on \(whereAt)")
        let q = Double(4 * symbol.modulePixels)
        let code = Rect(x: Double(symbol.box.x) - q, y: Double(symbol.box.y) - q, width: Double(symbol.box.width) + 2 * q,
                        height: Double(symbol.box.height) + 2 * q)
        #expect(screen.contains(code))
        #expect(code.width / panel.pixelsPerMillimetre >= 25, "QR code \(code.width / panel.pixelsPerMillimetre) mm on \(whereAt)")
        for e in entries where e.frame.intersects(code) { Issue.record("'\(e.string)' over the QR code on \(whereAt)") }
        // Done and the accessibility button (on every screen) the only controls; Done at least
        // 9 mm, on screen, clear of the code, its label on it; no text on the accessibility button.
        let controls = KioskControl.allCases.compactMap { c in d.session.frame(of: c).map { (c, $0) } }
        #expect(controls.map(\.0) == [.dialogOK, .accessibility])
        let done = try #require(d.session.frame(of: .dialogOK))
        #expect(min(done.width, done.height) / panel.pixelsPerMillimetre >= 9, "Done \(done) on \(whereAt)")
        #expect(screen.contains(done) && !done.intersects(code))
        #expect(entries.contains { $0.string == strings.doneButton && done.contains($0.frame.center) })
        let accessibility = try #require(d.session.frame(of: .accessibility))
        #expect(!accessibility.intersects(code) && !accessibility.intersects(done), "accessibility button on the code or Done on \(whereAt)")
        for e in entries where e.frame.intersects(accessibility) { Issue.record("'\(e.string)' under the accessibility button on \(whereAt)") }
        // The seats in the venue's order: whole lines as far as they fit with the rest counted,
        // or (compact) every seat's row and seat under its section's name.
        guard case .receipt(let receipt, _) = d.session.screen else { Issue.record("no receipt on \(whereAt)"); return }
        let seats = sold.sorted()
        func section(_ s: Int) -> String { d.venue.tribunes[Int(d.venue.seats[s].tribune)].label }
        func rowAndSeat(_ s: Int) -> String {
            KioskStrings.fill(strings.rowAndSeat, ("row", d.venue.rowLabels[Int(d.venue.seats[s].row)]), ("seat", d.venue.seatNumbers[s]))
        }
        let shownCount: Int
        if d.session.receiptLayout(receipt).grouped {
            var expected: [String] = []
            for (k, s) in seats.enumerated() {
                if k == 0 || section(seats[k - 1]) != section(s) { expected.append(section(s)) }
                expected.append(rowAndSeat(s))
            }
            let listed = entries.map(\.string).filter { expected.contains($0) }
            #expect(listed == expected, "compact seat entries on \(whereAt): \(listed), expected \(expected)")
            shownCount = listed.count - Set(seats.map(section)).count
        } else {
            let lines = seats.map { s in
                KioskStrings.fill(strings.receiptSeat, ("section", section(s)), ("row", d.venue.rowLabels[Int(d.venue.seats[s].row)]),
                                  ("seat", d.venue.seatNumbers[s]))
            }
            let shown = entries.map(\.string).filter { lines.contains($0) }
            #expect(shown == Array(lines.prefix(shown.count)), "seat lines out of order on \(whereAt)")
            #expect(shown.count >= 2, "only \(shown.count) seats shown on \(whereAt)")
            if shown.count < Self.tickets {
                let more = KioskStrings.fill(strings.moreSeats, ("count", "\(Self.tickets - shown.count)"))
                #expect(entries.contains { $0.string == more }, "no '\(more)' on \(whereAt)")
            }
            shownCount = shown.count
        }
        #expect(entries.contains { $0.string == Self.orderCode })
        let total = MoneyFormat.string(minor: sold.reduce(0) { sum, s in
            sum + ["CAT1": 6500, "CAT2": 4500, "CAT3": 2900, "WHEEL": 2900][d.venue.categories[Int(d.venue.seats[s].category)].id]!
        }, currency: "EUR")
        #expect(entries.contains { $0.string == KioskStrings.fill(strings.receiptTotal, ("total", total)) }, "total \(total) on \(whereAt)")
        print("Receipt layout \(panel) \(pseudo ? "pseudo" : "English"): \(entries.count) text boxes, \(shownCount) of "
              + "\(Self.tickets) seats listed, QR \(code.width / panel.pixelsPerMillimetre) mm, Done \(done.height / panel.pixelsPerMillimetre) mm")
    }
}
