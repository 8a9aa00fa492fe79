
extension BoxOfficeStore {
    /// Stores a kiosk's heartbeat with the box office's time as its last-seen time.
    func recordHeartbeat(kiosk: String, _ beat: HeartbeatRequest) async throws {
        let now = self.now()
        try await write { db in
            try db.execute("""
                INSERT INTO kiosk_heartbeat(kiosk_id, state, code, display, touch, interval_seconds, last_seen_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(kiosk_id) DO UPDATE SET state = excluded.state, code = excluded.code, display = excluded.display,
                  touch = excluded.touch, interval_seconds = excluded.interval_seconds, last_seen_at = excluded.last_seen_at
                """, [kiosk, beat.state, beat.code, beat.display, beat.touch, beat.intervalSeconds, now])
        }
    }

    /// Every kiosk that sent a heartbeat, judged at the store's now.
    public func kioskFleet() async throws -> KioskFleet {
        let now = self.now()
        let entries = try await read { db in
            try db.rows("SELECT * FROM kiosk_heartbeat ORDER BY kiosk_id").map { row in
                KioskFleet.Entry(kiosk: row["kiosk_id"], state: row["state"], code: row["code"], display: row["display"], touch: row["touch"],
                                 intervalSeconds: row["interval_seconds"], lastSeenAt: row["last_seen_at"])
            }
        }
        return KioskFleet(entries: entries, now: now)
    }

    /// Holds not released, converted or expired.
    func activeHoldCount() async throws -> Int {
        let now = self.now()
        return try await read { db in
            try db.value("SELECT COUNT(*) FROM hold WHERE status = 'active' AND expires_at > ?", [now]) ?? 0
        }
    }
}
