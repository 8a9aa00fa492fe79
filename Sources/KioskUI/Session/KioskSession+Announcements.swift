import Seating

/// What the session says with speech on (`AccessibilityOptions.speech`): every new screen (its
/// title, how many items it has and how to move through them), the focused item, the result of
/// each action (seats added or removed with the total), toasts (refusals, failures, the hold's
/// end) and the hold's last minute. Texts come from `KioskStrings`, in the session's language;
/// the host speaks them (`takeAnnouncements()`).
extension KioskSession {
    /// How long before the hold's expiry its last minute is announced, s.
    public static let holdWarningSeconds = 60.0

    /// The language tag announcements are spoken in.
    var spokenLanguage: String { configuration.language.tag }

    /// Queues `text` to be said now (speech on only), written for the ear: no-break spaces (which
    /// keep "Seat 8" on one line on screen) are spaces, the chrome's " · " separators pauses.
    func say(_ text: String) {
        guard accessibility.speech, !text.isEmpty else { return }
        let spoken = text.replacing("\u{A0}", with: " ").replacing(" · ", with: ", ")
        speech.queue.append(Announcement(text: spoken, language: spokenLanguage, time: now))
    }

    /// Announces what changed since the last call: a new screen, a new toast, the hold's last
    /// minute. Called after every touch frame, timer and box-office answer.
    func announceChanges() {
        guard accessibility.speech else {
            speech.forgetScreen()
            return
        }
        guard !speech.activating else { return }
        let title = spokenTitle()
        if title != speech.title {
            speech.title = title
            speech.focus = nil
            // A screen without items (processing) is only named.
            let count = focusItems.count
            let items = content.strings.counted(\.spokenItems, count)
            say(count == 0 ? title : [title, items, content.strings.spokenSwipeHint].joined(separator: " "))
        }
        if let toast = timers.toast, toast.until > now, toast.until != speech.toastUntil {
            speech.toastUntil = toast.until
            say(toast.text)
        }
        if let warning = holdWarningTime, warning <= now, let expiry = holdExpiresAt, expiry > now {
            speech.warnedExpiry = expiry
            say(content.strings.spokenHoldOneMinute)
        }
    }

    /// When the hold's last minute begins, s (nil: nothing held, or already announced).
    var holdWarningTime: Double? {
        guard let expiry = holdExpiresAt, expiry != speech.warnedExpiry else { return nil }
        switch screen {
        case .stadium, .tribune, .cart, .review: return expiry - Self.holdWarningSeconds
        default: return nil
        }
    }

    /// The result of an action on the selection: the seats added or removed (row and seat,
    /// the section when it differs from the screen's), then the tickets and the total.
    func announceSelectionChange(from before: [Int], to after: [Int]) {
        guard before != after else { return }
        let strings = content.strings
        let added = after.filter { !before.contains($0) }.sorted()
        let removed = before.filter { !after.contains($0) }.sorted()
        var parts: [String] = []
        if !removed.isEmpty {
            parts.append(removed.map(spokenPlace).joined(separator: ", ") + ". " + strings.removedFromSeats + ".")
        }
        if !added.isEmpty {
            parts.append(added.map(spokenPlace).joined(separator: ", ") + ". " + strings.addedToSeats + ".")
        }
        parts.append(after.isEmpty ? strings.spokenNoSeatsLeft
                     : content.ticketsAndTotal(after.count, total: total) + ".")
        say(parts.joined(separator: " "))
    }

    /// "Row 3 · Seat 7": a seat as its ticket names it.
    func spokenPlace(_ seat: Int) -> String {
        let venue = interaction.chart.venue
        return KioskStrings.fill(content.strings.rowAndSeat, ("row", venue.rowLabels[Int(venue.seats[seat].row)]),
                                 ("seat", venue.seatNumbers[seat]))
    }

    /// What the screen is, as its first announcement says it.
    func spokenTitle() -> String {
        let strings = content.strings
        if showsStepList { return Self.sentence(stepListTitle()) }
        switch screen {
        case .stadium:
            return strings.spokenChooseSeats
        case .tribune:
            guard let t = interaction.chart.selectedTribune else { return strings.spokenChooseSeats }
            return KioskStrings.fill(strings.spokenInSection, ("section", interaction.chart.venue.tribunes[t].label))
        case .cart:
            return strings.cartTitle + ". " + content.ticketsAndTotal(selectedSeats.count, total: total) + "."
        case .review:
            return strings.reviewTitle + ". " + content.ticketsAndTotal(selectedSeats.count, total: total) + "."
        case .purchasing:
            return strings.processing
        case .receipt(let receipt, _):
            let code = KioskStrings.fill(strings.spokenPurchaseDone, ("code", Self.spelledOut(receipt.orderCode)))
            let total = KioskStrings.fill(strings.receiptTotal, ("total", content.money(receipt.total, currency: receipt.currency)))
            return [code, strings.bought(receipt.seats.count), total + "."].joined(separator: " ")
        case .purchaseFailed(let reason):
            return strings.purchaseFailed + ". " + reason
        case .idlePrompt:
            return strings.stillThere + " " + strings.touchContinue
        case .attract:
            return strings.touchToChoose + "."
        case .accessibilityMenu:
            return Self.sentence(strings.accessibilityTitle)
        case .outOfService:
            return [strings.outOfService + ".", strings.cannotSell, strings.askStaff].joined(separator: " ")
        default:
            // The blanked display says nothing.
            return ""
        }
    }

    /// `text` ending as a sentence does ("Choose a section." — "How many seats?" as it is).
    static func sentence(_ text: String) -> String {
        guard let last = text.last, !".?!…。？！".contains(last) else { return text }
        return text + "."
    }

    /// "F 9 D C 0 7": a code read out one character at a time (a voice reads "F9DC07" as words).
    static func spelledOut(_ code: String) -> String {
        code.map(String.init).joined(separator: " ")
    }
}
