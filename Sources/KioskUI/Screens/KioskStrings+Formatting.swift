extension KioskStrings {
    /// "3 tickets · €195.00".
    func ticketsAndTotal(_ tickets: Int, total: Int, currency: String) -> String {
        Self.fill(counted(\.ticketsAndTotal, tickets), ("total", MoneyFormat.string(minor: total, currency: currency)))
    }

    /// "You've bought 3 tickets."
    func bought(_ tickets: Int) -> String {
        counted(\.boughtTickets, tickets)
    }

    /// "Sat 14 Mar 2026 · 20:45".
    func dateAndTime(_ d: EventDate) -> String {
        let time = "\(d.hour < 10 ? "0" : "")\(d.hour):\(d.minute < 10 ? "0" : "")\(d.minute)"
        return Self.fill(dateAndTime, ("weekday", weekdays[d.weekday % weekdays.count]), ("day", "\(d.day)"),
                         ("month", months[(d.month - 1) % months.count]), ("year", "\(d.year)"), ("time", time))
    }
}
