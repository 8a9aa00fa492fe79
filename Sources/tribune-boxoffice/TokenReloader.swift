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
                let tokens = try BoxOfficeServer.readTokens(path: path)
                server.reloadTokens(tokens)
                print("tribune-boxoffice: reloaded \(tokens.count) kiosk token\(tokens.count == 1 ? "" : "s") from \(path)")
            } catch {
                FileHandle.standardError.write(Data("tribune-boxoffice: kept the tokens in force: \(error)\n".utf8))
            }
            fflush(nil)
        }
    }
}
