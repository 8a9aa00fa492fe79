import CoreMetrics
import KioskUI
import Metrics
import Prometheus

/// The kiosk's Prometheus metrics, answered in text format 0.0.4 by the control socket's
/// `metrics` command (the socket is the kiosk's one way in; nothing listens on the network).
///
/// The kiosk owns its registry and hands swift-metrics an explicit factory over it, never
/// `MetricsSystem.bootstrap` (once per process: the tests run several kiosks in one). Everything
/// is made once here — histograms with fixed buckets, one time series per request kind — so
/// recording a frame or a request allocates nothing and nothing grows per frame.
public final class KioskMetrics: Sendable {
    static let frameName = "tribune_kiosk_frame_seconds"
    static let touchToFlipName = "tribune_kiosk_touch_to_flip_seconds"
    static let requestName = "tribune_kiosk_box_office_request_seconds"

    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory
    /// Rendering a frame and handing it to the display.
    let frameTime: Metrics.Timer
    /// The kernel's timestamp of a touch to the completed page flip that first showed its effect.
    let touchToFlip: Metrics.Timer
    /// Frames presented (the first one included).
    let presents: CoreMetrics.Counter
    /// Page flips that never completed and were written off (the mode set again).
    let lostFlips: CoreMetrics.Counter
    /// Purchases the box office confirmed, and those it refused or that failed.
    let purchasesConfirmed: CoreMetrics.Counter
    let purchasesFailed: CoreMetrics.Counter
    /// The process's resident set, bytes, read at each scrape.
    let residentMemory: CoreMetrics.Gauge
    /// Per request kind (`hold_seat`, `buy`, …): from handing it to the purchase client to its answer.
    private let requestTimes: [String: Metrics.Timer]
    /// Per request kind: requests the box office did not answer (`.unanswered`).
    private let unanswered: [String: CoreMetrics.Counter]

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        let milliseconds: [Double] = [1, 2, 4, 8, 12, 16, 20, 25, 33, 50, 75, 100, 150, 250, 500, 1000]
        let frameBuckets = milliseconds.map { Duration.nanoseconds(Int64($0 * 1_000_000)) }
        // Box-office answers: a fast LAN reply to the request timeout and past it.
        let requestBuckets: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
                                          .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
                                          .seconds(10), .seconds(30)]
        factory.durationHistogramBuckets = [Self.frameName: frameBuckets, Self.touchToFlipName: frameBuckets,
                                            Self.requestName: requestBuckets]
        self.factory = factory
        frameTime = Metrics.Timer(label: Self.frameName, factory: factory)
        touchToFlip = Metrics.Timer(label: Self.touchToFlipName, factory: factory)
        presents = CoreMetrics.Counter(label: "tribune_kiosk_presents_total", factory: factory)
        lostFlips = CoreMetrics.Counter(label: "tribune_kiosk_lost_flips_total", factory: factory)
        purchasesConfirmed = CoreMetrics.Counter(label: "tribune_kiosk_purchases_total", dimensions: [("outcome", "confirmed")], factory: factory)
        purchasesFailed = CoreMetrics.Counter(label: "tribune_kiosk_purchases_total", dimensions: [("outcome", "failed")], factory: factory)
        residentMemory = CoreMetrics.Gauge(label: "tribune_kiosk_resident_memory_bytes", factory: factory)
        var times: [String: Metrics.Timer] = [:], errors: [String: CoreMetrics.Counter] = [:]
        for kind in Self.requestKinds {
            times[kind] = Metrics.Timer(label: Self.requestName, dimensions: [("request", kind)], factory: factory)
            errors[kind] = CoreMetrics.Counter(label: "tribune_kiosk_box_office_errors_total", dimensions: [("request", kind)], factory: factory)
        }
        requestTimes = times
        unanswered = errors
    }

    static let requestKinds = ["hold_seat", "release_seat", "buy", "release_all", "refresh_availability", "extend_hold"]

    /// The label of a request's kind.
    static func kind(_ request: BoxOfficeRequest) -> String {
        switch request {
        case .holdSeat: "hold_seat"
        case .releaseSeat: "release_seat"
        case .buy: "buy"
        case .releaseAll: "release_all"
        case .refreshAvailability: "refresh_availability"
        case .extendHold: "extend_hold"
        }
    }

    /// `request` was answered with `responses` after `duration` (the bridge's task).
    func answered(_ request: BoxOfficeRequest, with responses: [BoxOfficeResponse], after duration: Duration) {
        let kind = Self.kind(request)
        requestTimes[kind]?.recordInterval(duration)
        for response in responses {
            switch response {
            case .unanswered: unanswered[kind]?.increment()
            case .purchased: purchasesConfirmed.increment()
            case .purchaseFailed: purchasesFailed.increment()
            default: break
            }
        }
    }

    /// The text exposition, with the resident set read now.
    public func exposition() -> [UInt8] {
        if let bytes = ResidentMemory.bytes() { residentMemory.record(bytes) }
        return registry.emitToBuffer()
    }
}

extension Metrics.Timer {
    /// Records seconds (`Double`) as the nanoseconds the registry keeps.
    func record(seconds: Double) { recordNanoseconds(Int64((max(0, seconds) * 1e9).rounded())) }

    /// Records a Swift `Duration`.
    func recordInterval(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
