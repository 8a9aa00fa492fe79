/// One item `tribune doctor` checks: whether a machine is ready for kiosk duty in that respect,
/// and if not, what is wrong and the command that fixes it.
public struct DoctorCheck: Hashable, Sendable {
    public enum Outcome: String, Hashable, Sendable {
        case ok = "OK"
        /// Not ready for kiosk duty.
        case failed = "FAIL"
        /// Worth knowing, but not required.
        case warning = "WARN"
    }

    /// What was checked, e.g. "DRM card /dev/dri/card0".
    public var item: String
    public var outcome: Outcome
    /// What was found (details on success, the problem otherwise).
    public var detail: String
    /// A command or step that fixes it; empty when nothing needs fixing.
    public var fix: String

    public init(item: String, outcome: Outcome, detail: String, fix: String = "") {
        self.item = item; self.outcome = outcome; self.detail = detail; self.fix = fix
    }
}
