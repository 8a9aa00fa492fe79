import Kiosk
import KioskUI

extension RecordingReplay {
    /// `--language` with the catalogs of `--catalogs` (else the installed ones): every shipped
    /// language offered, the visitor starting in the one asked for; nil without `--language`.
    func offeredLanguages() throws -> KioskLanguages? {
        guard let tag = options.language else {
            if options.catalogs != nil { throw Failure("--catalogs: goes with --language TAG") }
            return nil
        }
        guard let directory = options.catalogs ?? KioskConfiguration.installedCatalogs() else {
            throw Failure("--language \(tag): no message catalogs installed next to the binary (share/tribune/locale); "
                + "give --catalogs DIR (make catalogs writes out/locale)")
        }
        do {
            return try KioskLanguages(catalogs: directory, offered: KioskLanguages.shippedTags, defaultTag: tag,
                                      offeredSetting: "--language", defaultSetting: "--language", catalogsSetting: "--catalogs")
        } catch {
            throw Failure(error.description)
        }
    }
}
