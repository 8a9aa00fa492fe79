import Geometry

extension StepListLayout {
    /// The stacked title's row: room for two lines at the title's smallest size, chrome units
    /// of that size (2.4 em: DejaVu's line is 1.16 em).
    static let stackedTitleEms = 2.4

    /// Whether the list stacks its title (see the type's note): the usual title beside Back
    /// would be under `narrowestTitle` wide, or the usual panel is too short for an item between
    /// the title row and Previous and More — and the stacked arrangement leaves an item at least
    /// 12 mm high (a low reach band too short even for that keeps the usual arrangement).
    static func stacksTitle(_ layout: KioskLayout) -> Bool {
        let c = layout.chromeUnit, pad = 16 * c
        let usual = panel(layout, stacked: false).panel.insetBy(dx: pad, dy: pad)
        let besideBack = usual.width - min(240 * c, usual.width * 0.35) - pad
        let rows = 2 * (96 + gapUnits) * c + itemUnits * c
        guard besideBack < narrowestTitle * c || usual.height < rows else { return false }
        let stacked = panel(layout, stacked: true).panel.insetBy(dx: pad, dy: pad)
        return itemRoom(stacked, layout: layout).height >= itemUnits * c / layout.chromeScale
    }

    /// A stacked list in `panel`: Back at the top row's start, More at its end, Previous
    /// between (each a third of the row, 72 chrome units high: at least 9.6 mm with large
    /// text), the title's two lines under them, then the items; one item a page takes all the
    /// room left.
    init(stackedIn panel: Rect, chartArea: Rect, layout: KioskLayout, itemCount: Int, showsBack: Bool) {
        let c = layout.chromeUnit, pad = 16 * c, item = Self.itemUnits * c, gap = Self.gapUnits * c
        let inner = panel.insetBy(dx: pad, dy: pad)
        let room = Self.itemRoom(inner, layout: layout)
        let fitting = Int(((room.height + gap) / (item + gap)).rounded(.down))
        self.panel = panel
        self.chartArea = chartArea
        perPage = max(1, fitting)
        pages = max(1, (itemCount + perPage - 1) / perPage)
        let height = fitting < 2 ? room.height : item
        items = (0..<perPage).map { Rect(x: room.minX, y: room.minY + Double($0) * (height + gap), width: room.width, height: height) }
        let control = Self.stackedControl(layout), third = (inner.width - 2 * pad) / 3
        func slot(_ k: Int) -> Rect {
            layout.mirrored(Rect(x: inner.minX + Double(k) * (third + pad), y: inner.minY, width: third, height: control), within: inner)
        }
        back = showsBack ? slot(0) : .zero
        previous = pages > 1 ? slot(1) : .zero
        more = pages > 1 ? slot(2) : .zero
        let ems = Self.stackedTitleEms * max(24 * c, layout.textFloor)
        title = Rect(x: inner.minX, y: inner.minY + control + 8 * c, width: inner.width, height: ems)
    }

    /// Back, Previous and More's height when stacked, px: 72 chrome units, at least 9.6 mm.
    static func stackedControl(_ layout: KioskLayout) -> Double {
        max(72, 96 / layout.chromeScale) * layout.chromeUnit
    }

    /// Where a stacked list's items go in its panel's `inner` box: under the buttons and the title.
    static func itemRoom(_ inner: Rect, layout: KioskLayout) -> Rect {
        let c = layout.chromeUnit
        let top = inner.minY + stackedControl(layout) + 8 * c + stackedTitleEms * max(24 * c, layout.textFloor) + 8 * c
        return Rect(x: inner.minX, y: top, width: inner.width, height: max(0, inner.maxY - top))
    }
}
