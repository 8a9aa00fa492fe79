import BoxOffice
import Foundation
import UnixSignals

/// Re-reads the token file on SIGHUP (`systemctl reload tribune-boxoffice`), so a revoked
/// kiosk token is refused at once without dropping the other kiosks' connections. A file that
/// cannot be read or has a mistake leaves the tokens in force and says why on standard error.
struct TokenReloader {
    let server: BoxOfficeServer
    let path: String
    let hangups: UnixSignalsSequence

    /// Traps SIGHUP from here on (before, it would end the process).
    init(server: BoxOfficeServer, path: String) async {
        self.server = server
        self.path = path
        hangups = await UnixSignalsSequence(trapping: .sighup)
    }

    func run() async {
        for await _ in hangups {
            do {
                let file = try TokenFile.read(path: path)
                server.reloadTokens(file)
                func count(_ n: Int, _ kind: String) -> String { "\(n) \(kind) token\(n == 1 ? "" : "s")" }
                let operators = file.operators.isEmpty ? "" : " and " + count(file.operators.count, "operator")
                print("tribune-boxoffice: reloaded \(count(file.kiosks.count, "kiosk"))\(operators) from \(path)")
            } catch {
                FileHandle.standardError.write(Data("tribune-boxoffice: kept the tokens in force: \(error)\n".utf8))
            }
            fflush(nil)
        }
    }
}
