import BoxOfficeClient
import BoxOfficeTestSupport
import Foundation
import Spawn
import Testing
@testable import BoxOffice

/// `ConnectionGuard`'s deadlines and the connection cap hold over HTTPS as over plain TCP: the
/// guard sits behind the TLS handler, so a client that connects and never says hello, one that
/// completes the handshake and then dribbles a head, and one idle after its answer are all cut off
/// by the server; and connections that never handshake cannot keep a kiosk out for good. The real
/// box office serving the venue's certificate on loopback (`TestCertificates`, openssl), with
/// 1 s deadlines; the waits below are ceilings against a hang, never measurements.
@Suite struct ConnectionGuardTLSTests {
    /// A ceiling for every wait on the server (s): far above the 1 s deadlines, only a guard
    /// against a test that would otherwise hang on a loaded machine.
    static let ceiling = 120.0

    /// A box office over HTTPS with 1 s head, keep-alive and request deadlines; at most
    /// `maxConnections` served at once.
    static func server(_ files: TestCertificates, maxConnections: Int = 8192) async throws -> (BoxOfficeServer, port: Int) {
        var configuration = BoxOfficeServer.Configuration(databasePath: files.directory + "/boxoffice.sqlite", port: 0,
                                                          tokens: ["secret-one": "kiosk-1"])
        configuration.host = "127.0.0.1"
        configuration.sweepInterval = nil
        configuration.tls = try ServerCertificate(certificateChainPath: files.serverCertificate, privateKeyPath: files.serverKey).tlsConfiguration()
        configuration.headTimeout = .seconds(1)
        configuration.keepAliveTimeout = .seconds(1)
        configuration.requestTimeout = .seconds(1)
        configuration.maxConnections = maxConnections
        let server = try BoxOfficeServer(configuration: configuration)
        return (server, try await server.start())
    }

    /// Whether the peer closed `fd` (end of file or a reset) within the ceiling; what it sent
    /// before is read and dropped. Polls without blocking and sleeps between polls: the server's
    /// handlers run on the same few cooperative threads as this test, and a blocking wait here
    /// starved them (and every other suite) until the ceiling.
    static func closedByPeer(_ fd: Int32) async -> Bool {
        let end = ContinuousClock.now + .seconds(ceiling)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < end {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if n == 0 || (n < 0 && errno == ECONNRESET) { return true }
            if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return false }
            if n < 0 { try? await Task.sleep(for: .milliseconds(20)) }
        }
        return false
    }

    /// `openssl s_client` to the server trusting the venue CA: a TLS client the test types into.
    /// It exits when the server closes the connection.
    static func tlsClient(port: Int, files: TestCertificates) throws -> (ChildProcess, input: FileHandle, output: FileHandle) {
        let client = try ChildProcess("/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(port)", "-CAfile", files.caCertificate,
                                                           "-verify_return_error", "-quiet"], input: .pipe, output: .pipe, error: .null)
        return (client, try #require(client.standardInput), try #require(client.standardOutput))
    }

    /// Waits for `process` to exit within the ceiling; false if it is still running then (killed).
    /// Sleeps between looks, never blocking a cooperative thread (see `closedByPeer`).
    static func exits(_ process: ChildProcess) async -> Bool {
        let end = ContinuousClock.now + .seconds(ceiling)
        while process.isRunning && ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.signal(SIGKILL); process.wait(); return false }
        return true
    }

    @Test func aClientThatNeverSaysHelloIsCutOff() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, port) = try await Self.server(files)
        let fd = try LoopbackPort.connect(port: port)
        defer { close(fd) }
        #expect(await Self.closedByPeer(fd))
        await server.stop()
    }

    @Test func aHeadDribbledAfterTheHandshakeIsCutOff() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, port) = try await Self.server(files)
        let (client, input, output) = try Self.tlsClient(port: port, files: files)
        // Part of a head, then one more header byte every 200 ms: the head is never complete.
        input.write(Data("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer secret-one\r\nX-Slow: ".utf8))
        let dribbling = Task.detached {
            while !Task.isCancelled && client.isRunning {
                try? input.write(contentsOf: Data("x".utf8))
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        #expect(await Self.exits(client))
        dribbling.cancel()
        let answer = String(decoding: ChildProcess.readToEnd(output), as: UTF8.self)
        #expect(!answer.contains("HTTP/1.1 200"), "\(answer)")
        await server.stop()
    }

    @Test func anIdleConnectionAfterItsAnswerIsCutOff() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, port) = try await Self.server(files)
        let (client, input, output) = try Self.tlsClient(port: port, files: files)
        input.write(Data("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer secret-one\r\n\r\n".utf8))
        // Answered, then nothing more is sent (stdin stays open): closed at the keep-alive deadline.
        #expect(await Self.exits(client))
        let answer = String(decoding: ChildProcess.readToEnd(output), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        await server.stop()
    }

    /// The cap (2 here) filled by connections that never handshake: they are cut off at the
    /// head deadline, so a kiosk's request over HTTPS waiting behind them is answered.
    @Test func silentConnectionsAtTheCapDoNotKeepAKioskOut() async throws {
        let files = try TestCertificates()
        defer { files.remove() }
        let (server, port) = try await Self.server(files, maxConnections: 2)
        let silent = [try LoopbackPort.connect(port: port), try LoopbackPort.connect(port: port)]
        defer { silent.forEach { close($0) } }
        let connection = BoxOfficeConnection(baseURL: "https://127.0.0.1:\(port)", token: "secret-one", requestTimeout: Self.ceiling,
                                             trust: try BoxOfficeTrust(caFile: files.caCertificate))
        let reply = try await connection.send(.GET, "/v1/events")
        #expect(reply.status == 200)
        for fd in silent { #expect(await Self.closedByPeer(fd)) }
        await server.stop()
    }
}
