import BoxOfficeTestSupport
import Foundation
import NIOHTTP1
import Synchronization
import Testing
@testable import BoxOffice

/// A box office whose PostgreSQL is down answers 503 `database_unavailable` with Retry-After (a
/// kiosk counts it as out of reach and goes out of service after its configured time; nginx
/// tries the next instance), not a 500; once the server is back the same request succeeds.
@Suite(.serialized) struct DatabaseUnavailableTests {
    /// The outage's two moments, shared with the thread that stops and starts the server.
    final class Outage: Sendable {
        let down = Mutex(false)
        let over = Mutex(false)
    }

    @Test func aStoppedDatabaseIs503AndItsReturnIsServed() async throws {
        let cluster = try PostgresTestCluster.startOwn()
        defer { cluster.stopOwn() }
        try cluster.psql("CREATE DATABASE outage")
        let server = try await TestServer.start(database: cluster.url(database: "outage"))
        let path = "/v1/events/\(server.eventID)/availability"
        #expect(try await server.send(.GET, path).status == 200)

        // Down for as long as the requests below take: stopped, looked at, then started again.
        let moments = Outage()
        let outage = Task {
            try await onOwnThread {
                try cluster.stop(forSeconds: 0) {
                    moments.down.withLock { $0 = true }
                    while !moments.over.withLock({ $0 }) { usleep(20_000) }
                }
            }
        }
        #expect(await eventually { moments.down.withLock { $0 } })
        for (method, requestPath, body) in [(HTTPMethod.GET, path, nil as String?), (.GET, "/v1/health", nil),
                                            (.POST, "/v1/events/\(server.eventID)/holds", #"{"seats":["Z1-1-1"]}"#)] {
            let reply = if let body { try await server.send(method, requestPath, json: body) } else { try await server.send(method, requestPath) }
            #expect(reply.status == 503, "\(method) \(requestPath)")
            #expect(reply.code == "database_unavailable", "\(method) \(requestPath)")
            #expect(reply.headers["retry-after"] == "1", "\(method) \(requestPath)")
        }
        moments.over.withLock { $0 = true }
        try await outage.value
        // Back: the pool connects again by itself.
        #expect(try await eventually(limit: .seconds(120)) { try await server.send(.GET, path).status == 200 })
        #expect(try await server.hold(["Z1-1-1"]).status == 201)
        await server.stop()
    }
}
