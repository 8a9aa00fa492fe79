extension SeatBlock {
    /// Who a block is for, which decides the seats it may contain. Every block is adjacent free
    /// seats in one row that leave no orphan (`SeatVacancy.leavesOrphan`); on top of that:
    public enum Kind: Hashable, Sendable {
        /// No wheelchair space and no companion seat (those are kept for the visitors who need
        /// them); restricted-view seats are allowed (the chart says so). A category, when one
        /// is asked for, applies to every seat.
        case standard
        /// At least one wheelchair space and, for a party of two or more, the companion seat
        /// paired with it (`AccessiblePairing`); the other seats may be any free seats.
        case accessible
    }
}
