import BoxOffice

extension BoxOfficeStore {
    /// How long a store inside a test process waits for a pooled PostgreSQL connection (its
    /// `leaseTimeout`): minutes instead of `PostgresEngine`'s 10 s. With both cores busy and the
    /// suite's other PostgreSQL tests running, a connection can take longer than 10 s to come
    /// (a loaded run lost a test to the migrations' lease at open). The tests about the lease
    /// itself (BoxOfficeScaleOutTests, PostgresTransactionConnectionLossTests) keep the real one.
    public static let testLeaseTimeout: Duration = .seconds(600)
}
