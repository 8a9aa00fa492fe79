import Seating

extension KioskSession {
    /// Names the venue in `languageTag` wherever the session shows it — the chart's section
    /// names, the legend's categories, callouts, seat lists, cart, review and receipt — from
    /// the venue file's translations (`SeatingChart.showLanguage`; the plain names where there
    /// are none). The caller repaints (a language switch redraws the whole frame).
    func showVenueNames(in languageTag: String) {
        interaction.chart.showLanguage(languageTag)
        // The section names are sprites made from the tribunes' labels.
        frameCache.labels = nil
        content = ScreenContent(venue: interaction.chart.venue, configuration: configuration, checkout: checkout)
    }
}
