/// The session's side of a box office over time: when to poll availability, which requests the
/// box office did not answer and when to send them again, and since when it has not answered.
/// A value with no clock of its own: `KioskSession` asks it for the next deadline, fires what is
/// due and reports every answer, all in seconds on the session's clock, so the live kiosk
/// (monotonic clock) and replay (virtual clock) poll, retry and give up alike.
///
/// - Polling: every `pollInterval` s while a seat view is open and the box office answers; one
///   poll out at a time (a slow answer delays the next instead of piling polls up).
/// - Retries: after the n-th failure in a row the waiting requests go again after
///   `retryDelays[n-1]` s — 1, 2, 4, 8 s, then every 8 s. With nothing waiting the retry is an
///   availability poll, the probe that finds the box office back.
/// - Out of service: `outOfServiceAfter` s after the first failure with no answer since.
///   Any answer ends the outage; what waits then goes out at once.
struct BoxOfficeWatch {
    /// Seconds before the n-th retry in a row (the last one repeats).
    static let retryDelays: [Double] = [1, 2, 4, 8]

    /// When the last poll was asked, s (nil: never).
    private(set) var lastPollAt: Double?
    /// A poll is out and not answered yet.
    private(set) var pollInFlight = false
    /// The first failure since the last answer, s (nil: the box office answers).
    private(set) var unreachableSince: Double?
    /// The staff code of the latest failure ("BO-NET", "BO-503", "BO-JOURNAL").
    private(set) var failureCode = "BO-NET"
    /// Retry rounds in a row without an answer.
    private(set) var failures = 0
    /// When the waiting requests (or a probe) go out again, s.
    private(set) var retryAt: Double?
    /// Requests to send again, oldest first: at most one per seat, and one release of everything.
    private(set) var waiting: [BoxOfficeRequest] = []

    /// The box office answered the last request that got an outcome.
    var isReachable: Bool { unreachableSince == nil }

    /// The next time `due` has something to do, s (nil: nothing scheduled).
    /// - Parameters:
    ///   - seatViewOpen: the stadium or a tribune is on screen (not covered by out of service).
    ///   - serviceShown: the out-of-service screen is already up (or remembered while blanked).
    func deadline(now: Double, seatViewOpen: Bool, serviceShown: Bool, pollInterval: Double?, outOfServiceAfter: Double) -> Double? {
        var d: Double?
        func consider(_ t: Double) { if d == nil || t < d! { d = t } }
        if let retryAt { consider(retryAt) }
        if let since = unreachableSince, !serviceShown { consider(since + outOfServiceAfter) }
        if isReachable, seatViewOpen, !pollInFlight, let interval = pollInterval {
            consider(lastPollAt.map { $0 + interval } ?? now)
        }
        return d
    }

    /// What is due at `t`: the requests to send (waiting ones `stillWanted` keeps, or a poll)
    /// and the code to go out of service with, if the outage has lasted long enough. Every due
    /// deadline changes state here, so the same one does not come back.
    mutating func due(at t: Double, seatViewOpen: Bool, serviceShown: Bool, pollInterval: Double?, outOfServiceAfter: Double,
                      stillWanted: (BoxOfficeRequest) -> Bool) -> (requests: [BoxOfficeRequest], outOfService: String?) {
        var requests: [BoxOfficeRequest] = []
        if let r = retryAt, r <= t {
            retryAt = nil
            requests = takeWaiting(stillWanted)
            if requests.isEmpty && !pollInFlight { requests = [poll(at: t)] }
        }
        if isReachable, seatViewOpen, !pollInFlight, let interval = pollInterval, (lastPollAt.map { $0 + interval } ?? t) <= t {
            requests.append(poll(at: t))
        }
        var outOfService: String?
        if let since = unreachableSince, !serviceShown, since + outOfServiceAfter <= t { outOfService = failureCode }
        return (requests, outOfService)
    }

    /// The box office did not answer `request` at `t` (s): it waits for the next retry (a buy
    /// never does: its outcome is the visitor's to see), which is scheduled unless one is.
    mutating func failed(_ request: BoxOfficeRequest, code: String, at t: Double) {
        if unreachableSince == nil { unreachableSince = t }
        failureCode = code
        switch request {
        case .refreshAvailability: pollInFlight = false
        case .buy: break
        default: wait(request)
        }
        scheduleRetry(at: t)
    }

    /// The host says the box office cannot serve visitors now (`code`, e.g. "BO-JOURNAL" while
    /// unconfirmed purchases are reconciled): probes go out until something is answered.
    mutating func reportedOutOfService(code: String, at t: Double) {
        if unreachableSince == nil { unreachableSince = t }
        failureCode = code
        scheduleRetry(at: t)
    }

    /// The box office answered; returns the waiting requests `stillWanted` keeps, to send now.
    mutating func answered(poll: Bool, stillWanted: (BoxOfficeRequest) -> Bool) -> [BoxOfficeRequest] {
        if poll { pollInFlight = false }
        unreachableSince = nil
        failures = 0
        retryAt = nil
        return waiting.isEmpty ? [] : takeWaiting(stillWanted)
    }

    private mutating func scheduleRetry(at t: Double) {
        guard retryAt == nil else { return }   // requests of one round fail together: one step of backoff
        failures += 1
        retryAt = t + Self.retryDelays[min(failures, Self.retryDelays.count) - 1]
    }

    private mutating func poll(at t: Double) -> BoxOfficeRequest {
        lastPollAt = t
        pollInFlight = true
        return .refreshAvailability
    }

    /// Keeps only the latest wish per seat; a release of everything supersedes them all.
    private mutating func wait(_ request: BoxOfficeRequest) {
        switch request {
        case .holdSeat(let id), .releaseSeat(let id):
            waiting.removeAll { $0 == .holdSeat(id) || $0 == .releaseSeat(id) }
        case .releaseAll:
            waiting.removeAll()
        case .buy, .refreshAvailability, .extendHold:
            return
        }
        waiting.append(request)
    }

    private mutating func takeWaiting(_ stillWanted: (BoxOfficeRequest) -> Bool) -> [BoxOfficeRequest] {
        defer { waiting.removeAll(keepingCapacity: true) }
        return waiting.filter(stillWanted)
    }
}
