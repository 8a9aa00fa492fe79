import Foundation
import Headless
import Raster
import Testing
import TestFixtures

/// `tribune-headless replay --language TAG --catalogs DIR` (`RecordingReplay.Options.language`,
/// `.catalogs`): the bundled demo session replayed standalone with the shipped catalogs compiled
/// by msgfmt; a language or directory that cannot be used is refused naming the flag.
@Suite("Recording replay in a language", .serialized)
struct RecordingReplayLanguageTests {
    static func replay(_ language: String?, catalogs: String?) throws -> (RecordingReplay.Result, Surface) {
        let last = RecordingReplayTests.temporaryPath("last.png")
        defer { try? FileManager.default.removeItem(atPath: last) }
        var options = try RecordingReplayTests.bundledSessionOptions()
        options.language = language
        options.catalogs = catalogs
        options.lastFramePath = last
        let result = try RecordingReplay(options: options).run()
        return (result, try Surface(contentsOfPNGFile: last))
    }

    @Test func germanAndArabicReplaysDrawTheirLanguage() throws {
        let root = try MessageCatalogs.shippedRoot()
        let (english, englishFrame) = try Self.replay(nil, catalogs: nil)
        #expect(english.errors.isEmpty)
        for tag in ["de", "ar"] {
            let (result, frame) = try Self.replay(tag, catalogs: root)
            #expect(result.errors.isEmpty, "\(tag): \(result.errors)")
            #expect(result.report.touchFrames == english.report.touchFrames)
            // The header's band differs from English's (another language's strings, the language
            // button; mirrored for Arabic).
            var differing = 0
            for y in 0..<80 {
                let a = frame.row(y), b = englishFrame.row(y)
                for x in 0..<frame.width where a[x] != b[x] { differing += 1 }
            }
            #expect(differing > 1000, "\(tag): \(differing) header pixels differ from English")
        }
    }

    @Test func aLanguageOrDirectoryThatCannotBeUsedIsRefusedByItsFlag() throws {
        let root = try MessageCatalogs.shippedRoot()
        func failure(_ language: String?, _ catalogs: String?) -> String? {
            do { _ = try Self.replay(language, catalogs: catalogs); return nil } catch { return "\(error)" }
        }
        #expect(failure("fr", root) == "--language: \"fr\" is not a shipped language (en, de, es, ar, zh)")
        #expect(failure(nil, root) == "--catalogs: goes with --language TAG")
        let empty = try MessageCatalogs.temporaryDirectory("replay-no-catalogs")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let message = failure("de", empty)
        #expect(message?.hasPrefix("--catalogs: \(empty): ") == true, "\(message ?? "accepted")")
        #expect(message?.contains(empty + "/de/LC_MESSAGES/tribune.mo") == true)
    }
}
