/// Holds a value produced on another thread.
final class ResultBox<T>: @unchecked Sendable { var value: T? }

/// Runs `operation` in a task and waits for it on this thread, at most `timeout` seconds.
func waitFor<T>(timeout: Double, _ operation: @escaping @Sendable () async -> T?) -> T? {
    let box = ResultBox<T>()
    let done = CompletionFlag()
    Task { box.value = await operation(); done.set() }
    return done.wait(timeout: timeout) ? box.value : nil
}
