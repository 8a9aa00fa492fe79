import BoxOfficeClient

extension Doctor {
    /// The configuration's `box_office.ca_file`, when one is set: it must hold PEM certificates
    /// the kiosk can verify its `https://` box office with. Nothing to check without one.
    func boxOfficeTrustChecks() -> [DoctorCheck] {
        guard case .success(let text) = KioskConfiguration.readFile(configPath),
              let settings = try? KioskConfiguration.parse(toml: text, source: configPath).boxOffice,
              let caFile = settings.caFile else { return [] }
        let item = "box office CA \(caFile)"
        do {
            let trust = try BoxOfficeTrust(caFile: caFile)
            let count = trust.certificateCount
            return [DoctorCheck(item: item, outcome: .ok,
                                detail: "\(count) certificate\(count == 1 ? "" : "s") to verify \(settings.url ?? "the box office") with")]
        } catch {
            return [DoctorCheck(item: item, outcome: .failed, detail: error.description,
                                fix: "copy the venue CA's certificate (ca.crt, README \"HTTPS between kiosks and the box office\") to \(Doctor.shellQuoted(caFile)), readable by the kiosk user, or correct box_office.ca_file in \(configPath)")]
        }
    }
}
