import HummingbirdCore
import Metrics

/// The connection cap (`MaximumAvailableConnections`) that also keeps the open-connections gauge:
/// Hummingbird tells it of every connection opened and closed.
struct CountedConnections: AvailableConnectionsDelegate {
    var limit: MaximumAvailableConnections
    let gauge: Meter

    mutating func connectionOpened() {
        limit.connectionOpened()
        gauge.increment()
    }

    mutating func connectionClosed() {
        limit.connectionClosed()
        gauge.decrement()
    }

    func isAcceptingNewConnections() -> Bool { limit.isAcceptingNewConnections() }
}
