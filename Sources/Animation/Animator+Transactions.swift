extension Animator {

    /// Runs `body` with `transaction` as the current transaction for `set` calls.
    public func withTransaction<R>(_ transaction: Transaction, _ body: () throws -> R) rethrows -> R {
        transactionStack.append(transaction)
        defer { transactionStack.removeLast() }
        return try body()
    }

    /// SwiftUI's `withAnimation`: the changes made in `body` animate with `animation`.
    /// `completion` runs once all of them have finished (or been replaced), at exactly that
    /// virtual time (read `now` inside it); at once when nothing animated. The animator keeps
    /// `completion` until then (forever under `repeatForever`): capture the animator weakly.
    public func withAnimation<R>(_ animation: Animation? = .default, completion: (() -> Void)? = nil,
                                 _ body: () throws -> R) rethrows -> R {
        var tx = transaction
        tx.animation = animation
        var g: Int32 = -1
        if let completion {
            g = makeGroup(completion)
            tx.completionGroup = g
            tx.completionGeneration = groups[Int(g)].generation
        }
        defer { if g >= 0 { closeGroup(g) } }
        return try withTransaction(tx, body)
    }

    /// `.animation(_:)` placed around the changes in `body`: they animate with `animation`
    /// (nil: without animation) whatever the enclosing transaction says, unless animations
    /// are disabled. Everything set outside `body` is unaffected.
    public func animation<R>(_ animation: Animation?, _ body: () throws -> R) rethrows -> R {
        var tx = transaction
        tx.animation = animation
        return try withTransaction(tx, body)
    }

    /// `.animation(_:value:)`: when `value` differs from the value `scope` saw last time, the
    /// changes in `body` animate with the scope's animation; otherwise they keep the
    /// enclosing transaction. The first call only records the value.
    public func animation<V: Equatable, R>(_ scope: inout AnimationScope<V>, value: V,
                                           _ body: () throws -> R) rethrows -> R {
        let changed = scope.lastValue.map { $0 != value } ?? false
        scope.lastValue = value
        if !changed { return try body() }
        return try animation(scope.animation, body)
    }
}
