import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread: blocking calls
/// (a responder that blocks its caller, thousands of `connect`s) must not run on one of Swift
/// concurrency's pool threads, of which there is one per core. Every in-process server's handler
/// and every other suite's async work waits for those; a minute of blocking there starved them
/// past their request deadlines.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// `onOwnThread` for a body that cannot throw.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
