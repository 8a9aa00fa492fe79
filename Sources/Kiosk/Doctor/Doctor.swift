import DRMDisplay
import KioskUI
import SystemPackage
import TouchInput
import Udev
#if canImport(Glibc)
import Glibc
#endif

/// Checks whether this machine is ready for kiosk duty: libraries, display, touchscreen,
/// device permissions, font and configuration. Each check says OK or what is wrong and the
/// command that fixes it; a fix's shell commands are quoted in backticks and work as printed
/// (paths quoted for the shell where needed).
public struct Doctor: Sendable {
    /// The font the kiosk draws text with.
    public var fontPath: String
    /// The configuration file; `configIsExplicit` makes a missing file an error rather than a
    /// warning (the defaults apply when no file is given).
    public var configPath: String
    public var configIsExplicit: Bool
    public var driDirectory: String
    /// A directory standing for `/` when looking for the default configuration and the
    /// installed example (as `make install`'s DESTDIR stages one); empty for the real root.
    public var root: String

    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let defaultConfigPath = "/etc/tribune/tribune.toml"
    /// Where `make install` puts the commented example configuration.
    public static let installedExamplePath = "/etc/tribune/tribune.toml.example"
    /// The commented example configuration in the source tree, relative to the repository's root.
    public static let repositoryExamplePath = "config/tribune.toml.example"

    public init(fontPath: String = Doctor.defaultFontPath, configPath: String? = nil,
                driDirectory: String = "/dev/dri", root: String = "") {
        self.fontPath = fontPath
        self.configPath = configPath ?? root + Doctor.defaultConfigPath
        self.configIsExplicit = configPath != nil
        self.driDirectory = driDirectory
        self.root = root
    }

    /// Runs every check, in a stable order.
    public func run() -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        let maps = Doctor.mappedFiles()
        checks.append(libraryCheck("libdrm", path: maps.first { $0.contains("/libdrm.so") }, package: "libdrm2"))
        checks.append(libraryCheck("libinput", path: maps.first { $0.contains("/libinput.so") }, package: "libinput10"))
        checks.append(libraryCheck("libudev", path: maps.first { $0.contains("/libudev.so") }, package: "libudev1"))
        checks += displayChecks()
        checks += touchscreenChecks()
        checks += groupChecks()
        checks.append(fontCheck())
        checks.append(configCheck())
        checks += boxOfficeTrustChecks()
        checks += speechChecks(configuredSpeech())
        checks += languageFontChecks(regular: KioskFonts.regular(), bold: KioskFonts.bold())
        return checks
    }

    /// True when no check failed (warnings allowed).
    public static func isReady(_ checks: [DoctorCheck]) -> Bool { !checks.contains { $0.outcome == .failed } }

    func libraryCheck(_ name: String, path: String?, package: String) -> DoctorCheck {
        if let path { return DoctorCheck(item: name, outcome: .ok, detail: "loaded from \(path)") }
        return DoctorCheck(item: name, outcome: .failed, detail: "\(name) is not loaded in this process",
                           fix: "`sudo apt-get install \(package)`")
    }

    func displayChecks() -> [DoctorCheck] {
        let cards = DRMCard.cardPaths(directory: driDirectory)
        guard !cards.isEmpty else {
            return [DoctorCheck(item: "display", outcome: .failed,
                                detail: "no DRM card in \(driDirectory): no kernel mode-setting driver is loaded",
                                fix: "load the GPU's KMS driver (e.g. `sudo modprobe i915`, `vc4`, `amdgpu`, or `bochs` in QEMU) and check `dmesg | grep drm`")]
        }
        var checks: [DoctorCheck] = []
        var anyConnected = false
        for path in cards {
            do {
                let card = try DRMCard(path: path)
                let driver = (try? card.driverName()) ?? "unknown driver"
                let connectors = try card.connectors()
                if connectors.isEmpty {
                    checks.append(DoctorCheck(item: "DRM card \(path)", outcome: .warning,
                                              detail: "\(driver): no connectors (a render-only device)"))
                    continue
                }
                checks.append(DoctorCheck(item: "DRM card \(path)", outcome: .ok, detail: "driver \(driver), read/write access"))
                for c in connectors {
                    let size = c.widthMillimetres > 0 ? ", \(c.widthMillimetres)×\(c.heightMillimetres) mm" : ""
                    if c.status == .connected {
                        anyConnected = true
                        let modes = c.modes.prefix(4).map(\.description).joined(separator: ", ")
                        checks.append(DoctorCheck(item: "  connector \(c.name)", outcome: .ok,
                                                  detail: "connected\(size); modes: \(modes)\(c.modes.count > 4 ? ", …" : "")"))
                    } else {
                        checks.append(DoctorCheck(item: "  connector \(c.name)", outcome: .warning,
                                                  detail: c.status.rawValue))
                    }
                }
            } catch {
                if error.errno == .permissionDenied {
                    checks.append(DoctorCheck(item: "DRM card \(path)", outcome: .failed,
                                              detail: "no read/write permission for \(Doctor.userName())",
                                              fix: "`sudo usermod -aG video \(Doctor.userName())`, then log in again; or run Tribune as the tribune-kiosk systemd unit (`sudo systemctl enable --now tribune-kiosk` after `make install`)"))
                } else {
                    checks.append(DoctorCheck(item: "DRM card \(path)", outcome: .failed, detail: error.description,
                                              fix: "check `dmesg | grep drm` for driver errors"))
                }
            }
        }
        if !anyConnected && !checks.contains(where: { $0.outcome == .failed }) {
            checks.append(DoctorCheck(item: "display", outcome: .failed, detail: "no connected display on any card",
                                      fix: "connect the display and check its cable and power; `tribune doctor` lists each connector"))
        }
        return checks
    }

    func touchscreenChecks() -> [DoctorCheck] {
        guard let udev = try? UdevContext() else {
            return [DoctorCheck(item: "touchscreen", outcome: .failed, detail: "cannot create a udev context",
                                fix: "make sure systemd-udevd runs: `systemctl status systemd-udevd`")]
        }
        let screens = udev.touchscreens()
        guard !screens.isEmpty else {
            return [DoctorCheck(item: "touchscreen", outcome: .failed,
                                detail: "no input device tagged ID_INPUT_TOUCHSCREEN=1 by udev",
                                fix: "connect the touchscreen (USB or I²C) and check `sudo libinput list-devices` (package libinput-tools); udev must run, then `sudo udevadm trigger`")]
        }
        return screens.map { s in
            let label = "touchscreen \(s.deviceNode)"
            let name = s.name.isEmpty ? "" : "\"\(s.name)\""
            if access(s.deviceNode, R_OK | W_OK) == 0 {
                let cal = s.calibrationMatrix.map { ", calibration \($0)" } ?? ""
                return DoctorCheck(item: label, outcome: .ok, detail: "\(name) read/write access\(cal)")
            }
            return DoctorCheck(item: label, outcome: .failed, detail: "\(name) no read/write permission for \(Doctor.userName())",
                               fix: "`sudo usermod -aG input \(Doctor.userName())`, then log in again; or run Tribune as the tribune-kiosk systemd unit (`sudo systemctl enable --now tribune-kiosk` after `make install`)")
        }
    }

    func groupChecks() -> [DoctorCheck] {
        if geteuid() == 0 {
            return [DoctorCheck(item: "user", outcome: .ok, detail: "running as root: devices are accessible (the systemd unit runs as a dedicated user instead)")]
        }
        let member = Doctor.groupNames()
        return ["video", "input"].map { g in
            member.contains(g)
                ? DoctorCheck(item: "group \(g)", outcome: .ok, detail: "\(Doctor.userName()) is a member")
                : DoctorCheck(item: "group \(g)", outcome: .warning, detail: "\(Doctor.userName()) is not a member",
                              fix: "`sudo usermod -aG \(g) \(Doctor.userName())`, then log in again")
        }
    }

    func fontCheck() -> DoctorCheck {
        let fix = fontPath == Doctor.defaultFontPath ? "`sudo apt-get install fonts-dejavu-core`"
                                                     : "point the configuration's font path at a TrueType/OpenType file"
        guard let fd = try? FileDescriptor.open(FilePath(fontPath), .readOnly) else {
            return DoctorCheck(item: "font", outcome: .failed, detail: "\(fontPath) cannot be read", fix: fix)
        }
        defer { try? fd.close() }
        var magic = [UInt8](repeating: 0, count: 4)
        let n = (try? magic.withUnsafeMutableBytes { try fd.read(into: $0) }) ?? 0
        // TrueType (0x00010000 or 'true'), OpenType/CFF ('OTTO'), collections ('ttcf').
        let known: [[UInt8]] = [[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8)]
        guard n == 4, known.contains(magic) else {
            return DoctorCheck(item: "font", outcome: .failed, detail: "\(fontPath) is not a TrueType/OpenType font", fix: fix)
        }
        return DoctorCheck(item: "font", outcome: .ok, detail: fontPath)
    }

    func configCheck() -> DoctorCheck {
        if access(configPath, F_OK) != 0 {
            if configIsExplicit {
                return DoctorCheck(item: "configuration", outcome: .failed, detail: "\(configPath) does not exist",
                                   fix: configFix())
            }
            return DoctorCheck(item: "configuration", outcome: .warning,
                               detail: "\(configPath) not found; built-in defaults apply", fix: configFix())
        }
        if access(configPath, R_OK) != 0 {
            return DoctorCheck(item: "configuration", outcome: .failed, detail: "\(configPath) is not readable by \(Doctor.userName())",
                               fix: "`sudo chmod 644 \(Doctor.shellQuoted(Doctor.absolute(configPath)))`")
        }
        return DoctorCheck(item: "configuration", outcome: .ok, detail: configPath)
    }

    /// Copies the commented example to the configuration path: the installed example when
    /// `make install` put one under `root`, else the source tree's, which the command names
    /// relative to the repository's root (so it says to run it there).
    func configFix() -> String {
        let target = Doctor.shellQuoted(Doctor.absolute(configPath))
        let installed = root + Doctor.installedExamplePath
        if access(installed, R_OK) == 0 {
            return "create it from the commented example: `sudo install -D -m 644 \(Doctor.shellQuoted(installed)) \(target)`"
        }
        return "create it from the commented example, in the repository's root (where config/ is): "
            + "`sudo install -D -m 644 \(Doctor.repositoryExamplePath) \(target)`"
    }

    /// `path` made absolute against the working directory, so a fix run elsewhere (the
    /// repository's root) still names the same file.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    /// `word` as one shell word: unchanged when it holds only characters the shell takes
    /// literally, else in single quotes (a quote inside written as `'\''`).
    static func shellQuoted(_ word: String) -> String {
        let plain = word.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || "/._-+=:,@%".utf8.contains(c)
        }
        if plain && !word.isEmpty { return word }
        var quoted = "'"
        for c in word { quoted += c == "'" ? "'\\''" : String(c) }
        return quoted + "'"
    }

    /// The files mapped into this process (from `/proc/self/maps`): where the dynamic linker
    /// really loaded each shared library from.
    static func mappedFiles() -> [String] {
        guard let fd = try? FileDescriptor.open("/proc/self/maps", .readOnly) else { return [] }
        defer { try? fd.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while let n = try? chunk.withUnsafeMutableBytes({ try fd.read(into: $0) }), n > 0 {
            bytes += chunk.prefix(n)
        }
        var seen = Set<String>(), out: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if seen.insert(path).inserted { out.append(path) }
        }
        return out
    }

    static func userName() -> String {
        if let pw = getpwuid(geteuid()), let n = pw.pointee.pw_name { return String(cString: n) }
        return "uid \(geteuid())"
    }

    static func groupNames() -> Set<String> {
        let count = getgroups(0, nil)
        guard count > 0 else { return [] }
        var ids = [gid_t](repeating: 0, count: Int(count))
        let n = getgroups(count, &ids)
        var names = Set<String>()
        for id in ids.prefix(Int(max(n, 0))) {
            if let g = getgrgid(id), let name = g.pointee.gr_name { names.insert(String(cString: name)) }
        }
        return names
    }
}
