import Foundation

/// Where the tests find the package's own files and its built executables.
public enum PackagePaths {
    /// The package's root folder (this file is `<root>/Tests/Fixtures/PackagePaths.swift`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relative` (e.g. "docs/venue.schema.json") under the package's root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The built executable `name`: beside the test bundle (`swift build --build-tests` puts the
    /// package's products there), else under `.build/debug` of the current folder. Whether it
    /// exists is the caller's to require, naming what to build.
    public static func executable(_ name: String) -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return FileManager.default.currentDirectoryPath + "/.build/debug/" + name
    }

    /// The type bits (`S_IFIFO`, `S_IFREG`, `S_IFLNK`, …) of what stands at `path`, not
    /// followed if a link; 0 when nothing does.
    public static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }
}
