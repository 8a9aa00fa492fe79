import Logging
#if canImport(Glibc)
import Glibc
#endif

/// swift-log to standard error, one line per message. Under systemd (`$JOURNAL_STREAM` names
/// this process's stderr) each line starts with the syslog priority `<N>` so journald files it
/// at the right level and adds its own timestamp; otherwise lines carry a timestamp and the
/// level. Metadata whose key looks like a secret (token, password, authorization) is redacted.
public struct KioskLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level
    public let label: String
    /// Prefix lines with `<N>` (journald) instead of a timestamp.
    public let journald: Bool
    private let fd: Int32

    public init(label: String, level: Logger.Level = .info, journald: Bool = KioskLogHandler.stderrIsJournal(), fileDescriptor: Int32 = 2) {
        self.label = label; self.logLevel = level; self.journald = journald; self.fd = fileDescriptor
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        let line = Self.format(level: event.level, message: event.message.description, metadata: all,
                               label: label, journald: journald, time: journald ? nil : Self.wallClock())
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The syslog priority of a level (sd-daemon.h: `<7>` debug … `<2>` critical).
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// One log line (with its newline). Multi-line messages are joined so one message stays one
    /// journal entry.
    public static func format(level: Logger.Level, message: String, metadata: Logger.Metadata, label: String,
                              journald: Bool, time: String? = nil) -> String {
        var text = message.replacingNewlines()
        if !metadata.isEmpty {
            let pairs = metadata.keys.sorted().map { key in
                "\(key)=\(isSecret(key) ? "<redacted>" : "\(metadata[key]!)".replacingNewlines())"
            }
            text += " " + pairs.joined(separator: " ")
        }
        if journald { return "<\(priority(level))>\(text)\n" }
        return "\(time.map { $0 + " " } ?? "")\(level.rawValue.uppercased()) \(label): \(text)\n"
    }

    /// Keys whose values must never reach a log.
    public static func isSecret(_ key: String) -> Bool {
        let k = key.lowercased()
        return k.contains("token") || k.contains("password") || k.contains("secret") || k.contains("authorization")
    }

    /// True when `$JOURNAL_STREAM` (`device:inode`) is this process's standard error, as systemd
    /// sets it for `StandardError=journal`.
    public static func stderrIsJournal(environment value: String? = getenv("JOURNAL_STREAM").map { String(cString: $0) },
                                       fileDescriptor: Int32 = 2) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(fileDescriptor, &st) == 0 else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }

    static func wallClock() -> String {
        var t = time(nil)
        var tm = Glibc.tm()
        gmtime_r(&t, &tm)
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &tm)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}
