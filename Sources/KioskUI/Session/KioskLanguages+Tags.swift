import Localization

extension KioskLanguages {
    /// Why a host's language settings cannot be used: the setting (a key or a flag), the value
    /// and what was wrong, e.g. `--language: "fr" is not a shipped language (en, de, es, ar, zh)`.
    public struct SettingError: Error, Equatable, CustomStringConvertible {
        /// The key or flag, e.g. `language.offered`, `--catalogs`.
        public var setting: String
        public var reason: String
        public var description: String { "\(setting): \(reason)" }
    }

    /// The shipped languages' tags, in the order the language button cycles through them.
    public static var shippedTags: [String] { KioskLanguage.shipped.map(\.tag) }

    /// The languages tagged `offered` (in that order) read from `catalogs`, starting in
    /// `defaultTag`. Errors name `offeredSetting`, `defaultSetting` or `catalogsSetting`: a tag
    /// that is not shipped, a default not offered, a catalog directory or a language's compiled
    /// catalog (`<catalogs>/<name>/LC_MESSAGES/tribune.mo`) or locale that is missing.
    public init(catalogs: String, offered: [String], defaultTag: String, offeredSetting: String, defaultSetting: String,
                catalogsSetting: String) throws(SettingError) {
        let known = Self.shippedTags.joined(separator: ", ")
        var languages: [KioskLanguage] = []
        for tag in offered {
            guard let language = KioskLanguage.shipped(tag: tag) else {
                throw SettingError(setting: offeredSetting, reason: "\"\(tag)\" is not a shipped language (\(known))")
            }
            guard !languages.contains(language) else {
                throw SettingError(setting: offeredSetting, reason: "\"\(tag)\" is offered twice")
            }
            languages.append(language)
        }
        guard !languages.isEmpty else { throw SettingError(setting: offeredSetting, reason: "no language offered (\(known))") }
        guard let start = KioskLanguage.shipped(tag: defaultTag) else {
            throw SettingError(setting: defaultSetting, reason: "\"\(defaultTag)\" is not a shipped language (\(known))")
        }
        guard languages.contains(start) else {
            throw SettingError(setting: defaultSetting,
                               reason: "\"\(defaultTag)\" is not offered (offered: \(offered.joined(separator: ", ")))")
        }
        do {
            try self.init(catalogs: catalogs, offered: languages, defaultLanguage: start)
        } catch {
            throw SettingError(setting: catalogsSetting, reason: "\(catalogs): \(error)")
        }
    }
}
