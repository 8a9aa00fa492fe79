import Geometry

/// Where the step-through list goes, px: a panel between the header and the bottom bar — the
/// lower part of a portrait screen, the side of a landscape one (the reading end's opposite:
/// right, left right to left) — so the chart stays visible above or beside it in the rest of
/// the safe area (`chartArea`). In the panel: a title row (Back at its start from the second
/// level on), the items one under the other, and Previous and More at the bottom when the
/// list needs more than one page. No scrolling: what does not fit goes to the next page.
///
/// Where the title beside the buttons would be too narrow or the panel too short for a row of
/// items between two rows of buttons (a 7" panel with large text), the title is stacked: Back,
/// Previous and More share one row at the top, the title has its own row of two lines under
/// it, the panel takes more of the screen, and a page of one item gives it all the room left
/// (`stacksTitle`).
///
/// Items are 120 chrome units high (at least 12 mm on the panel: a chrome unit is at least
/// 0.1 mm), 12 apart; Back, Previous and More are 96 (at least 9.6 mm).
struct StepListLayout: Equatable {
    let panel: Rect
    /// The map's part of the safe area beside or above the panel.
    let chartArea: Rect
    /// The title row's text box (beside Back when Back is shown; under the buttons when stacked).
    let title: Rect
    let back: Rect
    /// The items' boxes on a page, top to bottom.
    let items: [Rect]
    let previous: Rect
    let more: Rect
    /// Items per page and the pages the list takes.
    let perPage: Int
    let pages: Int

    /// An item's height and the gap between items, chrome units.
    static let itemUnits = 120.0, gapUnits = 12.0
    /// The narrowest title beside Back, chrome units; narrower, the title is stacked.
    static let narrowestTitle = 300.0

    /// - Parameters:
    ///   - layout: the screen's chrome layout.
    ///   - itemCount: the items of the list shown.
    ///   - showsBack: the list has a level above it (Back at the title row's start).
    init(layout: KioskLayout, itemCount: Int, showsBack: Bool) {
        let c = layout.chromeUnit
        let control = 96 * c, pad = 16 * c, item = Self.itemUnits * c, gap = Self.gapUnits * c
        let stacked = Self.stacksTitle(layout)
        let (panel, chart) = Self.panel(layout, stacked: stacked)
        let inner = panel.insetBy(dx: pad, dy: pad)
        if stacked {
            self = Self(stackedIn: panel, chartArea: chart, layout: layout, itemCount: itemCount, showsBack: showsBack)
            return
        }
        self.panel = panel
        chartArea = chart
        let backWidth = min(240 * c, inner.width * 0.35)
        let backBox = Rect(x: inner.minX, y: inner.minY, width: backWidth, height: control)
        back = showsBack ? layout.mirrored(backBox, within: inner) : .zero
        let titleX = showsBack ? backBox.maxX + pad : inner.minX
        let top = inner.minY + control + gap
        func fitting(_ bottom: Double) -> Int { Int(((bottom - top + gap) / (item + gap)).rounded(.down)) }
        let all = max(1, fitting(inner.maxY))
        let paged = itemCount > all
        // A panel too short for an item above Previous and More (a low reach band with large
        // text) puts them at the title row's end instead, so no entry lies over another.
        let navInTitleRow = paged && fitting(inner.maxY - control - gap) < 1
        perPage = !paged ? all : navInTitleRow ? all : fitting(inner.maxY - control - gap)
        pages = max(1, (itemCount + perPage - 1) / perPage)
        items = (0..<perPage).map { Rect(x: inner.minX, y: top + Double($0) * (item + gap), width: inner.width, height: item) }
        var titleEnd = inner.maxX
        if navInTitleRow {
            let width = min(200 * c, (inner.maxX - titleX - 2 * pad) / 3)
            let moreBox = Rect(x: inner.maxX - width, y: inner.minY, width: width, height: control)
            let previousBox = Rect(x: moreBox.minX - pad - width, y: inner.minY, width: width, height: control)
            previous = layout.mirrored(previousBox, within: inner)
            more = layout.mirrored(moreBox, within: inner)
            titleEnd = previousBox.minX - pad
        } else if paged {
            let half = (inner.width - pad) / 2
            previous = layout.mirrored(Rect(x: inner.minX, y: inner.maxY - control, width: half, height: control), within: inner)
            more = layout.mirrored(Rect(x: inner.maxX - half, y: inner.maxY - control, width: half, height: control), within: inner)
        } else {
            previous = .zero
            more = .zero
        }
        title = layout.mirrored(Rect(x: titleX, y: inner.minY, width: max(0, titleEnd - titleX), height: control), within: inner)
    }

    /// The list's panel and the chart's area beside or above it, px (mirrored right to left).
    /// A stacked list's panel is larger: 60 % of a landscape screen's width, 68 % of a portrait
    /// safe area's height (58 % usually).
    static func panel(_ layout: KioskLayout, stacked: Bool) -> (panel: Rect, chart: Rect) {
        let c = layout.chromeUnit, safe = layout.safeArea, w = layout.size.width
        let panel: Rect, chart: Rect
        if layout.isPortrait {
            let height = (safe.height * (stacked ? 0.68 : 0.58)).rounded()
            panel = Rect(x: 0, y: safe.maxY - height, width: w, height: height)
            chart = Rect(x: 0, y: safe.minY, width: w, height: safe.height - height)
        } else {
            let width = (stacked ? 0.6 * w : min(0.5 * w, max(0.42 * w, 600 * c))).rounded()
            panel = Rect(x: w - width, y: safe.minY, width: width, height: safe.height)
            chart = Rect(x: 0, y: safe.minY, width: w - width, height: safe.height)
        }
        return (layout.mirrored(panel), layout.mirrored(chart))
    }

    /// The items of page `page` of a list of `count`: their indices in the list.
    func range(page: Int, of count: Int) -> Range<Int> {
        let start = min(max(0, page) * perPage, count)
        return start..<min(start + perPage, count)
    }
}
