import AsyncHTTPClient
import Foundation
import NIOCore

/// One kiosk's requests: `measure` reads availability, holds the next two seats and orders them,
/// in turn; `send` is the one request both benchmarks time.
struct BenchKiosk {
    let http: HTTPClient
    let base: String
    let token: String

    func measure(requests: Int, seat: inout Int) async throws -> Measured {
        let started = DispatchTime.now().uptimeNanoseconds
        var latencies: [Double] = []
        var failures = 0
        while latencies.count < requests {
            let (status, _, read) = try await send("GET", "/v1/events/evt_flood", body: nil)
            latencies.append(read)
            if status != 200 { failures += 1 }
            let seats = "[\"Z1-\(seat / 25 + 1)-\(seat % 25 + 1)\",\"Z1-\((seat + 1) / 25 + 1)-\((seat + 1) % 25 + 1)\"]"
            seat += 2
            let (holdStatus, body, hold) = try await send("POST", "/v1/events/evt_flood/holds", body: "{\"seats\":\(seats)}")
            latencies.append(hold)
            guard holdStatus == 201, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let holdID = object["hold_id"] as? String, let total = (object["total"] as? [String: Any])?["amount_minor"] as? Int else {
                failures += 1
                continue
            }
            let (orderStatus, _, order) = try await send("POST", "/v1/orders", body:
                "{\"client_order_ref\":\"\(UUID().uuidString)\",\"hold_id\":\"\(holdID)\",\"expected_total\":{\"amount_minor\":\(total),\"currency\":\"EUR\"}}")
            latencies.append(order)
            if orderStatus != 201 { failures += 1 }
        }
        return Measured(latencies: latencies, failures: failures, seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }

    /// Status, body and milliseconds from sending to the whole body read.
    func send(_ method: String, _ path: String, body: String?) async throws -> (Int, Data, Double) {
        var request = HTTPClientRequest(url: base + path)
        request.method = .RAW(value: method)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        if let body {
            request.headers.add(name: "Idempotency-Key", value: UUID().uuidString)
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let response = try await http.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), Data(bytes.readableBytesView), Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
}
