#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows how far long work has got: on a terminal a bar redrawn in place
/// (`\r[#######------] 53% rendering 64/120`), otherwise (a log, a pipe, journald) a plain line at
/// every tenth of the way, so logs stay readable. Writes to standard error so that standard
/// output stays for results.
public final class ProgressDisplay {
    /// What is being done ("rendering frames").
    public let title: String
    /// Steps in all (at least 1).
    public let total: Int
    /// Whether the bar is drawn in place (the output is a terminal).
    public let isTerminal: Bool
    private let descriptor: Int32
    private var lastShown = -1
    private var finished = false
    /// Bar width in characters.
    static let barWidth = 30

    /// - Parameters:
    ///   - descriptor: where to write (default: standard error).
    ///   - isTerminal: nil asks `isatty(descriptor)`.
    public init(title: String, total: Int, descriptor: Int32 = 2, isTerminal: Bool? = nil) {
        self.title = title
        self.total = max(1, total)
        self.descriptor = descriptor
        self.isTerminal = isTerminal ?? (isatty(descriptor) == 1)
    }

    /// `done` of `total` steps are done.
    public func update(_ done: Int) {
        guard !finished else { return }
        let d = min(max(0, done), total)
        if isTerminal {
            let percent = d * 100 / total
            guard percent != lastShown else { return }
            lastShown = percent
            write("\r" + Self.bar(done: d, total: total) + " \(title) \(d)/\(total)")
        } else {
            let tenth = d * 10 / total
            guard tenth != lastShown, tenth > 0 || d == 0 && lastShown < 0 else { return }
            lastShown = tenth
            write("\(title): \(d * 100 / total)% (\(d)/\(total))\n")
        }
    }

    /// Ends the display (a terminal gets its line finished); `message` follows on its own line.
    public func finish(_ message: String? = nil) {
        guard !finished else { return }
        update(total)
        finished = true
        if isTerminal { write("\n") }
        if let message { write(message + "\n") }
    }

    /// Clears the bar from a terminal line so other output can be printed; the next `update`
    /// draws it again. Plain-line output needs nothing cleared.
    public func clear() {
        guard isTerminal, !finished else { return }
        write("\r\u{1B}[2K")
        lastShown = -1
    }

    /// `[####------] 40%` for `done` of `total`.
    public static func bar(done: Int, total: Int) -> String {
        let t = max(1, total), d = min(max(0, done), t)
        let filled = d * barWidth / t
        let percent = String(d * 100 / t)
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "] "
            + String(repeating: " ", count: 3 - percent.count) + percent + "%"
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }
}
