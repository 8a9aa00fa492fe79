import Foundation
import Geometry
import Seating
import Testing
@testable import KioskUI

/// The session names the venue in the visitor's language: the chart's section names, the
/// legend's categories and the seat's place in the cart come from the venue file's
/// translations, and the chart's overview keeps its stands and sides in every language.
@Suite struct KioskSessionVenueNamesTests {
    @Test func the_legend_and_the_chart_names_follow_the_language() throws {
        let d = KioskDriver()
        let venue = d.venue
        d.run(to: 2)
        for tag in ["de", "es", "ar", "zh", "en"] {
            d.session.showVenueNames(in: tag)
            let categories = venue.categories.map { $0.localizedName(for: tag) }
            #expect(d.session.content.legend.prefix(categories.count).map(\.label).allSatisfy { label in
                categories.contains { label.hasPrefix($0) }
            }, "\(tag): \(d.session.content.legend.map(\.label))")
            // The chart's labels are made again from the translated tribune labels.
            let labels = try #require(d.session.chartLabels())
            let names = Set((0..<labels.sections.names.count).map { labels.sections.names[$0] })
            for t in venue.tribunes { #expect(names.contains(t.localizedLabel(for: tag)), "\(tag): \(t.id)") }
            // Stands and sides, as the English names give them (the labels keep their shape).
            #expect(labels.sections.levels == SectionHierarchy(venue: venue).levels, "\(tag)")
        }
        #expect(d.session.interaction.chart.venue.tribunes == venue.tribunes)
    }
}

extension KioskSessionVenueNamesTests {
    @Test func a_language_switch_and_a_default_language_name_the_venue() throws {
        // Starts in German (the configured default): the venue is German from the first frame.
        let d = try KioskSessionLanguageTests.driver(defaultLanguage: .german)
        d.run(to: 2)
        #expect(d.session.interaction.chart.venue.categories[0].name == "Kategorie 1")
        #expect(d.session.content.legend[0].label.hasPrefix("Kategorie 1"))
        d.session.setLanguage(.arabic)
        let north = try #require(d.venue.tribunes.firstIndex { $0.id == "R1-N01" })
        #expect(d.session.interaction.chart.venue.tribunes[north].label == "الطابق 1 · شمال 1")
        #expect(d.session.content.legend[0].label.hasPrefix("الفئة 1"))
        d.session.setLanguage(.english)
        #expect(d.session.interaction.chart.venue.tribunes == d.venue.tribunes)
    }
}
