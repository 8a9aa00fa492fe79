extension BoxOfficeStore {
    /// The schema versions applied when this store opened its database, oldest first (empty when
    /// it was up to date): what `tribune-boxoffice migrate` reports.
    public var migrationsAppliedAtOpen: [String] { engine.migrationsAppliedAtOpen }
}
