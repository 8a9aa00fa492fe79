import BoxOfficeClient
import Foundation
import Synchronization

/// Looks at every kiosk of BoxOfficeScaleOutTests every 50 ms until they all stopped: whether it
/// showed out of service and the longest it had been out of reach. A kiosk looks at itself only
/// between purchases, and one purchase retrying through an outage can span all of it.
final class ScaleOutWatcher: Sendable {
    struct Seen: Sendable {
        var sawOutOfService = false
        /// The longest the client had been out of reach when looked at, s.
        var longestUnreachable = 0.0

        /// Updated with what `client` shows now.
        mutating func look(at client: PurchaseClient) async {
            if case .outOfService = await client.serviceState { sawOutOfService = true }
            if let since = await client.unreachableSince {
                longestUnreachable = max(longestUnreachable, Date().timeIntervalSince1970 - since)
            }
        }
    }

    let clients: [PurchaseClient]
    /// Per kiosk, in the order of `clients`.
    let seen: Mutex<[Seen]>

    init(clients: [PurchaseClient]) {
        self.clients = clients
        seen = Mutex(Array(repeating: Seen(), count: clients.count))
    }

    func run(until progress: ScaleOutProgress) async {
        while !progress.finished.withLock({ $0 }) {
            for (i, client) in clients.enumerated() {
                var kiosk = seen.withLock { $0[i] }   // only this loop writes them
                await kiosk.look(at: client)
                seen.withLock { $0[i] = kiosk }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}
