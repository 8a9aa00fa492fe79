import BoxOfficeClient
import KioskUI
import Seating

extension BoxOfficePerformer {
    /// What the screen hears when `request` failed with `error`:
    /// - a box office that did not answer (out of reach, 5xx after the client's retries, an
    ///   undocumented answer) → `.unanswered(request, code:)`; the seat stays in the cart and
    ///   the session retries (`BoxOfficeWatch`). While unconfirmed purchases from before are
    ///   not reconciled the code is `BO-JOURNAL`;
    /// - a seat taken meanwhile → `.seatTaken` for it (and for the seat asked for);
    /// - any other refusal of a hold → `.seatTaken`, of a release → `.seatReleased` (the hold is
    ///   gone, so is the seat);
    /// - a refused extension (the hold is gone) → `.holdExtended` at the expiry already known:
    ///   no more time, so the screen stops offering it;
    /// - a failed `buy` always ends in `.purchaseFailed` with a reason for the visitor.
    func responses(for error: BoxOfficeError, request: BoxOfficeRequest) async -> [BoxOfficeResponse] {
        var out: [BoxOfficeResponse] = []
        switch error {
        case .unreachable, .untrusted, .unavailable, .badResponse:
            let code = await client.hasResolvedJournal ? Self.serviceCode(for: error) : "BO-JOURNAL"
            out.append(.unanswered(request, code: code))
            if case .buy = request { out.append(.purchaseFailed(reason: Self.purchaseFailure(error))) }
            return out
        case .seatsTaken, .rejected, .outcomeUnknown, .noHold:
            break
        }
        if case .seatsTaken(let seats) = error { out += seats.map { .seatTaken($0) } }
        switch request {
        case .holdSeat(let seat):
            if case .seatsTaken(let seats) = error, seats.contains(seat) { break }
            out.append(.seatTaken(seat))
        case .releaseSeat(let seat):
            switch error {
            case .rejected, .noHold: out.append(.seatReleased(seat))
            default: break
            }
        case .buy:
            out.append(.purchaseFailed(reason: Self.purchaseFailure(error)))
        case .extendHold:
            // Refused (the hold ran out or was bought meanwhile): no more time than the screen
            // already counts down to, which ends the offer; the session's own expiry does the rest.
            if let known = holdExpiry { out.append(.holdExtended(expiresAt: known.expiresAt)) }
        case .releaseAll, .refreshAvailability:
            break
        }
        return out
    }

    /// Why a purchase failed, for the visitor.
    static func purchaseFailure(_ error: BoxOfficeError) -> String {
        switch error {
        case .outcomeUnknown:
            "Your purchase is not confirmed yet; it is saved and will be completed when the box office answers. Please ask a member of staff."
        case .seatsTaken:
            "Some of the seats were taken meanwhile. No money was taken."
        case .rejected(let problem) where problem.code == "hold_expired" || problem.code == "hold_not_active":
            "The seats were held too long and have been released. No money was taken."
        case .rejected(let problem):
            problem.detail
        case .noHold:
            "The seats are no longer held. No money was taken."
        case .unreachable, .untrusted, .unavailable, .badResponse:
            "The purchase did not go through. No money was taken."
        }
    }

    /// A staff-readable code for the out-of-service screen.
    public static func serviceCode(for error: BoxOfficeError) -> String {
        switch error {
        case .unreachable: "BO-NET"
        case .untrusted: "BO-TLS"
        case .unavailable(let status): "BO-\(status)"
        case .badResponse: "BO-BAD"
        case .rejected(let problem): "BO-\(problem.status)"
        case .seatsTaken: "BO-409"
        case .outcomeUnknown: "BO-UNKNOWN"
        case .noHold: "BO-NOHOLD"
        }
    }

    /// The box office's word for a seat's status, as `SeatStatusChange` carries it.
    static func vocabulary(_ status: SeatStatus) -> String {
        switch status {
        case .available: "free"
        case .held: "held"
        case .sold: "sold"
        case .blocked: "blocked"
        }
    }
}
