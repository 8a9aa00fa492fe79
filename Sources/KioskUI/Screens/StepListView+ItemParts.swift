import Geometry

extension StepListView {
    /// Where an item's title, detail and wheelchair pictogram go, px.
    struct ItemParts {
        var title: Rect
        var detail: Rect = .zero
        var detailLines = 1
        /// The pictogram's box (`.zero`: none).
        var mark: Rect = .zero
    }

    /// An item's parts in `box`: the pictogram (64 units) at the item's end, beside the title
    /// and the detail — the detail on one line under the title, or on two where one would cut
    /// it (a wheelchair space's category, price, state and kind). Where two would cut it too (a
    /// 7" panel with large text) the pictogram goes small beside the title and the detail takes
    /// the item's whole width on up to three lines, the margins halved.
    static func parts(of item: StepListItem, in box: Rect, painter: ChromePainter) -> ItemParts {
        let layout = painter.layout, c = layout.chromeUnit
        let icon = item.wheelchair ? min(64 * c, box.height - 32 * c) : 0
        let inner = box.insetBy(dx: 24 * c, dy: 10 * c)
        let textBox = layout.mirrored(Rect(x: inner.minX, y: inner.minY, width: inner.width - (icon > 0 ? icon + 16 * c : 0),
                                           height: inner.height), within: box)
        let mark = icon > 0 ? layout.mirrored(Rect(x: inner.maxX - icon, y: box.midY - icon / 2, width: icon, height: icon), within: box)
            : .zero
        guard !item.detail.isEmpty else { return ItemParts(title: textBox, mark: mark) }
        func cuts(_ lines: Int, in r: Rect) -> Bool {
            painter.fitted(ChromeText(item.detail, 26, floorUnits: 20, lines: lines, layout: layout), in: r)?.isTruncated == true
        }
        func split(_ r: Rect, _ share: Double, lines: Int) -> ItemParts {
            let upper = Rect(x: r.minX, y: r.minY, width: r.width, height: r.height * share)
            return ItemParts(title: upper, detail: Rect(x: r.minX, y: upper.maxY, width: r.width, height: r.height - upper.height),
                             detailLines: lines, mark: mark)
        }
        let one = split(textBox, 0.5, lines: 1)
        if !cuts(1, in: one.detail) { return one }
        let two = split(textBox, 0.38, lines: 2)
        guard icon > 0, cuts(2, in: two.detail) else { return two }
        var wide = split(box.insetBy(dx: 16 * c, dy: 4 * c), 0.3, lines: 3)
        let small = wide.title.height
        wide.mark = layout.mirrored(Rect(x: wide.title.maxX - small, y: wide.title.minY, width: small, height: small), within: box)
        wide.title = layout.mirrored(Rect(x: wide.title.minX, y: wide.title.minY, width: wide.title.width - small - 8 * c,
                                          height: small), within: box)
        wide.detail = layout.mirrored(wide.detail, within: box)
        return wide
    }
}
