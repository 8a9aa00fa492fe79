import Foundation
import Localization
import Testing
import TestFixtures
import Text
@testable import KioskUI

/// The chrome in Simplified Chinese (the shipped catalog) at the four judged sizes: every text
/// drawn on the chrome's screens, the party screens and the step-through lists has a real glyph
/// for every character (no .notdef box: Noto Sans CJK SC draws the Han).
/// TRIBUNE_GALLERY=DIR writes the frames as chinese-<screen>-<size>.png.
@Suite struct ChromeChineseTests {
    static let panels = ChromeLayoutTests.panels.filter {
        [800, 1920, 1080, 3840].contains(Int($0.size.width)) && $0.size.width != 768
    }

    /// Each screen: its name, party size first or not, and how to reach it from a fresh session.
    static let screens: [(name: String, party: Bool, reach: @Sendable (KioskDriver) -> Void)] =
        ChromeLayoutTests.screens.filter { !$0.standalone }.map { s in (s.name, false, { d in s.reach(d, false) }) }
        + ChromeLayoutTests.partyScreens.map { s in (s.name, true, { d in s.reach(d, false) }) }
        + StepListLayoutTests.lists.map { s in (s.name, true, { d in
            d.run(to: 1.5)
            d.session.setAccessibility(AccessibilityOptions(stepThrough: true))
            s.reach(d)
            d.run(to: d.now + 1.5)
        }) }

    @Test(arguments: panels)
    func everyCharacterHasAGlyph(panel: ChromeLayoutTests.Panel) throws {
        let languages = try KioskLanguages(catalogs: try MessageCatalogs.shippedRoot(), offered: [.english, .chinese],
                                           defaultLanguage: .chinese)
        let out = ProcessInfo.processInfo.environment["TRIBUNE_GALLERY"]
        let fonts = try #require(TextRendererBox().regular)
        var han = 0
        for screen in Self.screens {
            let d = ChromeLayoutTests.driver(panel, pseudo: false, standalone: false, party: screen.party)
            d.session.configuration.languages = languages
            d.session.setLanguage(.chinese)
            screen.reach(d)
            let (text, _, entries) = ChromeLayoutTests.frames(d)
            let whereAt = "\(screen.name) at \(panel)"
            #expect(!entries.isEmpty, "no text on \(whereAt)")
            for e in entries {
                let missing = TextLayout(e.string, fonts: fonts, fontSize: e.size).glyphs.filter { $0.glyph == 0 }
                #expect(missing.isEmpty, "'\(e.string)' draws \(missing.count) .notdef glyphs on \(whereAt)")
                han += e.string.unicodeScalars.filter { ("\u{4E00}"..."\u{9FFF}").contains($0) }.count
            }
            if let out {
                let size = "\(Int(panel.size.width))x\(Int(panel.size.height))"
                try text.writePNG(to: "\(out)/chinese-\(screen.name)-\(size).png", opaque: true)
            }
        }
        #expect(han > 100, "only \(han) Han characters drawn at \(panel): the catalog's Chinese is not shown")
    }
}
