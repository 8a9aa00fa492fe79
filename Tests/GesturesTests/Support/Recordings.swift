import Foundation

/// Locates the shared recordings (`../shared/recordings` next to the package root).
enum Recordings {
    static let root: String = {
        // #filePath = <package>/Tests/GesturesTests/Support/Recordings.swift
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/recordings").path
    }()
    static var evemu: String { root + "/evemu" }
    static var available: Bool { FileManager.default.fileExists(atPath: evemu) }
    static let skipMessage = "recordings not found at ../shared/recordings (relative to the package root); skipped"

    static func devices(_ relative: String) -> String { evemu + "/evemu-devices/" + relative }
    static func data(_ relative: String) -> String { evemu + "/evemu-data/" + relative }
}
