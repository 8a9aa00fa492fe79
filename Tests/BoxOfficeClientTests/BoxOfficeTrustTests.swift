import BoxOffice
import BoxOfficeTestSupport
import Foundation
import GRDB
import Testing
@testable import BoxOfficeClient

/// The kiosk's side of HTTPS: `box_office.ca_file` read into a `BoxOfficeTrust`, and the purchase
/// client over `https://` against the real box office serving the venue's certificate on
/// loopback. A CA that did not sign the box office's certificate, or a certificate for another
/// host, is refused with `BoxOfficeError.untrusted` naming the URL, before any request is sent,
/// and not retried.
@Suite struct BoxOfficeTrustTests {
    static func serverCertificate(_ files: TestCertificates, wrongHost: Bool = false) -> ServerCertificate {
        wrongHost ? ServerCertificate(certificateChainPath: files.wrongHostCertificate, privateKeyPath: files.wrongHostKey)
                  : ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.serverKey)
    }

    static func noRetries() -> RetryPolicy { RetryPolicy(baseDelay: 0.01, maxDelay: 0.01, maxAttempts: 1, jitter: 0) }

    @Test func theVenueCAFileLoads() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let trust = try BoxOfficeTrust(caFile: files.caCertificate)
        #expect(trust.certificateCount == 1)
        #expect(trust.caFile == files.caCertificate)
    }

    @Test func aBadCAFileIsATypedErrorNamingIt() throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let missing = files.directory + "/venue-ca.pem"
        #expect(throws: TrustFileError(path: missing, problem: .missing)) { try BoxOfficeTrust(caFile: missing) }
        // A private key where the CA's certificate belongs.
        #expect(throws: TrustFileError(path: files.serverKey, problem: .notPEM)) { try BoxOfficeTrust(caFile: files.serverKey) }
        #expect(TrustFileError(path: missing, problem: .missing).description == "\(missing): no such file")
        let broken = files.directory + "/broken.pem"
        try "-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n".write(toFile: broken, atomically: true, encoding: .utf8)
        do {
            _ = try BoxOfficeTrust(caFile: broken)
            Issue.record("a broken certificate was accepted")
        } catch {
            guard case .malformed = error.problem else { Issue.record("\(error)"); return }
            #expect(error.path == broken)
        }
    }

    /// The purchase path over HTTPS: event, a hold on two seats, the order; the server stores it.
    @Test func aKioskTrustingTheVenueCABuysOverHTTPS() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let server = try await ClientTestServer(certificate: Self.serverCertificate(files))
        defer { Task { await server.stop() } }
        #expect(server.baseURL.hasPrefix("https://127.0.0.1:"))
        let client = try server.makeClient(timeout: 30, trust: try BoxOfficeTrust(caFile: files.caCertificate))
        let event = try await client.loadEvent("evt_test")
        #expect(event.name == "Client Match")
        _ = try await client.tapSeat("A-1-1")
        _ = try await client.tapSeat("A-1-2")
        let order = try await client.buy()
        #expect(order.lines.map(\.seatGUID).sorted() == ["A-1-1", "A-1-2"])
        #expect(try server.orders(kiosk: "k1").values.sorted() == [order.orderID])
    }

    /// The host name is checked too: `localhost` is in the certificate's subjectAltName.
    @Test func theCertificatesDNSNameIsAccepted() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let server = try await ClientTestServer(certificate: Self.serverCertificate(files))
        defer { Task { await server.stop() } }
        let connection = BoxOfficeConnection(baseURL: "https://localhost:\(server.port.withLock { $0 })", token: "token-k1",
                                             requestTimeout: 30, trust: try BoxOfficeTrust(caFile: files.caCertificate))
        #expect(try await connection.send(.GET, "/v1/events/evt_test").status == 200)
    }

    /// Another CA: every call is refused as untrusted, naming the URL and the CA file, and the
    /// box office has neither a hold nor an order from the kiosk.
    @Test func aKioskWithTheWrongCARefusesAndBuysNothing() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let server = try await ClientTestServer(certificate: Self.serverCertificate(files))
        defer { Task { await server.stop() } }
        let trust = try BoxOfficeTrust(caFile: files.otherCACertificate)
        // The default retry policy (8 attempts), on a virtual clock: a refused certificate is not retried.
        let sleeper = VirtualSleeper()
        let client = try server.makeClient(timeout: 30, retry: RetryPolicy(), sleeper: sleeper, trust: trust)
        let expected = "box office not trusted: \(server.baseURL): the certificate was not trusted: not issued by the CA in \(files.otherCACertificate)"
        do {
            _ = try await client.loadEvent("evt_test")
            Issue.record("the server was trusted")
        } catch {
            guard case .untrusted = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
        // A hold asked for directly is not delivered either.
        let connection = BoxOfficeConnection(baseURL: server.baseURL, token: "token-k1", requestTimeout: 30, trust: trust)
        do {
            _ = try await connection.send(.POST, "/v1/events/evt_test/holds", json: Data("{\"seats\":[\"A-1-1\"]}".utf8),
                                          idempotencyKey: UUID().uuidString)
            Issue.record("the hold was sent")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
        #expect(sleeper.requested.isEmpty)
        #expect(await client.unreachableSince != nil)   // the kiosk counts towards out of service
        let (holds, orders) = try server.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM hold")!, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM purchase_order")!)
        }
        #expect(holds == 0 && orders == 0)
    }

    /// A certificate from the venue CA, but for another host than the URL's: refused.
    @Test func aCertificateForAnotherHostIsRefused() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let server = try await ClientTestServer(certificate: Self.serverCertificate(files, wrongHost: true))
        defer { Task { await server.stop() } }
        let client = try server.makeClient(timeout: 30, retry: Self.noRetries(), trust: try BoxOfficeTrust(caFile: files.caCertificate))
        do {
            _ = try await client.loadEvent("evt_test")
            Issue.record("a certificate for boxoffice.invalid was accepted for 127.0.0.1")
        } catch {
            guard case .untrusted = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("box office not trusted: \(server.baseURL): the certificate was not trusted: it is not issued for this host"),
                    "\(error.description)")
        }
    }
}
