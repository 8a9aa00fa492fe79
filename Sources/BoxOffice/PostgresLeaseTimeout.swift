/// No pooled connection to PostgreSQL could be had in time: the server is down or refusing (the
/// pool keeps trying to connect for a minute before it gives up on its own). The request
/// answers 503 and is retried by the client with its Idempotency-Key.
struct PostgresLeaseTimeout: Error, CustomStringConvertible {
    /// How long the transaction waited for a connection.
    var waited: Duration
    var description: String { "no connection to PostgreSQL within \(waited) (the server is down or refuses connections)" }
}
