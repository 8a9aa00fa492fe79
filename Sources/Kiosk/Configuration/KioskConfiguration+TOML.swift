import SystemPackage
import TOMLKit

extension KioskConfiguration {
    /// The sections a file may have, each holding the keys `section.name`.
    static let sections = ["box_office", "display", "touch", "idle", "seating", "speech", "accessibility", "language"]

    /// Parses a TOML document. `source` names it in errors (the file's name, e.g. `tribune.toml`).
    /// Unknown keys, wrong types and out-of-range values are refused with the key and the reason.
    public static func parse(toml text: String, source: String) throws(ConfigurationError) -> KioskConfiguration {
        if let problem = TOMLPreflight.firstProblem(in: text) {
            throw ConfigurationError(source: source, key: "", reason: "line \(problem.line), column \(problem.column): \(problem.reason)")
        }
        let root: TOMLTable
        do { root = try TOMLTable(string: text) } catch let e as TOMLParseError {
            throw ConfigurationError(source: source, key: "",
                                     reason: "line \(e.source.begin.line), column \(e.source.begin.column): \(e.description)")
        } catch {
            throw ConfigurationError(source: source, key: "", reason: "not TOML: \(error)")
        }
        var c = KioskConfiguration()
        try c.apply(table: root, prefix: "", source: source)
        return c
    }

    private mutating func apply(table: TOMLTable, prefix: String, source: String) throws(ConfigurationError) {
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            let path = prefix + key
            if value.type == .table, prefix.isEmpty, Self.sections.contains(key), let sub = value.table {
                try apply(table: sub, prefix: key + ".", source: source)
                continue
            }
            guard let setting = Self.settings.first(where: { $0.key == path }) else {
                if prefix.isEmpty && value.type == .table {
                    throw ConfigurationError(source: source, key: path,
                                             reason: "unknown section (known: \(Self.sections.joined(separator: ", ")))")
                }
                let known = Self.settings.map(\.key).filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }
                throw ConfigurationError(source: source, key: path,
                                         reason: "unknown key (known\(prefix.isEmpty ? "" : " in [\(prefix.dropLast())]"): \(known.joined(separator: ", ")))")
            }
            if let reason = setting.apply(&self, Self.settingValue(value)) {
                throw ConfigurationError(source: source, key: path, reason: reason)
            }
        }
    }

    private static func settingValue(_ v: any TOMLValueConvertible) -> SettingValue {
        switch v.type {
        case .string: return .string(v.string ?? "")
        case .int: return .integer(v.int ?? 0)
        case .double: return .number(v.double ?? .nan)
        case .bool: return .boolean(v.bool ?? false)
        case .array:
            guard let a = v.array else { return .other("an array") }
            if !a.isEmpty, a.allSatisfy({ $0.type == .string }) { return .strings(a.map { $0.string ?? "" }) }
            var numbers: [Double] = []
            for element in a {
                if let i = element.int { numbers.append(Double(i)) } else if let d = element.double { numbers.append(d) } else {
                    return .other("an array holding a \(element.type)")
                }
            }
            return .numbers(numbers)
        case .table: return .other("a table")
        default: return .other("a \(v.type)")
        }
    }

    /// Reads the file at `path`, applies `overrides` (key → flag text, in order; flags win) and
    /// validates the result. A missing file is an error unless `optional` (the default path
    /// when no `--config` was given).
    public static func load(file path: String?, optional: Bool = false,
                            overrides: [(key: String, value: String)] = []) throws(ConfigurationError) -> KioskConfiguration {
        var c = KioskConfiguration()
        var source = "flags"
        if let path {
            let name = FilePath(path).lastComponent?.string ?? path
            switch readFile(path) {
            case .success(let text):
                c = try parse(toml: text, source: name)
                source = name
            case .failure(let e):
                if !(optional && e == .noSuchFileOrDirectory) {
                    throw ConfigurationError(source: path, key: "", reason: "cannot read: \(e)")
                }
            }
        }
        for (key, value) in overrides { try c.set(key, fromFlag: value) }
        try c.validate(source: source)
        try c.loadLanguages(source: source)
        return c
    }

    /// A whole (small) file as UTF-8 text.
    static func readFile(_ path: String) -> Result<String, Errno> {
        do {
            let fd = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
            defer { try? fd.close() }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
                if n == 0 { break }
                bytes += chunk[0..<n]
                if bytes.count > 16 << 20 { return .failure(.fileTooLarge) }
            }
            return .success(String(decoding: bytes, as: UTF8.self))
        } catch let e as Errno {
            return .failure(e)
        } catch {
            return .failure(.ioError)
        }
    }
}
