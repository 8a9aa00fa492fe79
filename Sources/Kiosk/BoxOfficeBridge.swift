import Animation
import Dispatch
import BoxOfficeClient
import Synchronization
import KioskUI
import Logging
import Seating

/// Performs the visitor screen's box-office requests with `PurchaseClient` in Swift-concurrency
/// tasks and hands every answer back to the event loop through a mailbox, in order. Also posts
/// news the screen did not ask for: `.availability` from polling and `.service(code:)` whenever
/// the client's service state changes (out of service with a staff-readable code, back by itself).
///
/// Availability is polled every `pollInterval` seconds only while a seat view is open
/// (`seatViewIsOpen`); on the attract screen and while blanked nobody looks at seats, so the
/// kiosk leaves the box office alone, and polls at once when a visitor arrives.
///
/// Service codes: `BO-JOURNAL` (reconciling unconfirmed purchases from before a restart),
/// `BO-NET` (box office out of reach longer than `out_of_service_after`).
public final class BoxOfficeBridge: Sendable {
    public let client: PurchaseClient
    private let mailbox: LoopMailbox<BoxOfficeResponse>
    private let requests: AsyncStream<BoxOfficeRequest>.Continuation
    private let stream: AsyncStream<BoxOfficeRequest>
    private let pollInterval: Double
    private let eventID: String
    private let logger: Logger
    private let clock: MonotonicClock
    private let seatView = Atomic<Bool>(true)

    /// Whether a seat view is open (polling runs); set from the loop as the screen changes.
    public var seatViewIsOpen: Bool {
        get { seatView.load(ordering: .relaxed) }
        set { seatView.store(newValue, ordering: .relaxed) }
    }

    public init(client: PurchaseClient, eventID: String, pollInterval: Double, mailbox: LoopMailbox<BoxOfficeResponse>, logger: Logger) {
        self.client = client
        self.eventID = eventID
        self.pollInterval = pollInterval
        self.mailbox = mailbox
        self.logger = logger
        clock = MonotonicClock()
        let pair = AsyncStream<BoxOfficeRequest>.makeStream()
        stream = pair.stream
        requests = pair.continuation
    }

    /// Starts the request worker, journal reconciliation, availability polling and the
    /// service-state watch. Call once.
    public func start() {
        let (client, stream, mailbox, logger, clock) = (client, stream, mailbox, logger, clock)
        Task {
            for await request in stream {
                for response in await Self.perform(request, client: client, clock: clock, logger: logger) {
                    mailbox.post(response)
                }
            }
        }
        let eventID = eventID, interval = pollInterval
        Task { [weak self] in
            let resolution = await client.resolveJournal()
            if resolution.confirmed + resolution.rejected + resolution.pending > 0 {
                logger.notice("purchase journal reconciled", metadata: [
                    "confirmed": "\(resolution.confirmed)", "rejected": "\(resolution.rejected)", "pending": "\(resolution.pending)"])
            }
            var lastCode: String?? = .none
            var lastJournalTry = clock.now
            var polledWithViewOpen = false
            while !Task.isCancelled {
                guard let viewOpen = self?.seatViewIsOpen else { return }   // the kiosk has shut down
                if await client.event == nil { _ = try? await client.loadEvent(eventID) }
                if viewOpen, await client.event != nil {
                    if (try? await client.refreshAvailability()) != nil, let delta = await client.lastDelta, !delta.changes.isEmpty {
                        mailbox.post(.availability(delta.changes.map {
                            SeatStatusChange(seatID: $0.seatID, status: Self.vocabulary($0.status))
                        }))
                    }
                }
                if case .resolvingJournal = await client.serviceState, clock.now - lastJournalTry > 10 {
                    lastJournalTry = clock.now
                    await client.resolveJournal()
                }
                let code = Self.code(await client.serviceState)
                if lastCode != .some(code) {
                    lastCode = .some(code)
                    if let code { logger.warning("out of service", metadata: ["code": "\(code)"]) } else { logger.info("box office in service") }
                    mailbox.post(.service(code: code))
                }
                // Sleeps in short slices so that a seat view opening is polled at once.
                polledWithViewOpen = viewOpen
                var slept = 0.0
                while slept < interval && !Task.isCancelled && (polledWithViewOpen || self?.seatViewIsOpen == false) {
                    let slice = min(0.25, interval - slept)
                    try? await Task.sleep(nanoseconds: UInt64(slice * 1e9))
                    slept += slice
                }
            }
        }
    }

    /// Queues requests from the loop thread; they are performed one at a time, in order.
    public func perform(_ list: [BoxOfficeRequest]) {
        for r in list { requests.yield(r) }
    }

    /// Releases the hold, waiting at most `timeout` seconds (the server expires it anyway);
    /// returns whether the release finished in time. Blocks the calling thread: used on
    /// shutdown only.
    @discardableResult
    public func releaseHolds(timeout: Double) -> Bool {
        requests.finish()
        let done = CompletionFlag()
        let client = client
        Task { await client.reset(); done.set() }
        return done.wait(timeout: timeout)
    }

    static func perform(_ request: BoxOfficeRequest, client: PurchaseClient, clock: MonotonicClock, logger: Logger) async -> [BoxOfficeResponse] {
        do throws(BoxOfficeError) {
            switch request {
            case .holdSeat(let seat):
                if let hold = await client.hold, hold.status == "active", hold.seats.contains(where: { $0.seatGUID == seat }) {
                    return [.seatHeld(seat, expiresAt: clock.now + Double(hold.expiresInSeconds))]
                }
                let hold = try await client.tapSeat(seat)
                return [.seatHeld(seat, expiresAt: clock.now + Double(hold.expiresInSeconds))]
            case .releaseSeat(let seat):
                if let hold = await client.hold, hold.seats.contains(where: { $0.seatGUID == seat }) {
                    _ = try await client.tapSeat(seat)
                }
                return [.seatReleased(seat)]
            case .buy:
                let order = try await client.buy()
                logger.info("purchase confirmed", metadata: ["order": "\(order.code)", "seats": "\(order.lines.count)"])
                return [.purchased(orderID: order.code, seats: order.lines.map(\.seatGUID))]
            case .releaseAll:
                await client.reset()
                return []
            }
        } catch {
            logger.warning("box office request failed", metadata: ["request": "\(request)", "error": "\(error)"])
            switch (request, error) {
            case (_, .seatsTaken(let seats)):
                return seats.map { .seatTaken($0) }
            case (.holdSeat(let seat), _):
                return [.seatTaken(seat)]
            case (.buy, .outcomeUnknown):
                return [.purchaseFailed(reason: "Your purchase could not be confirmed yet. Please ask a member of staff.")]
            case (.buy, _):
                return [.purchaseFailed(reason: "The purchase did not go through. No money was taken.")]
            default:
                return []
            }
        }
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
