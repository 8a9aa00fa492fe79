import Geometry

/// What the chrome shows at one instant, part by part, as plain values: the views draw from
/// it and nothing else of the session, and the difference between two snapshots is the damage
/// (`SessionSnapshot+Damage`). Scales are the press feedback (1 at rest); times are seconds.
struct SessionSnapshot: Equatable {
    enum Mode: Equatable {
        case blank
        case service(code: String)
        /// The attract screen since `since`, drawn at `now`.
        case attract(since: Double, now: Double)
        /// The seat selection with its chrome.
        case normal
        /// The receipt over everything (`ReceiptView`), with Done's press scale.
        case receipt(Receipt, doneScale: Double)
        /// The cart or the review over everything (`SeatListView`).
        case seatList(SeatListView.State)
    }

    /// The header (always on screen): the cart's badge count and press scale.
    struct Header: Equatable {
        var tickets: Int
        var cartScale: Double
        /// The accessibility button's press scale.
        var accessibilityScale = 1.0
        /// The language button's press scale.
        var languageScale = 1.0
    }

    /// The home control, shown while the chart is away from home: its press scale.
    struct Home: Equatable {
        var scale: Double
    }

    /// The bottom bar's changing parts (the legend is fixed for a session: `ScreenContent`).
    struct Bar: Equatable {
        var tickets: Int
        /// Minor units.
        var total: Int
        var canBuy: Bool
        var buyScale: Double
        /// Whether the folded legend's panel is open, and its toggle's press scale.
        var legendOpen = false
        var legendScale = 1.0
        /// The box office has not answered lately: the note says so instead of the countdown.
        var reconnecting = false
    }

    /// Party size first: the picker or the strip under the header (`PartyBarView`).
    struct Party: Equatable {
        /// Seats wanted (nil: not picked yet) and the largest party.
        var size: Int?
        var maxSize: Int
        var pickerOpen: Bool
        var accessible: Bool
        /// The pressed party control and its press scale (1 at rest).
        var pressed: KioskControl?
        var scale = 1.0
    }

    /// "More time" over the chart in the hold's last minute: where, and its press scale.
    struct MoreTime: Equatable {
        var frame: Rect
        var scale: Double
    }

    /// The modal card over the dimmed screen.
    enum Card: Equatable {
        /// "Still there?" with whole seconds left.
        case prompt(seconds: Int, buttonScale: Double)
        case failed(reason: String, buttonScale: Double)
        /// "Processing…" with the spinner at `phase` s into its 1.2 s turn.
        case processing(phase: Double)
    }

    /// The seat callout (`SeatCalloutView`), laid out: its lines (the first is the title), the
    /// card and its tail's three points (base, base, tip), text sizes and spacing, px.
    struct Callout: Equatable {
        var lines: [String]
        var box: Rect
        var tail: [Point]
        var titleSize: Double
        var bodySize: Double
        var lineHeight: Double
        var padding: Double
        var cornerRadius: Double

        /// Everything it covers: the card and its tail.
        var bounds: Rect {
            tail.reduce(box) { $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0)) }
        }
    }

    var mode: Mode
    var header: Header?
    var home: Home?
    var bar = Bar(tickets: 0, total: 0, canBuy: false, buyScale: 1)
    /// Whole seconds left on the hold (nil: nothing held, or run out).
    var holdSecondsLeft: Int?
    var toast: String?
    var moreTime: MoreTime?
    var callout: Callout?
    var party: Party?
    /// Step-through's list (`StepListView`).
    var stepList: StepListView.State?
    var card: Card?
    /// The accessibility card, open over everything (`AccessibilityCardView`).
    var accessibilityCard: AccessibilityCardView.State?
    /// The screen reader's focused item's frame, ringed over everything (`FocusRingView`).
    var focusRing: Rect?

    init(mode: Mode) { self.mode = mode }

    /// The hold countdown as shown, "m:ss".
    static func countdownText(_ seconds: Int) -> String {
        "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
    }
}

extension KioskSession {
    /// The chrome's state now.
    func snapshot() -> SessionSnapshot {
        func scale(_ c: KioskControl) -> Double { pressed == .control(c) ? animator.value(pressScale) : 1 }
        // The screens over everything, with the accessibility button (their header's only
        // control) and the accessibility card when it is open over them.
        func overCards(_ mode: SessionSnapshot.Mode) -> SessionSnapshot {
            var s = SessionSnapshot(mode: mode)
            s.header = .init(tickets: selectedSeats.count, cartScale: 1, accessibilityScale: scale(.accessibility))
            s.accessibilityCard = accessibilityCardSnapshot()
            s.focusRing = focusedItem?.frame
            return s
        }
        switch screen {
        case .blanked: return SessionSnapshot(mode: .blank)
        case .outOfService(let code, _): return SessionSnapshot(mode: .service(code: code))
        case .attract(let since): return SessionSnapshot(mode: .attract(since: since, now: now))
        default: break
        }
        switch screen.beneathAccessibilityMenu {
        case .receipt(let receipt, _):
            return overCards(.receipt(receipt, doneScale: scale(.dialogOK)))
        case .cart, .review:
            guard let list = seatListState() else { break }
            var s = overCards(.seatList(list))
            s.toast = toastText
            return s
        default: break
        }
        var s = SessionSnapshot(mode: .normal)
        let n = selectedSeats.count
        s.header = .init(tickets: n, cartScale: scale(.cart), accessibilityScale: scale(.accessibility),
                         languageScale: scale(.language))
        s.accessibilityCard = accessibilityCardSnapshot()
        if chartIsZoomed { s.home = .init(scale: scale(.zoomOut)) }
        s.bar = .init(tickets: n, total: total, canBuy: canBuy, buyScale: scale(.buy), reconnecting: isReconnecting)
        s.bar.legendOpen = legendOpen && (screen == .stadium || screen == .tribune)
        s.bar.legendScale = scale(.legendToggle)
        s.holdSecondsLeft = holdSecondsLeft
        if offersMoreTime { s.moreTime = .init(frame: moreTimeOnChart, scale: scale(.moreTime)) }
        s.toast = toastText
        s.callout = calloutSnapshot()
        s.party = partySnapshot(pressed: pressed, scale: animator.value(pressScale))
        s.stepList = stepListSnapshot()
        s.focusRing = focusedItem?.frame
        switch screen.beneathAccessibilityMenu {
        case .idlePrompt:
            if let remaining = idlePromptRemaining {
                s.card = .prompt(seconds: Int(remaining.rounded(.up)), buttonScale: scale(.idleContinue))
            }
        case .purchaseFailed(let reason): s.card = .failed(reason: reason, buttonScale: scale(.dialogOK))
        case .purchasing: s.card = .processing(phase: now.truncatingRemainder(dividingBy: 1.2))
        default: break
        }
        return s
    }
}
