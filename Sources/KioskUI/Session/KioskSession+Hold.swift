import Geometry

extension KioskSession {
    /// Whole seconds left on the hold as the countdown shows them (rounded up; nil: nothing
    /// held, or run out).
    var holdSecondsLeft: Int? {
        guard let expiry = holdExpiresAt, expiry > now else { return nil }
        return Int((expiry - now).rounded(.up))
    }

    /// "More time" is offered: the hold's last minute (`SeatListView.urgentSeconds`), on a
    /// screen with seats the visitor may still change or confirm, while the box office has not
    /// said the hold is at its maximum and no extension is already asked.
    public var offersMoreTime: Bool {
        guard configuration.boxOfficeConfigured, let left = holdSecondsLeft, left <= SeatListView.urgentSeconds else { return false }
        switch screen {
        case .stadium, .tribune, .cart, .review: break
        default: return false
        }
        return !checkout.extensionPending && !checkout.extensionRefused
    }

    /// "More time" on the chart screens: above Buy's outer end (its right; its left right to
    /// left; above the folded legend's panel while it is open), as wide as Buy up to 420 chrome units.
    var moreTimeOnChart: Rect {
        let c = layout.chromeUnit, buy = layout.buy
        let width = min(max(buy.width, 320 * c), 420 * c, layout.size.width - 48 * c)
        let above = legendOpen && layout.legendFolds ? layout.legendPanel.minY : layout.bottomBar.minY
        let x = layout.rightToLeft ? buy.minX : buy.maxX - width
        return Rect(x: x, y: above - 24 * c - 96 * c, width: width, height: 96 * c)
    }

    /// "More time": the box office is asked to extend the hold (`BoxOfficeRequest.extendHold`).
    func requestMoreTime() {
        guard offersMoreTime else { return }
        checkout.requestExtension()
    }

    /// The box office's answer to "More time": the countdown follows the new expiry; a hold at
    /// the event's maximum says so, and the offer ends.
    func holdExtended(until expiresAt: Double) {
        guard !checkout.holds.isEmpty else { return }
        if !checkout.extended(until: expiresAt) { showToast(content.strings.noMoreTime) }
    }

    /// The hold ran out (exactly at its expiry, on the session's clock): the seats are let go
    /// (the release the session sends on a reset), the cart or the review gives way to the
    /// chart, and the visitor is told why in plain words.
    func holdRanOut() {
        checkout.requestReleaseAll()
        holdsExpired()
        go(.holdExpired(zoomed: chartIsZoomed))
    }
}
