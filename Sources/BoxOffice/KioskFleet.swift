import Foundation
import JSON

/// Every kiosk that ever sent a heartbeat, as `tribune-boxoffice kiosks` lists them: each with its
/// last reported state and a health judged against the time of the listing.
public struct KioskFleet: Sendable, Equatable {
    /// A kiosk not heard from for this many of its own heartbeat intervals is Offline: one late
    /// or lost beat (a box-office restart, a dropped connection) is not enough, three are.
    public static let offlineAfterIntervals: Int64 = 3

    /// How a kiosk is doing, worst last.
    public enum Health: String, Sendable, Equatable, CaseIterable {
        /// In service with its display and touchscreen.
        case ok = "OK"
        /// Selling is possible but something is missing: no touchscreen, or it runs standalone.
        case warning = "Warning"
        /// Visitors cannot buy: out of service (with its code) or no display.
        case error = "Error"
        /// No heartbeat for `offlineAfterIntervals` intervals.
        case offline = "Offline"
    }

    /// One kiosk's last heartbeat.
    public struct Entry: Sendable, Equatable {
        public var kiosk: String
        /// `in_service`, `out_of_service` or `standalone` (`KioskHeartbeat.State`).
        public var state: String
        /// The out-of-service code (`box_office_unreachable`, …), when out of service.
        public var code: String?
        public var display: Bool
        public var touch: Bool
        /// How often the kiosk said it beats, seconds.
        public var intervalSeconds: Int64
        /// Milliseconds since 1970, the box office's clock.
        public var lastSeenAt: Int64

        /// The health at `now` (milliseconds since 1970).
        public func health(now: Int64) -> Health {
            if now - lastSeenAt > Self.offlineAfter(intervalSeconds) { return .offline }
            if state == "out_of_service" || !display { return .error }
            if state == "standalone" || !touch { return .warning }
            return .ok
        }

        static func offlineAfter(_ intervalSeconds: Int64) -> Int64 { KioskFleet.offlineAfterIntervals * intervalSeconds * 1000 }

        /// What is wrong, in a few words ("" when nothing is).
        var detail: String {
            var parts: [String] = []
            if state == "out_of_service" { parts.append("out of service" + (code.map { " (\($0))" } ?? "")) }
            if state == "standalone" { parts.append("standalone") }
            if !display { parts.append("display missing") }
            if !touch { parts.append("touch missing") }
            return parts.joined(separator: ", ")
        }
    }

    /// By kiosk id.
    public var entries: [Entry]
    /// When the listing was made, milliseconds since 1970.
    public var now: Int64

    public init(entries: [Entry], now: Int64) {
        self.entries = entries.sorted { $0.kiosk < $1.kiosk }
        self.now = now
    }

    /// An aligned table: kiosk, health, last seen (UTC), seconds ago, what is wrong.
    public var table: String {
        let header = ["KIOSK", "STATUS", "LAST SEEN (UTC)", "AGO", "DETAIL"]
        let rows = entries.map { e in
            [e.kiosk, e.health(now: now).rawValue, Timestamp.iso(e.lastSeenAt), "\(max(0, now - e.lastSeenAt) / 1000) s", e.detail]
        }
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in i == cells.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    /// `{"kiosks": [{"kiosk": …, "status": "OK", "last_seen": ISO, …}], "now": ISO}`.
    public var json: String {
        let items = entries.map { e -> JSONValue in
            var o: [String: JSONValue] = ["kiosk": .string(e.kiosk), "status": .string(e.health(now: now).rawValue),
                                          "state": .string(e.state), "display": .bool(e.display), "touch": .bool(e.touch),
                                          "interval_seconds": .int(e.intervalSeconds), "last_seen": .string(Timestamp.iso(e.lastSeenAt))]
            if let code = e.code { o["code"] = .string(code) }
            return .object(o)
        }
        let document: JSONValue = ["kiosks": .array(items), "now": .string(Timestamp.iso(now))]
        return String(decoding: document.encoded(), as: UTF8.self)
    }
}
