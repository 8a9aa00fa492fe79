import BoxOfficeClient
import Dispatch
import Foundation
import KioskUI

/// Performs a headless replay's box-office requests for real, over HTTP with `PurchaseClient`
/// (journal, idempotency keys and retries included), and blocks until each answer is in — the
/// replay's virtual clock stands still meanwhile, so frames and reports do not depend on how
/// long the network took.
///
/// What each request does and answers is `BoxOfficePerformer`'s, the same code the live kiosk
/// runs: an unreachable or failing box office answers `.unanswered(request, code: "BO-…")`, and
/// the session retries and goes out of service after `out_of_service_after` seconds on the
/// replay's virtual clock, as the live kiosk does on its own.
///
/// Call `respond(to:now:)` from a thread outside Swift concurrency's cooperative pool (the main
/// thread of a command, or a `Thread`): it blocks its caller while a task does the work.
public final class HTTPBoxOfficeResponder: BoxOfficeResponder {
    public let performer: BoxOfficePerformer
    public var client: PurchaseClient { performer.client }
    public var eventID: String { performer.eventID }
    /// Every order confirmed through this responder, in order.
    public var orders: [OrderInfo] {
        let performer = performer
        return Self.wait { await performer.orders }
    }
    /// Every error the box office answered with (for the report and logs).
    public var errors: [BoxOfficeError] {
        let performer = performer
        return Self.wait { await performer.errors }
    }

    /// - Parameters:
    ///   - client: a client of the box office; its journal is resolved and `eventID` loaded before
    ///     the first request.
    ///   - eventID: the event whose seats the session sells.
    public init(client: PurchaseClient, eventID: String) {
        performer = BoxOfficePerformer(client: client, eventID: eventID)
    }

    /// A responder with its own client: `token` for `baseURL`, the journal and layout cache in
    /// `stateDirectory` (created when missing); an `https://` box office's certificate is checked
    /// against `trust` (the venue CA of `box_office.ca_file`), else against the system's CAs.
    public convenience init(baseURL: String, token: String, eventID: String, stateDirectory: String,
                            requestTimeout: Double = 5, trust: BoxOfficeTrust? = nil) throws {
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        var configuration = PurchaseClient.Configuration(cacheDirectory: stateDirectory)
        // A request blocks the replay: a few quick retries, then the session's own patience.
        configuration.retry = RetryPolicy(baseDelay: 0.1, maxDelay: 1, maxAttempts: 4, jitter: 0.5)
        let client = PurchaseClient(connection: BoxOfficeConnection(baseURL: baseURL, token: token, requestTimeout: requestTimeout, trust: trust),
                                    journal: try PurchaseJournal(directory: stateDirectory), configuration: configuration)
        self.init(client: client, eventID: eventID)
    }

    /// The event, for what the screens need to know before the session starts (its name,
    /// `eventDate`, currency, `pricesByCategory`, `limits.maxSeatsPerOrder`).
    /// Resolves the journal and loads the event now (blocking) instead of at the first request.
    public func prepare() throws(BoxOfficeError) -> EventInfo {
        let performer = performer
        let outcome = Self.wait { () async -> Result<EventInfo, BoxOfficeError> in
            do throws(BoxOfficeError) { return .success(try await performer.prepare()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    public func respond(to request: BoxOfficeRequest, now: Double) -> [BoxOfficeResponse] {
        let performer = performer
        return Self.wait { await performer.perform(request, at: now) }
    }

    /// Runs `body` in a task and blocks the calling thread until it returns (call it from a
    /// thread outside Swift concurrency's pool, as `respond(to:now:)`).
    public static func wait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}
