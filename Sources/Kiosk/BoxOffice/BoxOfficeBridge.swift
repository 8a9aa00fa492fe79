import Animation
import Dispatch
import BoxOfficeClient
import Synchronization
import KioskUI
import Logging
import Seating

/// Performs the visitor screen's box-office requests with `BoxOfficePerformer` (the same code
/// headless replay runs) in a Swift-concurrency task and hands every answer back to the event
/// loop through a mailbox, in order; each request is asked at `clock.now`. Also posts news the
/// screen did not ask for: `.availability` from polling and `.service(code:)` whenever the
/// client's service state changes (out of service with a staff-readable code, back by itself).
///
/// Availability is polled every `pollInterval` seconds only while a seat view is open
/// (`seatViewIsOpen`); on the attract screen and while blanked nobody looks at seats, so the
/// kiosk leaves the box office alone, and a seat view opening cuts the wait short: the kiosk
/// polls at once when a visitor arrives. The waits go through `sleeper`, so tests step them.
///
/// Service codes: `BO-JOURNAL` (reconciling unconfirmed purchases from before a restart),
/// `BO-NET` (box office out of reach longer than `out_of_service_after`).
public final class BoxOfficeBridge: Sendable {
    public let performer: BoxOfficePerformer
    public var client: PurchaseClient { performer.client }
    private let mailbox: LoopMailbox<BoxOfficeResponse>
    private let requests: AsyncStream<BoxOfficeRequest>.Continuation
    private let stream: AsyncStream<BoxOfficeRequest>
    private let pollInterval: Double
    private let logger: Logger
    private let clock: any Clock
    private let sleeper: any Sleeper
    private let polling = Mutex(PollingState())

    /// What the loop thread and the polling task share.
    private struct PollingState {
        var seatViewIsOpen = true
        /// The polling task's current wait, cut short when a seat view opens.
        var nap: Task<Void, Never>?
        /// The polling task, cancelled on shutdown.
        var watcher: Task<Void, Never>?
    }

    /// Whether a seat view is open (polling runs); set from the loop as the screen changes.
    public var seatViewIsOpen: Bool {
        get { polling.withLock { $0.seatViewIsOpen } }
        set {
            polling.withLock { state in
                if newValue && !state.seatViewIsOpen { state.nap?.cancel() }
                state.seatViewIsOpen = newValue
            }
        }
    }

    /// - Parameters:
    ///   - pollInterval: seconds between availability polls while a seat view is open, and
    ///     between service-state checks otherwise.
    ///   - sleeper: how the polling waits (a virtual one in tests).
    ///   - clock: the session's clock (seconds), on which holds expire.
    public init(client: PurchaseClient, eventID: String, pollInterval: Double, mailbox: LoopMailbox<BoxOfficeResponse>, logger: Logger,
                sleeper: any Sleeper = TaskSleeper(), clock: any Clock = MonotonicClock()) {
        performer = BoxOfficePerformer(client: client, eventID: eventID, servicePolicy: .reportedElsewhere)
        self.pollInterval = pollInterval
        self.mailbox = mailbox
        self.logger = logger
        self.sleeper = sleeper
        self.clock = clock
        let pair = AsyncStream<BoxOfficeRequest>.makeStream()
        stream = pair.stream
        requests = pair.continuation
    }

    /// Starts the request worker, journal reconciliation, availability polling and the
    /// service-state watch. Call once.
    public func start() {
        let (performer, stream, mailbox, logger, clock) = (performer, stream, mailbox, logger, clock)
        Task {
            for await request in stream {
                let responses = await performer.perform(request, at: clock.now)
                if case .buy = request {
                    for case .purchased(let order, let seats) in responses {
                        logger.info("purchase confirmed", metadata: ["order": "\(order)", "seats": "\(seats.count)"])
                    }
                }
                for response in responses { mailbox.post(response) }
            }
        }
        let watcher = Task { [weak self] in
            let client = performer.client
            let resolution = await client.resolveJournal()
            if resolution.confirmed + resolution.rejected + resolution.pending > 0 {
                logger.notice("purchase journal reconciled", metadata: [
                    "confirmed": "\(resolution.confirmed)", "rejected": "\(resolution.rejected)", "pending": "\(resolution.pending)"])
            }
            var lastCode: String?? = .none
            while !Task.isCancelled {
                guard let viewOpen = self?.seatViewIsOpen else { return }   // the kiosk has shut down
                // Until the journal is reconciled and the event loaded, every round tries again.
                let prepared = (try? await performer.prepare()) != nil
                if viewOpen, prepared {
                    if (try? await client.refreshAvailability()) != nil, let delta = await client.lastDelta, !delta.changes.isEmpty {
                        mailbox.post(.availability(delta.changes.map {
                            SeatStatusChange(seatID: $0.seatID, status: Self.vocabulary($0.status))
                        }))
                    }
                }
                let code = Self.code(await client.serviceState)
                if lastCode != .some(code) {
                    lastCode = .some(code)
                    if let code { logger.warning("out of service", metadata: ["code": "\(code)"]) } else { logger.info("box office in service") }
                    mailbox.post(.service(code: code))
                }
                await self?.nap(polled: viewOpen)
            }
        }
        polling.withLock { $0.watcher = watcher }
    }

    /// Waits `pollInterval` seconds on the sleeper; a seat view opening ends the wait at once
    /// when this round did not poll, and so does shutdown.
    private func nap(polled: Bool) async {
        let (sleeper, interval) = (sleeper, pollInterval)
        let nap = Task { _ = try? await sleeper.sleep(seconds: interval) }
        polling.withLock { state in
            state.nap = nap
            if !polled && state.seatViewIsOpen { nap.cancel() }
        }
        await withTaskCancellationHandler { await nap.value } onCancel: { nap.cancel() }
        polling.withLock { $0.nap = nil }
    }

    /// Queues requests from the loop thread; they are performed one at a time, in order.
    public func perform(_ list: [BoxOfficeRequest]) {
        for r in list { requests.yield(r) }
    }

    /// Stops polling and releases the hold, waiting at most `timeout` seconds (the server
    /// expires it anyway); returns whether the release finished in time. Blocks the calling
    /// thread: used on shutdown only.
    @discardableResult
    public func releaseHolds(timeout: Double) -> Bool {
        requests.finish()
        polling.withLock { $0.watcher?.cancel() }
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

    static func vocabulary(_ status: SeatStatus) -> String {
        switch status {
        case .available: "free"
        case .held: "held"
        default: "sold"
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
