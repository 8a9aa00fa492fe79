import BoxOfficeClient
import Logging
import Synchronization

/// Posts heartbeats to the box office off the loop's thread, one at a time: a beat due while the
/// previous one is still out (a box office slow to answer) is skipped, so nothing piles up.
final class HeartbeatSender: Sendable {
    static let path = "/v1/kiosks/heartbeat"

    private let connection: BoxOfficeConnection
    private let logger: Logger
    private let inFlight = Mutex(false)
    /// Heartbeats the box office stored (answered 204), for tests and the log.
    private let delivered = Mutex(0)

    init(connection: BoxOfficeConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    var deliveredCount: Int { delivered.withLock { $0 } }

    /// Sends `beat` unless one is still out; returns whether it went.
    @discardableResult
    func send(_ beat: KioskHeartbeat) -> Bool {
        guard inFlight.withLock({ busy in defer { busy = true }; return !busy }) else { return false }
        Task { [self] in
            defer { inFlight.withLock { $0 = false } }
            do throws(BoxOfficeError) {
                let reply = try await connection.send(.POST, Self.path, json: beat.json)
                if reply.status == 204 {
                    delivered.withLock { $0 += 1 }
                } else {
                    logger.warning("heartbeat refused", metadata: ["status": "\(reply.status)", "problem": "\(reply.problem?.code ?? "")"])
                }
            } catch {
                logger.debug("heartbeat not delivered", metadata: ["error": "\(error)"])
            }
        }
        return true
    }
}
