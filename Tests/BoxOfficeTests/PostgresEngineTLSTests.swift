import BoxOfficeTestSupport
import Foundation
import Testing
@testable import BoxOffice

/// The box office's PostgreSQL connections over TLS (`?sslmode=` in the database URL), against a
/// real server serving the test CA's certificate for 127.0.0.1: `verify-full` with the right CA
/// connects encrypted (the server's own `pg_stat_ssl` says so for the engine's session), with
/// another CA it refuses to open the database and says why; `disable` stays in clear.
@Suite(.serialized) struct PostgresEngineTLSTests {
    /// One server with TLS and its certificates, for the cases below.
    final class Setup: Sendable {
        let cluster: PostgresTestCluster
        let certificates: TestCertificates
        init() async throws {
            cluster = try PostgresTestCluster.startOwn()
            certificates = try TestCertificates()
            try cluster.psql("CREATE DATABASE tls")
            try await onOwnThread { [cluster, certificates] in
                try cluster.enableTLS(certificate: certificates.serverCertificate, key: certificates.serverKey)
            }
        }
        deinit { cluster.stopOwn(); certificates.remove() }
        func url(_ settings: String) -> String { cluster.url(database: "tls") + "?" + settings }
    }

    /// Whether the engine's own session is encrypted, by the server's account (1: yes).
    static func encrypted(_ store: BoxOfficeStore) async throws -> Int64? {
        try await store.engine.read { tx in try tx.value("SELECT CAST(ssl AS integer) FROM pg_stat_ssl WHERE pid = pg_backend_pid()") }
    }

    @Test func verifyFullWithTheVenueCAConnectsEncrypted() async throws {
        let setup = try await Setup()
        let store = try await BoxOfficeStore(url: DatabaseURL(parsing: setup.url("sslmode=verify-full&sslrootcert=\(setup.certificates.caCertificate)")))
        #expect(try await Self.encrypted(store) == 1)
        // The sales logic works over it: an event stored and read back.
        _ = try await store.createEvent(id: "evt_tls", name: "TLS Match", layout: BoxOfficeScaleOutTests.venue(), prices: ["CAT1": 2500])
        let name: String? = try await store.read { db in try db.value("SELECT name FROM event WHERE event_id = ?", ["evt_tls"]) }
        #expect(name == "TLS Match")
        await store.close()

        let clear = try await BoxOfficeStore(url: DatabaseURL(parsing: setup.url("sslmode=disable")))
        #expect(try await Self.encrypted(clear) == 0)
        await clear.close()
    }

    @Test func anotherCAIsRefusedWithTheReason() async throws {
        let setup = try await Setup()
        let url = try DatabaseURL(parsing: setup.url("sslmode=verify-full&sslrootcert=\(setup.certificates.otherCACertificate)"))
        do {
            let store = try await BoxOfficeStore(url: url)
            await store.close()
            Issue.record("a server certificate from another CA was accepted")
        } catch let error as SetupError {
            print("refused: \(error.message)")
            // Which database (without a password) and that the certificate is what failed.
            #expect(error.message.contains("127.0.0.1"))
            #expect(error.message.lowercased().contains("certificate"), "\(error.message)")
        }
    }
}
