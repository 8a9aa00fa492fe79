/// The connection to PostgreSQL closed before a statement was answered (the server restarted or
/// cut it): the transaction is rolled back by the server; the request fails and is retried by
/// the client with its Idempotency-Key.
struct PostgresConnectionLost: Error, CustomStringConvertible {
    /// The statement that was waiting (its first words are enough to place it).
    var statement: String
    var description: String {
        let words = statement.split(separator: " ", maxSplits: 4).prefix(4).joined(separator: " ")
        return "the connection to PostgreSQL closed before it answered '\(words)…'"
    }
}
