import BoxOfficeTestSupport
import Foundation
import Geometry
import Kiosk
import Localization
@testable import KioskUI
import Raster
import Seating
import Testing
import TestFixtures

/// A visitor buys two seats in each shipped language against the real box office on loopback
/// (`HoldCartReviewTests.Visit`: requests performed by `HTTPBoxOfficeResponder`, SQLite): the
/// language chosen with the header's language button, a tribune, two seats, Buy, Confirm, the
/// receipt. Every frame's chrome text comes from the catalogs (the same visit in the
/// pseudo-locale draws no unmarked text but venue and event data, numbers and the languages' own
/// names), Arabic's control frames are English's mirrored, and key frames match reviewed goldens.
@Suite("Purchases per language", .serialized)
struct LanguagePurchaseTests {
    /// What a visit drew: the chrome texts of every sampled frame, key frames by name, and the
    /// frames of the controls pressed.
    struct Visited {
        var texts: [String] = []
        var keyFrames: [(name: String, surface: Surface)] = []
        var controls: [String: Rect] = [:]
        var orders = 0
        var receiptSeats: [String] = []
    }

    static let seats = Array(HoldCartReviewTests.rowSeats.prefix(2))

    /// Buys `seats` in `language` (reached by language button taps from the default, English)
    /// on a `size` screen, sampling the chrome's text every quarter second.
    static func visit(_ language: KioskLanguage, languages: KioskLanguages, size: Size) async throws -> Visited {
        let clock = HoldCartReviewTests.ServerClock()
        let office = try await HoldCartReviewTests.startOffice(clock: clock)
        defer { try? FileManager.default.removeItem(atPath: office.directory) }
        let result = try await onOwnThread { () throws -> Visited in
            var seen = Visited()
            let visit = try HoldCartReviewTests.Visit(office: office, clock: clock, size: size) { $0.useLanguages(languages) }
            let session = visit.session
            func texts() -> [ChromeTextLog.Entry] {
                let log = ChromeTextLog()
                var painter = session.painter
                painter.log = log
                session.invalidateFrameCache()
                session.render(into: Surface(width: Int(size.width), height: Int(size.height)), with: painter)
                return log.entries
            }
            // Sampled every quarter second up to `t`, with the deadlines on the way.
            var sampled = 0.0
            func run(to t: Double) {
                while sampled + 0.25 <= t {
                    sampled += 0.25
                    visit.run(to: sampled)
                    seen.texts += texts().map(\.string)
                }
                visit.run(to: t)
            }
            func key(_ name: String, _ controls: [KioskControl]) {
                session.invalidateFrameCache()
                let s = Surface(width: Int(size.width), height: Int(size.height))
                session.render(into: s)
                seen.keyFrames.append((name, s))
                for c in controls { seen.controls[name + "." + c.rawValue] = session.frame(of: c) }
            }
            var t = 0.2
            while session.language != language {
                try visit.tap(.language, liftingAt: t)
                t += 0.2
                try #require(t < 2, "the language button never showed \(language)")
            }
            run(to: 0.9)
            visit.choose(seats)
            run(to: 4.6)
            key("chosen", [.buy, .cart, .accessibility, .language])
            try visit.tap(.buy, liftingAt: 5)
            run(to: 6)
            key("review", [.reviewBack, .reviewConfirm])
            try visit.tap(.reviewConfirm, liftingAt: 6.5)
            run(to: 8)
            guard case .receipt(let receipt, _) = session.screen else {
                Issue.record("\(language): no receipt but \(session.screen)")
                return seen
            }
            key("receipt", [.dialogOK])
            seen.receiptSeats = receipt.seats.map(\.seat)
            seen.orders = HTTPBoxOfficeResponder.wait { (try? await office.server.store.orderCount()) ?? -1 }
            return seen
        }
        await office.server.stop()
        return result
    }

    static func shipped() throws -> KioskLanguages {
        try KioskLanguages(catalogs: try MessageCatalogs.shippedRoot(), offered: KioskLanguage.shipped, defaultLanguage: .english)
    }

    /// The seats' numbers as the receipt shows them, worked out from the venue.
    static var seatNumbers: [String] { seats.map { HoldCartReviewTests.venue.seatNumbers[$0] }.sorted() }

    @Test(arguments: [KioskLanguage.english, .arabic, .chinese], [Size(width: 1920, height: 1080), Size(width: 1080, height: 1920)])
    func aVisitorBuysTwoSeats(_ language: KioskLanguage, size: Size) async throws {
        let seen = try await Self.visit(language, languages: try Self.shipped(), size: size)
        #expect(seen.orders == 1)
        #expect(seen.receiptSeats.sorted() == Self.seatNumbers)
        #expect(seen.keyFrames.map(\.name) == ["chosen", "review", "receipt"])
        // The language's own name on its button; no English chrome string in another language.
        #expect(seen.texts.contains(language.nativeName))
        if language != .english {
            let english = Set(KioskStrings.catalogEntries.map(\.msgid).filter { $0.count > 3 && !$0.contains("{") })
            let leaked = Set(seen.texts).intersection(english)
            #expect(leaked.isEmpty, "\(language): English on screen: \(leaked.sorted())")
        }
        // Goldens, reviewed by eye. Not the receipt: its order code (and QR code) is the box
        // office's random id.
        let orientation = size.width > size.height ? "landscape" : "portrait"
        for (name, surface) in seen.keyFrames where name != "receipt" {
            try LanguageGoldens.check(surface, against: "purchase-\(language.tag)-\(name)-\(orientation).png")
        }
    }

    @Test func arabicControlsAreEnglishsMirrored() async throws {
        let size = Size(width: 1920, height: 1080)
        let english = try await Self.visit(.english, languages: try Self.shipped(), size: size)
        let arabic = try await Self.visit(.arabic, languages: try Self.shipped(), size: size)
        #expect(english.controls.count == 7 && Set(english.controls.keys) == Set(arabic.controls.keys))
        for (name, r) in english.controls {
            let m = try #require(arabic.controls[name])
            #expect(abs(m.minX - (size.width - r.maxX)) < 1e-6 && abs(m.width - r.width) < 1e-6 && abs(m.minY - r.minY) < 1e-6,
                    "\(name): English \(r), Arabic \(m)")
        }
    }

    @Test func thePseudoLocaleMarksEveryChromeTextOfThePurchase() async throws {
        let root = try MessageCatalogs.temporaryDirectory("pseudo-purchase")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try KioskStrings.pseudoCatalogSource().write(toFile: root + "/qps.po", atomically: true, encoding: .utf8)
        try MessageCatalogs.compile(po: root + "/qps.po", name: "en", into: root)
        // The pseudo-locale beside English, so the language button is on screen and reaches it.
        let languages = try KioskLanguages(catalogs: root, offered: [.english, .pseudo], defaultLanguage: .english)
        let seen = try await Self.visit(.pseudo, languages: languages, size: Size(width: 1920, height: 1080))
        #expect(seen.orders == 1)
        let venue = HoldCartReviewTests.venue
        let data = Set(venue.tribunes.map(\.label) + venue.categories.map(\.name) + ["Hold Match"]
            + KioskLanguage.shipped.map(\.nativeName) + [KioskLanguage.pseudo.nativeName])
        func isData(_ s: String) -> Bool {
            data.contains(s) || s.allSatisfy { $0.isNumber || $0.isUppercase || " ·:.,€$£+-−–/".contains($0) }
        }
        let unmarked = Set(seen.texts.filter { !($0.contains("[") && $0.contains("]")) && !isData($0) })
        #expect(unmarked.isEmpty, "unmarked: \(unmarked.sorted())")
        #expect(seen.texts.count > 100)
    }
}

/// Reviewed PNGs in `Tests/HeadlessTests/Golden` (read from the source tree): a frame matches
/// when no channel of any pixel differs by more than 2. `TRIBUNE_UPDATE_GOLDEN=1` rewrites them.
enum LanguageGoldens {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path

    static func check(_ surface: Surface, against file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder + "/" + file
        if ProcessInfo.processInfo.environment["TRIBUNE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try surface.writePNG(to: path, opaque: true)
            return
        }
        let golden = try Surface(contentsOfPNGFile: path)
        try #require(golden.width == surface.width && golden.height == surface.height, "\(file): size", sourceLocation: sourceLocation)
        var over = 0
        for y in 0..<surface.height {
            let p = surface.row(y), q = golden.row(y)
            for x in 0..<surface.width where p[x] != q[x] {
                var d = 0
                for shift in [UInt32(0), 8, 16, 24] {
                    let a = Int((p[x] >> shift) & 0xFF), b = Int((q[x] >> shift) & 0xFF)
                    d = max(d, abs(a - b))
                }
                if d > 2 { over += 1 }
            }
        }
        #expect(over == 0, "\(file): \(over) pixels differ by more than 2", sourceLocation: sourceLocation)
    }
}
