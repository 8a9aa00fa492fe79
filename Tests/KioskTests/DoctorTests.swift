import Foundation
import Spawn
import Testing
@testable import Kiosk
import TestFixtures

@Suite final class DoctorTests {
    /// A folder of this test's own, removed with it.
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

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

    /// The package's root (where `config/` is), from this file's path.
    static let repository = PackagePaths.root

    /// The first command a fix quotes in backticks.
    static func command(in fix: String) -> String? {
        let parts = fix.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// Runs `command` through /bin/sh in `directory`, with `sudo` a shell function that only
    /// runs its arguments (so the command runs as printed without privileges); returns the exit
    /// status. A function, not a script on PATH: a script this process had just written could be
    /// held open by another test's fork at the moment of exec ("sudo: Text file busy", seen in CI).
    func shell(_ command: String, in directory: URL) throws -> Int32 {
        try ChildProcess("/bin/sh", ["-c", "sudo() { \"$@\"; }\n" + command], directory: directory.path).wait().status
    }

    /// The fix for a missing default configuration, run as printed from the repository's root,
    /// puts the source tree's example there; then the check passes.
    @Test func missingConfigurationFixRunsAsPrintedFromTheRepository() throws {
        let root = scratch.appendingPathComponent("root").path
        let c = Doctor(driDirectory: scratch.path, root: root).configCheck()
        #expect(c.outcome == .warning)
        #expect(c.fix.contains("repository's root"))
        let command = try #require(Self.command(in: c.fix))
        #expect(command == "sudo install -D -m 644 config/tribune.toml.example \(root)/etc/tribune/tribune.toml")
        #expect(try shell(command, in: Self.repository) == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: root + "/etc/tribune/tribune.toml"))
        let example = try Data(contentsOf: Self.repository.appendingPathComponent("config/tribune.toml.example"))
        #expect(!example.isEmpty && written == example)
        #expect(Doctor(driDirectory: scratch.path, root: root).configCheck().outcome == .ok)
    }

    /// With the example installed (`make install`), the fix copies that one and runs from any
    /// directory; a configuration path with a space is quoted for the shell.
    @Test func missingConfigurationFixUsesTheInstalledExample() throws {
        let root = scratch.appendingPathComponent("root").path
        let installed = root + Doctor.installedExamplePath
        try FileManager.default.createDirectory(atPath: root + "/etc/tribune", withIntermediateDirectories: true)
        try Data("# installed example\n".utf8).write(to: URL(fileURLWithPath: installed))
        let target = scratch.path + "/kiosk settings/tribune.toml"
        let c = Doctor(configPath: target, driDirectory: scratch.path, root: root).configCheck()
        #expect(c.outcome == .failed)
        let command = try #require(Self.command(in: c.fix))
        #expect(command == "sudo install -D -m 644 \(installed) '\(target)'")
        #expect(try shell(command, in: scratch) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("# installed example\n".utf8))
    }

    @Test func shellQuotingKeepsPlainWordsAndQuotesTheRest() {
        #expect(Doctor.shellQuoted("/etc/tribune/tribune.toml") == "/etc/tribune/tribune.toml")
        #expect(Doctor.shellQuoted("/tmp/a b") == "'/tmp/a b'")
        #expect(Doctor.shellQuoted("it's") == "'it'\\''s'")
        #expect(Doctor.shellQuoted("") == "''")
    }

    @Test func readinessIgnoresWarnings() {
        #expect(Doctor.isReady([DoctorCheck(item: "a", outcome: .ok, detail: ""),
                                DoctorCheck(item: "b", outcome: .warning, detail: "")]))
        #expect(!Doctor.isReady([DoctorCheck(item: "a", outcome: .failed, detail: "")]))
    }
}
