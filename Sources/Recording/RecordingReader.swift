import Evdev
import Foundation

/// Opens a recording in either format, by content: `libinput record` YAML (a `version:` key)
/// or evemu (`# EVEMU` / `N:` / `E:` lines). An evemu file without a description takes it
/// from a sibling description file: for `Dev.scenario.events` it tries `Dev.scenario.desc`,
/// `Dev.desc` (and `.prop`), dropping one dot-suffix at a time.
public enum RecordingReader {
    public static func read(path: String) throws(RecordingError) -> InputRecording {
        let text = try readText(path)
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(RecordingError) -> InputRecording {
        if isLibinputRecord(text) { return try LibinputRecordReader.parse(text, path: path) }
        if hasEvemuDescription(text) { return try EvemuReader.parse(text, path: path) }
        guard let sibling = siblingDescription(of: path) else {
            throw RecordingError(file: path, line: nil,
                                 message: "no device description: expected N:/I:/A: lines, a 'version: 1' libinput record header, or a sibling .desc/.prop file")
        }
        let description = try EvemuReader.parse(try readText(sibling), path: sibling, requireEvents: false).device
        return try EvemuReader.parse(text, path: path, description: description)
    }

    /// Reads a description-only evemu file (`.desc`, `.prop`).
    public static func readDescription(path: String) throws(RecordingError) -> InputDevice {
        try EvemuReader.parse(try readText(path), path: path, requireEvents: false).device
    }

    static func readText(_ path: String) throws(RecordingError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(file: path, line: nil, message: "cannot read the file (missing or unreadable)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first meaningful line is a YAML key (libinput record) rather than an evemu tag.
    static func isLibinputRecord(_ text: String) -> Bool {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(50) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            return t.hasPrefix("version:") || t.hasPrefix("ndevices:") || t.hasPrefix("devices:") || t.hasPrefix("libinput:")
        }
        return false
    }

    static func hasEvemuDescription(_ text: String) -> Bool {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("E:") { return false }
            if line.hasPrefix("N:") || line.hasPrefix("A:") || line.hasPrefix("I:") { return true }
        }
        return false
    }

    static func siblingDescription(of path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var stem = url.lastPathComponent
        while let dot = stem.lastIndex(of: ".") {
            stem = String(stem[..<dot])
            for ext in ["desc", "prop"] {
                let candidate = directory.appendingPathComponent(stem + "." + ext).path
                if candidate != path && FileManager.default.fileExists(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
