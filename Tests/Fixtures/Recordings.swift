import Foundation

/// The touch recordings committed under `Tests/Fixtures/recordings` (see its README for their
/// origin and licences), located from this file's path so any test target finds them wherever
/// the package is cloned. A missing recording is an error naming the file, so the test that
/// wanted it fails instead of passing without it.
public enum Recordings {
    /// `<package>/Tests/Fixtures/recordings`.
    public static let root: String = URL(fileURLWithPath: #filePath)  // <package>/Tests/Fixtures/Recordings.swift
        .deletingLastPathComponent().appendingPathComponent("recordings").path
    /// `<root>/evemu`: the two evemu archives, `evemu-devices` and `evemu-data`.
    public static var evemu: String { root + "/evemu" }

    /// A file or folder under `root`, e.g. `"evemu/evemu-data/3m.event"`; throws if it is absent.
    public static func path(_ relative: String) throws(MissingRecording) -> String {
        let path = root + "/" + relative
        guard FileManager.default.fileExists(atPath: path) else { throw MissingRecording(path: path) }
        return path
    }
    /// A file or folder of the evemu-devices archive, e.g. `"tablets/"`.
    public static func devices(_ relative: String) throws(MissingRecording) -> String {
        try path("evemu/evemu-devices/" + relative)
    }
    /// A file of the evemu-data archive, e.g. `"3m.event"`.
    public static func data(_ relative: String) throws(MissingRecording) -> String {
        try path("evemu/evemu-data/" + relative)
    }

    /// Every file under `evemu`, sorted, split into recordings (`.event`, `.events`, `.evemu`,
    /// `.yml`, `.yaml`) and device descriptions (`.desc`, `.prop`); licence files are neither.
    public static func files() throws(MissingRecording) -> (recordings: [String], descriptions: [String]) {
        let base = try path("evemu")
        guard let e = FileManager.default.enumerator(atPath: base) else { throw MissingRecording(path: base) }
        var recordings: [String] = [], descriptions: [String] = []
        for case let rel as String in e {
            let path = base + "/" + rel
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            let ext = (rel as NSString).pathExtension
            if ["event", "events", "evemu", "yml", "yaml"].contains(ext) { recordings.append(path) }
            else if ["desc", "prop"].contains(ext) { descriptions.append(path) }
        }
        return (recordings.sorted(), descriptions.sorted())
    }
}

/// A recording the tests need is not where the repository keeps it.
public struct MissingRecording: Error, CustomStringConvertible {
    /// The absolute path that was looked for.
    public let path: String
    public var description: String {
        "recording not found: \(path) (the recordings are part of the repository under Tests/Fixtures/recordings; "
            + "restore them with `git checkout -- Tests/Fixtures/recordings`)"
    }
}
