import Animation
import Dispatch
import BoxOfficeClient
import KioskUI
import Logging
import Seating

/// Performs the visitor screen's box-office requests with `BoxOfficePerformer` (the same code
/// headless replay runs) in a Swift-concurrency task and hands every answer back to the event
/// loop through a mailbox, in order; each request is asked at `clock.now`.
///
/// The bridge has no schedule of its own: availability polls and retries are requests the
/// session makes on its clock (`BoxOfficeWatch`), and a box office that does not answer comes
/// back as `.unanswered` for the session to be patient with. At start it reconciles the purchase
/// journal and posts `.service(code: nil)` once nothing from before is unconfirmed (until then
/// the kiosk shows `BO-JOURNAL`, and the session's probes keep trying). A kiosk that started
/// without its event (the box office was out of reach) hears it on `events` after the first
/// request the box office answers: every request loads the event first (`prepare()`).
public final class BoxOfficeBridge: Sendable {
    public let performer: BoxOfficePerformer
    public var client: PurchaseClient { performer.client }
    private let mailbox: LoopMailbox<BoxOfficeResponse>
    private let requests: AsyncStream<BoxOfficeRequest>.Continuation
    private let stream: AsyncStream<BoxOfficeRequest>
    private let logger: Logger
    private let clock: any Clock
    private let events: LoopMailbox<EventInfo>?
    private let metrics: KioskMetrics?

    /// - Parameters:
    ///   - clock: the session's clock (seconds), on which holds expire.
    ///   - events: where the event goes once loaded (posted once), for a kiosk that started
    ///     without it; nil when the kiosk has it.
    ///   - metrics: where each request's time to its answer, the unanswered ones and the
    ///     purchases are counted.
    public init(client: PurchaseClient, eventID: String, mailbox: LoopMailbox<BoxOfficeResponse>, logger: Logger,
                clock: any Clock = MonotonicClock(), events: LoopMailbox<EventInfo>? = nil, metrics: KioskMetrics? = nil) {
        performer = BoxOfficePerformer(client: client, eventID: eventID)
        self.mailbox = mailbox
        self.events = events
        self.logger = logger
        self.clock = clock
        self.metrics = metrics
        let pair = AsyncStream<BoxOfficeRequest>.makeStream()
        stream = pair.stream
        requests = pair.continuation
    }

    /// Starts the request worker and the journal's reconciliation. Call once.
    public func start() {
        let (performer, stream, mailbox, logger, clock, events, metrics) = (performer, stream, mailbox, logger, clock, events, metrics)
        Task {
            var eventPosted = events == nil
            for await request in stream {
                let started = ContinuousClock.now
                let responses = await performer.perform(request, at: clock.now)
                metrics?.answered(request, with: responses, after: ContinuousClock.now - started)
                // As soon as it is known, so the legend and totals have prices before Buy.
                if !eventPosted, let event = await performer.event {
                    logger.info("box office event loaded late", metadata: ["event": "\(event.name)", "categories": "\(event.categories.count)"])
                    events?.post(event)
                    eventPosted = true
                }
                for response in responses {
                    switch response {
                    case .purchased(let order, let seats, _):
                        logger.info("purchase confirmed", metadata: ["order": "\(order)", "seats": "\(seats.count)"])
                    case .unanswered(let request, let code):
                        logger.warning("box office did not answer", metadata: ["request": "\(request)", "code": "\(code)"])
                    default:
                        break
                    }
                    mailbox.post(response)
                }
            }
        }
        Task {
            let resolution = await performer.client.resolveJournal()
            if resolution.confirmed + resolution.rejected + resolution.pending > 0 {
                logger.notice("purchase journal reconciled", metadata: [
                    "confirmed": "\(resolution.confirmed)", "rejected": "\(resolution.rejected)", "pending": "\(resolution.pending)"])
            }
            if resolution.pending == 0 { mailbox.post(.service(code: nil)) }
        }
    }

    /// Queues requests from the loop thread; they are performed one at a time, in order.
    public func perform(_ list: [BoxOfficeRequest]) {
        for r in list { requests.yield(r) }
    }

    /// Stops taking requests and releases the hold, waiting at most `timeout` seconds (the
    /// server expires it anyway); returns whether the release finished in time. Blocks the
    /// calling thread: used on shutdown only.
    @discardableResult
    public func releaseHolds(timeout: Double) -> Bool {
        requests.finish()
        let done = CompletionFlag()
        let client = client
        Task { await client.reset(); done.set() }
        return done.wait(timeout: timeout)
    }

    /// The screen's staff-readable code for a service state (nil: in service).
    public static func code(_ state: PurchaseClient.ServiceState) -> String? {
        switch state {
        case .inService: nil
        case .resolvingJournal: "BO-JOURNAL"
        case .outOfService: "BO-NET"
        }
    }
}

/// A one-shot flag another thread waits on with a timeout.
final class CompletionFlag: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func set() { semaphore.signal() }
    /// True when set before `timeout` seconds passed.
    @discardableResult
    func wait(timeout: Double) -> Bool { semaphore.wait(timeout: .now() + timeout) == .success }
}
