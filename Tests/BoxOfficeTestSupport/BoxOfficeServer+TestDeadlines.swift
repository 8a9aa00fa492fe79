import BoxOffice

extension BoxOfficeServer.Configuration {
    /// The connection guard's deadlines for a server inside a test process: minutes instead of
    /// seconds. The tests that use it are about what the box office answers, not about its guard
    /// (ConnectionGuardTLSTests and ConnectionFloodTests keep the real deadlines). On a loaded
    /// machine the in-process server's event loop can lag its timers by seconds; a head or
    /// keep-alive deadline that fires before the waiting request is read closes the connection
    /// with the request unread, and the client sees a reset (a CI run lost nine tests so).
    public mutating func useTestDeadlines() {
        headTimeout = .seconds(120)
        keepAliveTimeout = .seconds(600)
        requestTimeout = .seconds(120)
    }
}
