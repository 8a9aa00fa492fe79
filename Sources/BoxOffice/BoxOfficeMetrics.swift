import CoreMetrics
import Metrics
import Prometheus

/// The server's Prometheus metrics, served as text format 0.0.4 by `GET /metrics`.
///
/// Each server owns its registry and hands swift-metrics an explicit factory over it: nothing
/// goes through `MetricsSystem.bootstrap`, which is once per process, because tests run many
/// servers in one process and each must count only its own requests. Histograms have fixed
/// buckets, so memory does not grow with traffic; label sets are bounded by the route table and
/// the status codes the server answers with.
final class BoxOfficeMetrics: Sendable {
    static let requestsName = "tribune_boxoffice_requests_total"
    static let requestDurationName = "tribune_boxoffice_request_duration_seconds"
    static let commitDurationName = "tribune_boxoffice_commit_duration_seconds"

    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory
    /// Orders created (replayed answers to a retried request are not counted again).
    let orders: CoreMetrics.Counter
    /// Holds active (not released, converted or expired), set from the database at each scrape.
    let activeHolds: CoreMetrics.Gauge
    /// TCP connections open now.
    let openConnections: Meter
    /// One group commit: the batch's transaction from BEGIN to the end of COMMIT (with
    /// `synchronous = FULL` that includes the fsync).
    let commitDuration: Metrics.Timer
    /// Per route ("GET /v1/events/{event_id}"): how long the server took from the routed request
    /// to its response.
    private let requestDurations: [String: Metrics.Timer]

    init(routes: [APIRoute]) {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Request and commit times: 0.5 ms (a cached read) to 10 s (a stalled disk).
        let buckets: [Duration] = [.microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
                                   .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                                   .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(10)]
        factory.durationHistogramBuckets = [Self.requestDurationName: buckets, Self.commitDurationName: buckets]
        self.factory = factory
        orders = CoreMetrics.Counter(label: "tribune_boxoffice_orders_total", factory: factory)
        activeHolds = CoreMetrics.Gauge(label: "tribune_boxoffice_active_holds", factory: factory)
        openConnections = Meter(label: "tribune_boxoffice_open_connections", factory: factory)
        commitDuration = Metrics.Timer(label: Self.commitDurationName, factory: factory)
        var durations: [String: Metrics.Timer] = [:]
        for route in routes {
            durations[Self.key(route)] = Metrics.Timer(label: Self.requestDurationName,
                                                       dimensions: [("method", route.method.rawValue), ("route", route.path)],
                                                       factory: factory)
        }
        requestDurations = durations
    }

    private static func key(_ route: APIRoute) -> String { "\(route.method.rawValue) \(route.path)" }

    /// A request to `route` answered with `status` after `duration`.
    func answered(_ route: APIRoute, status: Int, duration: Duration) {
        requestDurations[Self.key(route)]?.recordInterval(duration)
        // The registry hands back the counter it holds for these labels: one per route and status.
        CoreMetrics.Counter(label: Self.requestsName, dimensions: [("method", route.method.rawValue), ("route", route.path), ("status", String(status))],
                factory: factory).increment()
    }

    /// The text exposition of every metric.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}

extension Metrics.Timer {
    /// Records a Swift `Duration` (the registry keeps nanoseconds).
    func recordInterval(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
