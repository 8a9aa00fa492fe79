import BoxOfficeClient
import KioskUI

extension BoxOfficePerformer {
    /// What the screen hears when `request` failed with `error`:
    /// - a seat taken meanwhile → `.seatTaken` for it (and for the seat asked for);
    /// - a box office that did not answer → `.service(code:)` under `.atFirstFailure`; under
    ///   `.reportedElsewhere` a seat that could not be held leaves the cart (`.seatTaken`);
    /// - any other refusal of a hold → `.seatTaken`, of a release → `.seatReleased` (the hold is
    ///   gone, so is the seat);
    /// - a failed `buy` always ends in `.purchaseFailed` with a reason for the visitor.
    func responses(for error: BoxOfficeError, request: BoxOfficeRequest) -> [BoxOfficeResponse] {
        let unanswered: Bool
        switch error {
        case .unreachable, .unavailable, .badResponse: unanswered = true
        case .seatsTaken, .rejected, .outcomeUnknown, .noHold: unanswered = false
        }
        let outOfService = unanswered && servicePolicy == .atFirstFailure
        var out: [BoxOfficeResponse] = []
        if outOfService {
            reportedOutOfService = true
            out.append(.service(code: Self.serviceCode(for: error)))
        }
        if case .seatsTaken(let seats) = error { out += seats.map { .seatTaken($0) } }
        switch request {
        case .holdSeat(let seat):
            if case .seatsTaken(let seats) = error, seats.contains(seat) { break }
            // Out of service releases everything anyway; otherwise the seat must leave the cart.
            if !outOfService { out.append(.seatTaken(seat)) }
        case .releaseSeat(let seat):
            switch error {
            case .rejected, .noHold: out.append(.seatReleased(seat))
            default: break
            }
        case .buy:
            out.append(.purchaseFailed(reason: Self.purchaseFailure(error)))
        case .releaseAll:
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
        case .unreachable, .unavailable, .badResponse:
            "The purchase did not go through. No money was taken."
        }
    }

    /// A staff-readable code for the out-of-service screen.
    public static func serviceCode(for error: BoxOfficeError) -> String {
        switch error {
        case .unreachable: "BO-NET"
        case .unavailable(let status): "BO-\(status)"
        case .badResponse: "BO-BAD"
        case .rejected(let problem): "BO-\(problem.status)"
        case .seatsTaken: "BO-409"
        case .outcomeUnknown: "BO-UNKNOWN"
        case .noHold: "BO-NOHOLD"
        }
    }
}
