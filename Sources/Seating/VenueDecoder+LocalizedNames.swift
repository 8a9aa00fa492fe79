import JSON

extension VenueDecoder {
    /// A `names` or `labels` object: `{"de": "Nordtribüne", …}`, each key one of
    /// `LocalizedNames.languageTags` (once), each value a non-empty string. Errors carry the
    /// path down to the tag, e.g. `tribunes[2].labels.fr`.
    func localizedNames(_ s: inout JSONScanner) throws(VenueFileError) -> LocalizedNames {
        var byLanguage: [String: String] = [:]
        try s.object("an object of names by language tag") { s, tag throws(VenueFileError) in
            s.skipWhitespace()
            let at = s.pos
            guard LocalizedNames.languageTags.contains(tag) else {
                let known = LocalizedNames.languageTags.map { "\"\($0)\"" }.joined(separator: ", ")
                throw s.error("unknown language tag \"\(tag)\"; expected one of \(known)", at: at)
            }
            guard byLanguage[tag] == nil else { throw s.error("language tag \"\(tag)\" appears twice", at: at) }
            byLanguage[tag] = try nonEmptyString(&s)
        }
        return LocalizedNames(byLanguage)
    }
}
