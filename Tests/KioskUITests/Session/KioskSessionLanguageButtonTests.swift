import Geometry
import Localization
import Testing
import TestFixtures
@testable import KioskUI

/// The language button (header and attract screen): shown only where more than one language
/// is offered, a tap switches to the next offered language at once (Arabic mirrors it with
/// the chrome), the screen reader reaches it, and the next visitor starts in the default.
@Suite struct KioskSessionLanguageButtonTests {
    static func driver(size: Size = Size(width: 1920, height: 1080), defaultLanguage: KioskLanguage = .english) throws -> KioskDriver {
        try KioskSessionLanguageTests.driver(size: size, defaultLanguage: defaultLanguage)
    }

    @Test func aKioskWithOneLanguageHasNoButton() {
        let d = KioskDriver()
        d.run(to: 2)
        #expect(d.session.layout.languageButton == .zero)
        #expect(d.session.frame(of: .language) == nil)
        #expect(!d.session.focusItems.contains { $0.label.hasPrefix(KioskStrings.english.languageTitle) })
        // The event's name keeps the room up to the accessibility button.
        let l = d.session.layout
        #expect(abs(l.eventNameBox.maxX - (l.accessibilityButton.minX - 24 * l.chromeUnit)) < 1e-9)
    }

    @Test func eachTapShowsTheNextOfferedLanguageAtOnce() throws {
        let d = try Self.driver()
        d.run(to: 2)
        var seen: [KioskLanguage] = [d.session.language]
        for _ in KioskLanguage.shipped {
            let button = try #require(d.session.frame(of: .language))
            // In the header, left of the accessibility button (right of it when mirrored), 9.6 mm tall at least.
            let l = d.session.layout
            #expect(l.header.contains(button.center))
            #expect(button.height >= 96 * l.chromeUnit - 1e-9)
            #expect(!button.intersects(l.accessibilityButton) && !button.intersects(l.eventNameBox) && !button.intersects(l.cart))
            if l.rightToLeft { #expect(button.minX > l.accessibilityButton.maxX) } else { #expect(button.maxX < l.accessibilityButton.minX) }
            d.tap(.language)
            seen.append(d.session.language)
            #expect(d.session.isRightToLeft == d.session.language.isRightToLeft)
            // The button shows the new language's own name, drawn in the next frame.
            let drawn = ChromeLayoutTests.frames(d).entries.map(\.string)
            #expect(drawn.contains(d.session.language.nativeName), "\(d.session.language)")
        }
        // The offered order, wrapping round to the first.
        #expect(seen.map(\.tag) == ["en", "de", "es", "ar", "zh", "en"])
    }

    @Test func theButtonMirrorsWithArabic() throws {
        let d = try Self.driver(defaultLanguage: .arabic)
        let english = KioskLayout(size: d.session.layout.size, pixelsPerMillimetre: d.session.configuration.pixelsPerMillimetre,
                                  languageButton: true)
        let mirrored = try #require(d.session.frame(of: .language))
        #expect(abs(mirrored.minX - (english.size.width - english.languageButton.maxX)) < 1e-9)
        #expect(mirrored.width == english.languageButton.width && mirrored.minY == english.languageButton.minY)
    }

    @Test func theAttractScreenSwitchesWithoutWaking() throws {
        let d = try Self.driver(defaultLanguage: .german)
        let c = d.session.configuration
        d.run(to: 1.5); d.touchHeader()
        d.run(to: d.now + c.idleTimeout + c.idlePromptDuration + 5)
        guard case .attract = d.session.screen else {
            Issue.record("expected the attract screen, found \(d.session.screen)")
            return
        }
        let button = try #require(d.session.frame(of: .language))
        #expect(button == d.session.layout.languageButton)
        d.tap(.language)
        #expect(d.session.language == .spanish)
        guard case .attract = d.session.screen else {
            Issue.record("the language button woke the kiosk: \(d.session.screen)")
            return
        }
        #expect(ChromeLayoutTests.frames(d).entries.map(\.string).contains("Español"))
    }

    @Test func theScreenReaderReachesTheButton() throws {
        let d = try Self.driver(defaultLanguage: .german)
        d.run(to: 2)
        let german = d.session.content.strings
        #expect(german.languageTitle != "" )
        let item = try #require(d.session.focusItems.first { $0.frame == d.session.frame(of: .language) })
        #expect(item.label == german.languageTitle + " · Deutsch")
        // Right after the accessibility button, in reading order.
        let labels = d.session.focusItems.map(\.label)
        let k = try #require(labels.firstIndex(of: item.label))
        #expect(k > 0 && labels[k - 1] == german.accessibilityTitle)
    }

    @Test func theNextVisitorStartsInTheDefault() throws {
        let d = try Self.driver(defaultLanguage: .english)
        d.run(to: 2)
        d.tap(.language)
        d.tap(.language)
        #expect(d.session.language == .spanish)
        d.run(to: 400)
        #expect(d.session.language == .english)
        #expect(d.session.frame(of: .language).map { _ in true } == true)
    }
}
