import BoxOfficeTestSupport
import Foundation
import Glibc
import Synchronization

/// A TCP proxy on 127.0.0.1 that forwards HTTP/1.1 requests one at a time to the box office and
/// injects faults per request: drop the connection before the request reaches the server, drop
/// it after the server answered, delay (past the client's timeout), answer 503 itself, answer
/// a reply of its own instead of forwarding, or forward and answer its own reply instead of the
/// server's (a reply garbled on the way after the server acted).
final class FaultProxy: Sendable {
    enum Fault: Sendable, Equatable {
        case pass
        case dropBeforeForwarding
        case dropAfterForwarding
        case delay(Double)
        case serviceUnavailable
        /// Answers `status` with `body` (JSON) without forwarding.
        case answer(status: Int, body: String)
        /// Forwards (the server acts) and answers `status` with `body` instead of the server's reply.
        case replaceAnswer(status: Int, body: String)
    }

    struct Counts: Sendable, Equatable {
        var forwarded = 0, droppedBefore = 0, droppedAfter = 0, delayed = 0, unavailable = 0, answered = 0, replaced = 0
    }

    let port: Int
    let listener: Int32
    /// Set once the accept loop has closed `listener` (after `stop`, or a failed accept).
    private let listenerClosed = Mutex(false)
    let upstreamPort: Mutex<Int>
    /// Decides the fault for a request line ("POST /v1/orders HTTP/1.1").
    let rule: Mutex<@Sendable (String) -> Fault>
    let counts = Mutex(Counts())

    init(upstreamPort: Int) throws {
        signal(SIGPIPE, SIG_IGN)
        (listener, port) = try LoopbackPort.listening()
        self.upstreamPort = Mutex(upstreamPort)
        rule = Mutex({ _ in .pass })
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Faults for the next requests whose line starts with `prefix`, in order; others pass.
    func script(_ prefix: String, _ faults: [Fault]) {
        let queue = Mutex(faults)
        setRule { line in
            guard line.hasPrefix(prefix) else { return .pass }
            return queue.withLock { $0.isEmpty ? .pass : $0.removeFirst() }
        }
    }

    func setRule(_ rule: @escaping @Sendable (String) -> Fault) { self.rule.withLock { $0 = rule } }

    /// Ends the accept loop: the listener is shut down here and closed by the loop, the only
    /// thread that uses it — closed here, an `accept` still to come could take a connection
    /// from a socket another test was given the same number for.
    func stop() {
        listenerClosed.withLock { closed in
            if !closed { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                listenerClosed.withLock { closed in close(listener); closed = true }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)   // not inherited by a process another test spawns
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        var buffer: [UInt8] = []
        defer { close(client) }
        while true {
            guard let request = Self.readMessage(client, &buffer, isResponse: false) else { return }
            let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
            let fault = rule.withLock { $0 }(line)
            switch fault {
            case .dropBeforeForwarding:
                counts.withLock { $0.droppedBefore += 1 }
                return
            case .serviceUnavailable:
                counts.withLock { $0.unavailable += 1 }
                let body = #"{"type":"about:blank","title":"Service Unavailable","status":503,"code":"unavailable","detail":"proxy","request_id":"req_proxy"}"#
                let head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: 0\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                guard Self.writeAll(client, Array((head + body).utf8)) else { return }
                continue
            case .answer(let status, let body):
                counts.withLock { $0.answered += 1 }
                guard Self.writeAll(client, Self.reply(status: status, body: body)) else { return }
                continue
            case .delay(let seconds):
                counts.withLock { $0.delayed += 1 }
                usleep(useconds_t(seconds * 1_000_000))
            case .pass, .dropAfterForwarding, .replaceAnswer:
                break
            }
            guard let response = forward(request) else { return }
            if fault == .dropAfterForwarding {
                counts.withLock { $0.droppedAfter += 1 }
                return
            }
            if case .replaceAnswer(let status, let body) = fault {
                counts.withLock { $0.replaced += 1 }
                guard Self.writeAll(client, Self.reply(status: status, body: body)) else { return }
                continue
            }
            counts.withLock { $0.forwarded += 1 }
            guard Self.writeAll(client, response) else { return }
        }
    }

    private func forward(_ request: [UInt8]) -> [UInt8]? {
        guard let upstream = try? LoopbackPort.connect(port: upstreamPort.withLock { $0 }) else { return nil }
        defer { close(upstream) }
        guard Self.writeAll(upstream, request) else { return nil }
        var buffer: [UInt8] = []
        return Self.readMessage(upstream, &buffer, isResponse: true)
    }

    /// An HTTP/1.1 reply with a JSON body.
    static func reply(status: Int, body: String) -> [UInt8] {
        let type = status >= 400 ? "application/problem+json" : "application/json"
        return Array("HTTP/1.1 \(status) Proxy\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads one HTTP/1.1 message (head + Content-Length or chunked body); nil on EOF or error.
    static func readMessage(_ fd: Int32, _ buffer: inout [UInt8], isResponse: Bool) -> [UInt8]? {
        func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBufferPointer { recv(fd, $0.baseAddress, 65536, 0) }
            if n <= 0 { return false }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
        func find(_ pattern: [UInt8], from: Int) -> Int? {
            guard buffer.count >= pattern.count else { return nil }
            var i = from
            while i + pattern.count <= buffer.count {
                if buffer[i] == pattern[0] && Array(buffer[i..<(i + pattern.count)]) == pattern { return i }
                i += 1
            }
            return nil
        }
        var headEnd: Int?
        while true {
            headEnd = find([13, 10, 13, 10], from: 0)
            if headEnd != nil { break }
            if !fill() { return nil }
        }
        let bodyStart = headEnd! + 4
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self).lowercased()
        var contentLength = 0
        var chunked = false
        for line in head.split(separator: "\r\n") {
            if line.hasPrefix("content-length:") { contentLength = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0 }
            if line.hasPrefix("transfer-encoding:") && line.contains("chunked") { chunked = true }
        }
        var end = bodyStart + contentLength
        if chunked {
            var position = bodyStart
            while true {
                var lineEnd = find([13, 10], from: position)
                while lineEnd == nil { if !fill() { return nil }; lineEnd = find([13, 10], from: position) }
                let sizeText = String(decoding: buffer[position..<lineEnd!], as: UTF8.self).split(separator: ";").first ?? "0"
                let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
                position = lineEnd! + 2 + size + 2
                while buffer.count < position { if !fill() { return nil } }
                if size == 0 { break }
            }
            end = position
        }
        while buffer.count < end { if !fill() { return nil } }
        let message = Array(buffer[0..<end])
        buffer.removeFirst(end)
        return message
    }
}
