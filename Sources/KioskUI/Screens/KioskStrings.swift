import Localization

/// Every string the chrome shows (header, bottom bar, legend, toasts, cards, attract and
/// out-of-service screens), in one table, so a language is one value: the languages issue
/// swaps `Configuration.strings`. Templates name their values in braces (`{count}`, `{total}`),
/// which translations keep and may move.
public struct KioskStrings: Sendable, Equatable {
    // Bottom bar and legend.
    public var buyTickets = "Buy Tickets"
    public var noSeatsChosen = "No seats chosen yet"
    /// `{total}`: the money, written by `MoneyFormat`.
    public var oneTicketAndTotal = "1 ticket · {total}"
    public var ticketsAndTotal = "{count} tickets · {total}"
    /// `{time}`: "m:ss".
    public var seatsHeldFor = "Seats held for {time}"
    /// The standalone note (no box office configured).
    public var purchasesUnavailable = "Purchases unavailable: no box office connected"
    /// A box office is configured but has not answered lately (never the standalone note).
    public var reconnecting = "Connecting to the box office… your seats are kept"
    // Statuses in the legend.
    public var held = "Held"
    public var sold = "Sold"
    public var yourSeats = "Your seats"
    public var unavailable = "Unavailable"
    /// A legend entry: `{name}` of the category and its `{price}` (the seat callout's line too).
    public var categoryAndPrice = "{name} · {price}"
    /// The control that opens the legend where it folds (small panels).
    public var legendToggle = "Seats & prices"

    // Toasts.
    public var purchasesNotAvailableYet = "Purchases are not available on this kiosk yet"
    public var tapTribuneFirst = "Tap a tribune, then choose your seats"
    public var cartEmpty = "Your cart is empty"
    public var atMostTickets = "At most {count} tickets per purchase"
    public var noSingleSeat = "Please don't leave a single seat empty"
    public var seatNotAvailable = "Seat\u{A0}{seat} is not available"
    /// `{section}`: the tribune's label ("Ring 1 · North 2").
    public var seatTaken = "Seat\u{A0}{seat} in row\u{A0}{row} ({section}) was just taken"
    public var holdExpired = "Your seats were released because the time to buy ran out. You can choose them again."
    /// "More time" was asked but the event's maximum hold time is reached.
    public var noMoreTime = "No more time can be added to this hold"

    // Party size first, best seats and the accessible filter.
    public var howManySeats = "How many seats?"
    /// The party's chip once chosen (a tap changes it): `{count}` seats.
    public var partyOfOne = "1 seat · Change"
    public var partyOf = "{count} seats · Change"
    public var bestSeats = "Best seats"
    public var accessibleFilter = "Wheelchair access"
    public var chooseHowManyFirst = "First choose how many seats you need"
    /// The callout on a block the kiosk proposes or picks: `{count}` seats.
    public var seatsTogetherHere = "{count} seats together here"
    public var oneSeatHere = "A free seat for you here"
    /// The callout on a party placed at the tapped seat: `{count}` seats.
    public var partyAdded = "{count} seats added, side by side"
    /// Why the tapped seat could not take the party (the proposal is shown with it).
    public var wouldLeaveSingleSeat = "From this seat, {count} seats would leave a single seat empty"
    public var notEnoughSeatsHere = "{count} seats side by side do not fit here"
    /// Nothing fits: in `{section}`, or anywhere.
    public var noSeatsTogetherIn = "No {count} seats side by side are free in {section}"
    public var noSeatsTogether = "No {count} seats side by side are free"
    public var noAccessibleSeats = "No wheelchair space for {count} is free"

    // Cards.
    public var stillThere = "Still there?"
    public var touchContinue = "Touch Continue to keep your seats."
    public var startingOverIn = "Starting over in {seconds} s"
    public var continueButton = "Continue"
    public var boughtOneTicket = "You've bought 1 ticket."
    public var boughtTickets = "You've bought {count} tickets."
    public var okButton = "Ok"
    public var purchaseFailed = "The purchase did not go through"
    public var processing = "Processing…"

    // The hold's countdown in its last minute (`{time}`: "m:ss") and its control.
    public var holdRunningOut = "Only {time} left to buy"
    public var moreTime = "More time"

    // The cart and the review.
    public var cartTitle = "Your seats"
    public var reviewTitle = "Check your seats"
    public var closeButton = "Close"
    public var backButton = "Back"
    public var confirmButton = "Confirm and pay"

    // The receipt.
    public var orderCode = "Order code"
    /// One ticket: `{section}` (the tribune's label), `{row}`, `{seat}`.
    public var receiptSeat = "{section}\u{A0}· Row\u{A0}{row}\u{A0}· Seat\u{A0}{seat}"
    /// The seats that did not fit on the receipt: `{count}`.
    public var moreSeats = "+ {count} more"
    /// `{total}`: the money, written by `MoneyFormat`.
    public var receiptTotal = "Total {total}"
    public var scanOrderCode = "Scan to keep your order code"
    public var doneButton = "Done"

    // The seat callout (the section's name comes from the venue, as on tickets).
    /// `{row}` and `{seat}`: the venue's labels.
    public var rowAndSeat = "Row\u{A0}{row}\u{A0}· Seat\u{A0}{seat}"
    public var wheelchairSpace = "Wheelchair space"
    public var companionSeat = "Companion seat"
    public var restrictedView = "Restricted view"
    /// What the tap did.
    public var addedToSeats = "Added to your seats"
    public var removedFromSeats = "Removed from your seats"
    public var cannotBeChosen = "Cannot be chosen"

    // Step-through selection: the seat lists (section → row → seats).
    public var chooseSection = "Choose a section"
    /// `{section}`: the tribune's label.
    public var chooseRow = "{section} · Choose a row"
    /// `{section}` and `{row}`: the venue's labels.
    public var chooseSeat = "{section}\u{A0}· Row\u{A0}{row}\u{A0}· Choose a seat"
    /// A party size in the list: 1, or `{count}` seats.
    public var partySizeOne = "1 seat"
    public var partySizeMany = "{count} seats"
    /// Best seats within one section: `{section}`.
    public var bestSeatsIn = "Best seats in {section}"
    /// The filter's state beside its name.
    public var switchOn = "On"
    public var switchOff = "Off"
    /// Free seats in a section or row: none, one, `{count}`.
    public var noSeatsFree = "No seats free"
    public var oneSeatFree = "1 seat free"
    public var seatsFree = "{count} seats free"
    /// A section's prices: `{low}` and `{high}`, written by `MoneyFormat`.
    public var priceRange = "{low} – {high}"
    /// Free wheelchair spaces in a row: one, `{count}`.
    public var oneWheelchairSpace = "1 wheelchair space"
    public var wheelchairSpaces = "{count} wheelchair spaces"
    /// A row's and a seat's item: `{row}`, `{seat}` (the venue's labels).
    public var rowLabel = "Row\u{A0}{row}"
    public var seatLabel = "Seat\u{A0}{seat}"
    /// A seat's status in its item (held, sold and unavailable are the legend's).
    public var seatFree = "Free"
    public var yourSeat = "Your seat"
    /// The list's pages.
    public var morePage = "More"
    public var previousPage = "Previous"
    /// An item as spoken: its `{name}` and its `{detail}` line.
    public var spokenItem = "{name}, {detail}"

    // Speech (accessibility mode): what the kiosk says; shown texts are spoken as they are.
    /// After each screen's title: how to move through its items.
    public var spokenSwipeHint = "Swipe right for the next item, double-tap to choose."
    /// How many items the screen has: one, and `{count}`.
    public var spokenOneItem = "1 item."
    public var spokenItems = "{count} items."
    /// The map's screens: the whole stadium, and a tribune (`{section}`, the venue's name).
    public var spokenChooseSeats = "Choose your seats."
    public var spokenInSection = "{section}. Choose your seats."
    /// The receipt: `{code}` spelled out character by character.
    public var spokenPurchaseDone = "Purchase done. Your order code is {code}."
    /// The hold's last minute begins.
    public var spokenHoldOneMinute = "Only one minute left to buy your seats."
    /// A seat's status as a focused item or a result says it.
    public var spokenAvailable = "available"
    public var spokenChosen = "chosen"
    /// Where no seat is chosen any more after a removal.
    public var spokenNoSeatsLeft = "No seats chosen."
    /// A party size button: one seat, `{count}` seats.
    public var spokenOneSeat = "1 seat"
    public var spokenSeats = "{count} seats"
    /// A switch's state after its name ("Wheelchair access, on").
    public var spokenOn = "on"
    public var spokenOff = "off"
    /// The home control while zoomed into a tribune.
    public var spokenWholeStadium = "Show the whole stadium"
    /// A cart line's remove control: `{seat}`, the line's place.
    public var spokenRemove = "Remove {seat}"
    /// Buy while it cannot be pressed.
    public var spokenDimmed = "dimmed"

    // Accessibility mode: the card behind the accessibility button and its switches.
    public var accessibilityTitle = "Accessibility"
    public var largeTextToggle = "Large text and high contrast"
    public var lowReachToggle = "Low reach"
    public var stepThroughToggle = "Seat list (step-through)"
    public var speechToggle = "Speech"
    /// The language button as speech names it, before the shown language's own name
    /// ("Language, Deutsch"); the button shows a globe and that name.
    public var languageTitle = "Language"

    // Attract and out of service.
    public var touchToChoose = "Touch to choose your seats"
    public var outOfService = "Out of service"
    public var cannotSell = "This kiosk cannot sell tickets right now."
    public var askStaff = "Please ask a member of staff for help."
    public var serviceCode = "Code {code}"

    // The event's date and time in the header.
    /// Sunday first.
    public var weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    /// January first.
    public var months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// `{weekday} {day} {month} {year}` and `{time}` ("20:45").
    public var dateAndTime = "{weekday} {day} {month} {year} · {time}"

    /// The catalog the strings were read from (`init(catalog:)`), which `counted` asks for the
    /// plural form of a count; nil for English and tables set by hand.
    public internal(set) var catalog: MessageCatalog?

    public init() {}

    /// English, the kiosk's language today.
    public static let english = KioskStrings()

    /// The single-string fields, for transforming them all (`mapped`).
    static var fields: [WritableKeyPath<KioskStrings, String>] { [
        \.buyTickets, \.noSeatsChosen, \.oneTicketAndTotal, \.ticketsAndTotal, \.seatsHeldFor, \.purchasesUnavailable, \.reconnecting,
        \.held, \.sold, \.yourSeats, \.unavailable, \.categoryAndPrice, \.purchasesNotAvailableYet, \.tapTribuneFirst, \.cartEmpty,
        \.atMostTickets, \.noSingleSeat, \.seatNotAvailable, \.seatTaken, \.holdExpired, \.stillThere, \.touchContinue, \.startingOverIn,
        \.continueButton, \.boughtOneTicket, \.boughtTickets, \.okButton, \.purchaseFailed, \.processing,
        \.orderCode, \.receiptSeat, \.moreSeats, \.receiptTotal, \.scanOrderCode, \.doneButton,
        \.touchToChoose, \.outOfService, \.cannotSell, \.askStaff, \.serviceCode, \.dateAndTime,
        \.accessibilityTitle, \.largeTextToggle, \.lowReachToggle, \.stepThroughToggle, \.speechToggle, \.languageTitle,
        \.spokenSwipeHint, \.spokenOneItem, \.spokenItems, \.spokenChooseSeats, \.spokenInSection, \.spokenPurchaseDone,
        \.spokenHoldOneMinute, \.spokenAvailable, \.spokenChosen, \.spokenNoSeatsLeft, \.spokenOneSeat, \.spokenSeats, \.spokenOn,
        \.spokenOff, \.spokenWholeStadium, \.spokenRemove, \.spokenDimmed,
        \.legendToggle, \.rowAndSeat, \.wheelchairSpace, \.companionSeat, \.restrictedView, \.addedToSeats,
        \.removedFromSeats, \.cannotBeChosen,
        \.noMoreTime, \.holdRunningOut, \.moreTime, \.cartTitle, \.reviewTitle, \.closeButton, \.backButton, \.confirmButton,
        \.howManySeats, \.partyOfOne, \.partyOf, \.bestSeats, \.accessibleFilter, \.chooseHowManyFirst, \.seatsTogetherHere, \.oneSeatHere,
        \.partyAdded, \.wouldLeaveSingleSeat, \.notEnoughSeatsHere, \.noSeatsTogetherIn, \.noSeatsTogether, \.noAccessibleSeats,
        \.chooseSection, \.chooseRow, \.chooseSeat, \.partySizeOne, \.partySizeMany, \.bestSeatsIn, \.switchOn, \.switchOff,
        \.noSeatsFree, \.oneSeatFree, \.seatsFree, \.priceRange, \.oneWheelchairSpace, \.wheelchairSpaces, \.rowLabel, \.seatLabel,
        \.seatFree, \.yourSeat, \.morePage, \.previousPage, \.spokenItem,
    ] }

    /// Every string passed through `transform` (the weekday and month names too).
    public func mapped(_ transform: (String) -> String) -> KioskStrings {
        var s = self
        for f in Self.fields { s[keyPath: f] = transform(self[keyPath: f]) }
        s.weekdays = weekdays.map(transform)
        s.months = months.map(transform)
        return s
    }

    /// `template` with each `{name}` replaced by its value.
    static func fill(_ template: String, _ values: (name: String, value: String)...) -> String {
        var out = template
        for v in values { out = out.replacing("{" + v.name + "}", with: v.value) }
        return out
    }
}
