import Foundation
import Testing
@testable import Kiosk

@Suite struct DoctorTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    func check(_ checks: [DoctorCheck], _ item: String) -> DoctorCheck? { checks.first { $0.item == item } }

    @Test func librariesAreFoundWhereTheLinkerLoadedThem() {
        let checks = Doctor(driDirectory: scratch.path).run()
        for lib in ["libdrm", "libinput", "libudev"] {
            let c = check(checks, lib)
            #expect(c?.outcome == .ok)
            #expect(c?.detail.contains("/\(lib).so") == true)
        }
    }

    @Test func noCardsIsAFailureWithAFix() {
        let checks = Doctor(driDirectory: scratch.path).run()
        let display = check(checks, "display")
        #expect(display?.outcome == .failed)
        #expect(display?.fix.contains("modprobe") == true)
        #expect(!Doctor.isReady(checks))
    }

    @Test func aFileThatIsNotAFontFails() throws {
        let fake = scratch.appendingPathComponent("fake.ttf")
        try Data("hello".utf8).write(to: fake)
        let c = check(Doctor(fontPath: fake.path, driDirectory: scratch.path).run(), "font")
        #expect(c?.outcome == .failed)
        #expect(c?.detail.contains("not a TrueType/OpenType font") == true)
        let missing = check(Doctor(fontPath: scratch.appendingPathComponent("none.ttf").path,
                                   driDirectory: scratch.path).run(), "font")
        #expect(missing?.outcome == .failed)
    }

    @Test func aTrueTypeHeaderPasses() throws {
        let font = scratch.appendingPathComponent("min.ttf")
        try Data([0, 1, 0, 0, 0, 0]).write(to: font)
        #expect(check(Doctor(fontPath: font.path, driDirectory: scratch.path).run(), "font")?.outcome == .ok)
    }

    @Test func configurationMissingIsAWarningUnlessExplicit() throws {
        let none = scratch.appendingPathComponent("none.toml").path
        #expect(check(Doctor(configPath: none, driDirectory: scratch.path).run(), "configuration")?.outcome == .failed)
        var implicit = Doctor(driDirectory: scratch.path)
        implicit.configPath = none
        #expect(check(implicit.run(), "configuration")?.outcome == .warning)
        let present = scratch.appendingPathComponent("tribune.toml")
        try Data("# empty\n".utf8).write(to: present)
        #expect(check(Doctor(configPath: present.path, driDirectory: scratch.path).run(), "configuration")?.outcome == .ok)
    }

    @Test func readinessIgnoresWarnings() {
        #expect(Doctor.isReady([DoctorCheck(item: "a", outcome: .ok, detail: ""),
                                DoctorCheck(item: "b", outcome: .warning, detail: "")]))
        #expect(!Doctor.isReady([DoctorCheck(item: "a", outcome: .failed, detail: "")]))
    }
}
