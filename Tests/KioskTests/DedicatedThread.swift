import Foundation

/// Runs blocking work on a thread of its own and awaits it. `RunningKiosk`'s start waits,
/// blocking, for the box office's first answers (event, layout), and those answers run on
/// Swift's cooperative threads, one per core: two tests blocking both of a 2-core machine's
/// threads at once starve the answers until the kiosk's start deadline passes (`tribune run`
/// starts on the main thread, outside that pool).
enum DedicatedThread {
    final class Outcome<T>: @unchecked Sendable { var result: Result<T, Error>? }

    static func run<T>(_ body: @escaping () throws -> T) async throws -> T {
        let outcome = Outcome<T>()
        nonisolated(unsafe) let work = body
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                outcome.result = Result { try work() }
                continuation.resume()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        guard let result = outcome.result else { preconditionFailure("the thread resumed without a result") }
        return try result.get()
    }
}
