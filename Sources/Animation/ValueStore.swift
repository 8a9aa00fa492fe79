/// Typed values of one type: models and animation start values, indexed by slot.
@usableFromInline class AnyValueStore {
    @usableFromInline init() {}
}

@usableFromInline final class ValueStore<Value>: AnyValueStore {
    @usableFromInline var models: [Value] = []
    @usableFromInline var starts: [Value] = []
    @usableFromInline override init() {}
}
