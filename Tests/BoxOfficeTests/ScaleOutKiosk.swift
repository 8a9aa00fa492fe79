import BoxOfficeClient
import Foundation

/// One kiosk of BoxOfficeScaleOutTests: buys two free seats at a time (of its own pool while it
/// has any, else of any pool) until it sees no free seat, through the real purchase client.
/// Seats taken meanwhile are a normal refusal; an unknown outcome is resolved from the journal
/// before the next purchase, as the kiosk does before serving the next visitor.
struct ScaleOutKiosk {
    let index: Int
    let client: PurchaseClient
    let progress: ScaleOutProgress

    struct Tally: Sendable {
        var index: Int
        /// client_order_ref → order id, for every order `buy()` returned.
        var acknowledged: [String: String] = [:]
        var ticketsAcknowledged = 0
        var refused = 0
        var unknown = 0
        /// Errors other than a refusal or an unknown outcome, by step and kind ("hold: rejected
        /// 409 seat_held"), so the summary says what they were.
        var otherErrors: [String: Int] = [:]
        /// Journal intents the box office refused (their seats were taken).
        var rejectedIntents = 0
        var sawOutOfService = false
        /// The longest time the client was unreachable when it was looked at, s.
        var longestUnreachable = 0.0
        var servingAtEnd = false
    }

    /// Most purchase attempts (a guard against a loop that never ends, not a measure).
    static let attemptCeiling = 400

    func run() async -> Tally {
        var tally = Tally(index: index)
        var loaded = false
        for _ in 0..<Self.attemptCeiling where !loaded {
            await observe(&tally)
            _ = await client.resolveJournal()
            loaded = (try? await client.loadEvent("evt_scale")) != nil
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<Self.attemptCeiling {
            await observe(&tally)
            do { try await client.refreshAvailability() } catch {
                // One look, no retries (as a kiosk polls): wait a poll interval, not a busy loop
                // through the attempts while an outage lasts.
                tally.otherErrors[Self.kind("refresh", error), default: 0] += 1
                try? await Task.sleep(for: .milliseconds(100))
                continue
            }
            guard let seats = await chooseSeats(using: &generator) else { break }
            var step = "hold"
            do {
                for seat in seats { try await client.tapSeat(seat) }
                step = "buy"
                let order = try await client.buy()
                tally.acknowledged[order.clientOrderRef] = order.orderID
                tally.ticketsAcknowledged += order.lines.count
                progress.confirmed.withLock { $0 += 1 }
            } catch {
                switch error {
                case .seatsTaken: tally.refused += 1
                case .outcomeUnknown: tally.unknown += 1
                default: tally.otherErrors[Self.kind(step, error), default: 0] += 1
                }
                await client.reset()
            }
            await resolve(&tally)
        }
        await resolve(&tally)
        await observe(&tally)
        tally.servingAtEnd = await client.isServingVisitors
        tally.rejectedIntents = ((try? client.journal.entries(.rejected)) ?? []).count
        return tally
    }

    /// `step: kind` of a purchase client's error: its case, with status and code where refused.
    static func kind(_ step: String, _ error: BoxOfficeError) -> String {
        switch error {
        case .unreachable: "\(step): unreachable"
        case .untrusted: "\(step): untrusted"
        case .seatsTaken: "\(step): seats taken"
        case .rejected(let problem): "\(step): rejected \(problem.status) \(problem.code)"
        case .unavailable(let status): "\(step): unavailable \(status)"
        case .outcomeUnknown: "\(step): outcome unknown"
        case .noHold: "\(step): no hold"
        case .badResponse(let why): "\(step): bad response (\(why.prefix(48)))"
        }
    }

    /// Two free seats (one when only one is left) of the kiosk's pool, else of the first pool with
    /// any; nil when the kiosk sees none free.
    func chooseSeats(using generator: inout SystemRandomNumberGenerator) async -> [String]? {
        let pools = BoxOfficeScaleOutTests.pools
        for offset in 0..<pools {
            let pool = (index + offset) % pools + 1
            var free: [String] = []
            for number in 1...BoxOfficeScaleOutTests.seatsPerPool {
                let seat = BoxOfficeScaleOutTests.seat(pool: pool, number: number)
                if await client.status(ofSeat: seat) == "free" { free.append(seat) }
            }
            if !free.isEmpty { return Array(free.shuffled(using: &generator).prefix(2)) }
        }
        return nil
    }

    /// Resolves the journal until nothing is pending (the kiosk serves no visitor before).
    func resolve(_ tally: inout Tally) async {
        for _ in 0..<Self.attemptCeiling {
            guard await client.hasUnresolvedPurchases else { return }
            await observe(&tally)
            if await client.resolveJournal().pending == 0 { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    func observe(_ tally: inout Tally) async {
        var seen = ScaleOutWatcher.Seen(sawOutOfService: tally.sawOutOfService, longestUnreachable: tally.longestUnreachable)
        await seen.look(at: client)
        (tally.sawOutOfService, tally.longestUnreachable) = (seen.sawOutOfService, seen.longestUnreachable)
    }
}
