extension BoxOfficeStore {
    /// The longest a transaction waits for one of the pool's PostgreSQL connections before it
    /// fails with `PostgresLeaseTimeout` (`PostgresEngine.defaultLeaseTimeout`, 10 s: a request
    /// finds out in seconds that the database is away). SQLite has no pool: nothing changes.
    /// For tests that queue hundreds of transactions on a loaded machine, where a connection
    /// can take longer than that to come free although nothing is wrong.
    public func setConnectionLeaseTimeout(_ timeout: Duration) {
        (engine as? PostgresEngine)?.leaseTimeout.withLock { $0 = timeout }
    }
}
