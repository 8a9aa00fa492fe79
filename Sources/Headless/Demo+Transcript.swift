import KioskUI

/// What the demo's accessible-mode sequence said: `transcript.txt` (one announcement a line)
/// next to the key frames; the report carries the same as JSON (`speech`), and
/// `transcript.wav` the same as sound (`TranscriptAudio`, as `replay --speech-wav` writes it).
extension Demo {
    /// The transcript as text: a heading line, then per announcement its time on the session's
    /// clock (s, as the report writes numbers), its language tag and its text, tab-separated.
    static func transcriptText(_ transcript: [Announcement]) -> String {
        var lines = ["time_s\tlanguage\ttext"]
        for a in transcript {
            // An announcement is one line: a line break in a text would start a false entry.
            let text = a.text.split(whereSeparator: \.isNewline).joined(separator: " ")
            lines.append("\(ReplayReport.number(a.time))\t\(a.language)\t\(text)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
