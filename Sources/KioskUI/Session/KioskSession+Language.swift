import Geometry
import Localization

extension KioskSession.Configuration {
    /// Offers `languages` and starts in their default: its strings and direction.
    public mutating func useLanguages(_ languages: KioskLanguages) {
        self.languages = languages
        language = languages.defaultLanguage
        strings = languages.strings(for: language)
        rightToLeft = language.isRightToLeft
    }
}

extension KioskSession {
    /// The language the chrome shows now.
    public var language: KioskLanguage { configuration.language }

    /// The chrome runs right to left (the language's direction, or a host's `setRightToLeft`).
    public var isRightToLeft: Bool { configuration.rightToLeft }

    /// Shows `language` at once: its strings, money and dates, the venue's names (where the
    /// venue file translates them), its direction (the layout mirrors for Arabic); the whole
    /// next frame is drawn. The visitor's screen, seats and holds
    /// stay. A language not offered is ignored.
    public func setLanguage(_ language: KioskLanguage) {
        guard language != configuration.language, configuration.languages.offered.contains(language) else { return }
        configuration.language = language
        configuration.strings = configuration.languages.strings(for: language)
        showVenueNames(in: language.tag)
        setRightToLeft(language.isRightToLeft)
        frameCache.invalidate()
        dirty = true
    }

    /// The language button: the next offered language. On the attract screen it counts as the
    /// visitor's first touch (the prompt's and the blanking's clocks start again).
    func cycleLanguage() {
        setLanguage(configuration.languages.after(configuration.language))
        timers.lastActivity = max(timers.lastActivity, now)
    }

    /// The language button's frame where it shows (nil when one language is offered).
    var languageButtonFrame: Rect? {
        layout.languageButton == .zero ? nil : layout.languageButton
    }

    /// A new visitor (the idle reset, Done on the receipt) starts in the configured default.
    func startInDefaultLanguage() {
        setLanguage(configuration.languages.defaultLanguage)
    }
}
