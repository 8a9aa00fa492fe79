extension KioskSession {
    /// The event's details arrived after the session started (the box office was out of reach
    /// at start and answered later): takes the name, date, currency, prices and seats per order from
    /// `configuration` — made as at start, by the host's own path — and keeps everything else
    /// (screen, selection, holds, timers). The header, the legend and the totals follow; the
    /// whole frame repaints (the legend is otherwise fixed for a session). Nothing changes,
    /// and nothing repaints, when the details are the ones shown.
    public func adoptEventDetails(from configuration: Configuration) {
        let current = self.configuration
        guard configuration.eventName != current.eventName || configuration.eventDate != current.eventDate
                || configuration.currency != current.currency || configuration.prices != current.prices
                || configuration.maxSeatsPerOrder != current.maxSeatsPerOrder else { return }
        self.configuration.eventName = configuration.eventName
        self.configuration.eventDate = configuration.eventDate
        self.configuration.currency = configuration.currency
        self.configuration.prices = configuration.prices
        self.configuration.maxSeatsPerOrder = configuration.maxSeatsPerOrder
        interaction.chart.selection.maxPerOrder = max(1, configuration.maxSeatsPerOrder)
        checkout.setPrices(configuration.prices, currency: configuration.currency)
        content = ScreenContent(venue: interaction.chart.venue, configuration: self.configuration, checkout: checkout)
        frameCache.invalidate()
        dirty = true
    }
}
