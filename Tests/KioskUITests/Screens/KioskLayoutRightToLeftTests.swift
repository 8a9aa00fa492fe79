import Testing
import Geometry
import Raster
@testable import KioskUI

/// Right to left (Arabic): every chrome rect, and every control a session offers on each
/// screen, is its left-to-right self mirrored about the screen's vertical centre line,
/// x' = W − x − w exactly, with y, width and height unchanged; taps on the mirrored Buy and
/// cart do what they do left to right; the chart is not mirrored.
@Suite struct KioskLayoutRightToLeftTests {
    static let panels = [
        ChromeLayoutTests.Panel(size: Size(width: 800, height: 480), pixelsPerMillimetre: 6, name: "7-inch"),
        ChromeLayoutTests.Panel(size: Size(width: 1920, height: 1080), pixelsPerMillimetre: 3.6, name: "24-inch"),
        ChromeLayoutTests.Panel(size: Size(width: 1080, height: 1920), pixelsPerMillimetre: 3.6, name: "24-inch portrait"),
        ChromeLayoutTests.Panel(size: Size(width: 3840, height: 2160), pixelsPerMillimetre: 5.4, name: "32-inch 4K"),
    ]

    /// `r` mirrored on a screen `width` px wide, written out here rather than taken from the code.
    static func mirror(_ r: Rect, width: Double) -> Rect {
        Rect(x: width - r.minX - r.width, y: r.minY, width: r.width, height: r.height)
    }

    /// The layout's rects by name (the full-width header and bar included: they mirror onto themselves).
    static func rects(_ l: KioskLayout) -> [(String, Rect)] {
        var all: [(String, Rect)] = [
            ("header", l.header), ("home", l.home), ("cart", l.cart), ("eventName", l.eventNameBox), ("eventDate", l.eventDateBox),
            ("bottomBar", l.bottomBar), ("buy", l.buy), ("total", l.totalBox), ("note", l.noteBox), ("card", l.card),
            ("cardTitle", l.cardTitleBox), ("cardBody", l.cardBodyBox), ("cardButton", l.cardButton), ("safeArea", l.safeArea),
        ]
        if l.legendFolds { all += [("legendToggle", l.legendToggle), ("legendPanel", l.legendPanel)] }
        all += l.legendCells.enumerated().map { ("legend[\($0.offset)]", $0.element) }
        return all
    }

    @Test(arguments: panels)
    func everyLayoutRectMirrors(panel: ChromeLayoutTests.Panel) {
        let ltr = KioskLayout(size: panel.size, pixelsPerMillimetre: panel.pixelsPerMillimetre)
        let rtl = KioskLayout(size: panel.size, pixelsPerMillimetre: panel.pixelsPerMillimetre, rightToLeft: true)
        #expect(rtl.legendFolds == ltr.legendFolds)
        for ((name, a), (_, b)) in zip(Self.rects(ltr), Self.rects(rtl)) {
            #expect(b == Self.mirror(a, width: panel.size.width), "\(name): \(b) is not \(a) mirrored at \(panel)")
        }
        // The controls change sides: the home control at the right, the cart at the left.
        #expect(rtl.home.minX > panel.size.width / 2 && rtl.cart.maxX < panel.size.width / 2)
        // The legend's first entry is the rightmost of its row.
        let firstRow = rtl.legendCells.filter { $0.minY == rtl.legendCells[0].minY }
        #expect(firstRow.allSatisfy { $0.minX <= rtl.legendCells[0].minX })
    }

    /// Every control each screen offers, left to right and right to left, reached the same way.
    @Test(arguments: panels)
    func everyControlFrameMirrors(panel: ChromeLayoutTests.Panel) {
        var compared = 0
        for screen in ChromeLayoutTests.screens + ChromeLayoutTests.partyScreens {
            let party = screen.name.hasPrefix("party")
            let ltr = ChromeLayoutTests.driver(panel, pseudo: false, standalone: screen.standalone, party: party)
            let rtl = ChromeLayoutTests.driver(panel, pseudo: false, standalone: screen.standalone, party: party, rightToLeft: true)
            screen.reach(ltr, false)
            screen.reach(rtl, false)
            #expect(rtl.session.phase == ltr.session.phase, "\(screen.name) at \(panel)")
            for c in KioskControl.allCases {
                let a = ltr.session.frame(of: c), b = rtl.session.frame(of: c)
                #expect((a == nil) == (b == nil), "\(c) on \(screen.name) at \(panel)")
                guard let a, let b else { continue }
                // The legend and the party's sizes are unions of mirrored rects: equal to a rounding step.
                let union = c == .legend || c == .partySize
                #expect(union ? Self.nearlyEqual(b, Self.mirror(a, width: panel.size.width)) : b == Self.mirror(a, width: panel.size.width),
                        "\(c) \(b) is not \(a) mirrored on \(screen.name) at \(panel)")
                compared += 1
            }
            for k in 0..<8 {
                if let a = ltr.session.frame(ofCartLine: k), let b = rtl.session.frame(ofCartLine: k) {
                    #expect(b == Self.mirror(a, width: panel.size.width), "cart line \(k) at \(panel)")
                }
                if let a = ltr.session.frame(ofCartRemove: k), let b = rtl.session.frame(ofCartRemove: k) {
                    #expect(b == Self.mirror(a, width: panel.size.width), "cart remove \(k) at \(panel)")
                }
            }
            // The party's size buttons one by one: "1" is the rightmost.
            if screen.name == "party-picker" {
                let a = ltr.session.partyLayout.sizes, b = rtl.session.partyLayout.sizes
                #expect(b == a.map { Self.mirror($0, width: panel.size.width) })
                #expect(b[0].minX == b.map(\.minX).max())
            }
        }
        print("RightToLeft \(panel): \(compared) control frames mirrored")
        #expect(compared > 40)
    }

    /// Equal to 1e-9 px.
    static func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    /// Buy at the bar's left and the cart at the header's left work as Buy and the cart do.
    @Test(arguments: panels)
    func tapsOnMirroredBuyAndCartWork(panel: ChromeLayoutTests.Panel) throws {
        let d = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false, rightToLeft: true)
        let t = d.zoomIn()
        let (a, b) = d.middleSeats(t)
        d.tap(d.seatPoint(a)); d.tap(d.seatPoint(b))
        #expect(d.session.selectedSeats.count == 2, "seats chosen on the unmirrored chart at \(panel)")
        let layout = d.session.layout, w = panel.size.width
        #expect(layout.cart.center.x < w / 2 && layout.buy.center.x <= w / 2, "cart and Buy at the left at \(panel)")
        // Where the cart is left to right (the header's right end) there is nothing right to left.
        d.tap(Self.mirror(layout.cart, width: w).center); d.run(to: d.now + 0.3)
        #expect(d.session.screen != .cart, "the cart's left-to-right place opened it at \(panel)")
        d.tap(layout.cart.center); d.run(to: d.now + 0.3)
        #expect(d.session.screen == .cart, "the mirrored cart did not open the cart at \(panel)")
        let close = try #require(d.session.frame(of: .cartClose))
        d.tap(close.center); d.run(to: d.now + 0.3)
        #expect(d.session.screen != .cart, "Close (\(close)) did not close the cart at \(panel)")
        d.tap(layout.buy.center); d.run(to: d.now + 0.3)
        #expect(d.session.screen == .review, "the mirrored Buy did not open the review at \(panel)")
        let confirm = try #require(d.session.frame(of: .reviewConfirm))
        #expect(confirm.center.x < w / 2, "Confirm, the way forward, at the left at \(panel)")
        d.tap(confirm.center); d.run(to: d.now + 0.3)
        #expect(d.session.screen == .purchasing, "the mirrored Confirm did not buy at \(panel)")
    }

    /// The chart is a map of a real place: right to left draws the same picture beneath the chrome.
    @Test func chartIsNotMirrored() {
        let panel = Self.panels[1]
        let ltr = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false)
        let rtl = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false, rightToLeft: true)
        for d in [ltr, rtl] { d.run(to: 1.5) }
        let a = ltr.render(), b = rtl.render()
        let area = ltr.session.layout.safeArea
        var differing = 0, checked = 0
        for y in stride(from: Int(area.minY) + 2, to: Int(area.maxY) - 2, by: 7) {
            for x in stride(from: 2, to: a.width - 2, by: 7) {
                checked += 1
                if a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 }
            }
        }
        #expect(checked > 1000 && differing == 0, "\(differing) of \(checked) chart pixels differ")
    }
}
