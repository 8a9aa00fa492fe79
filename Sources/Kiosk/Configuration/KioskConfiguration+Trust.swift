import BoxOfficeClient

extension KioskConfiguration.BoxOffice {
    /// The venue CA an `https://` box office's certificate must come from (`box_office.ca_file`,
    /// `--ca-file`), read once; nil without a CA file (the system's CAs are used). Every path that
    /// talks to the configured box office — `tribune run`, its `--preview` — takes it from here.
    /// Throws `ConfigurationError` naming the file and the key when it cannot be used.
    public func trust() throws(ConfigurationError) -> BoxOfficeTrust? {
        guard let caFile else { return nil }
        do throws(TrustFileError) { return try BoxOfficeTrust(caFile: caFile) } catch {
            throw ConfigurationError(source: caFile, key: "box_office.ca_file", reason: error.description)
        }
    }
}
