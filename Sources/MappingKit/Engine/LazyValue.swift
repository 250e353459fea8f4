import Synchronization

/// A value made on first use, once, then read without a lock: the parts of a plan that only
/// some mappings need (the JSON layout, the keys undefined-key policies compare against) are
/// not made when the plan is compiled, which keeps the first mapping of a type short.
///
/// Two threads that meet it unmade at once may both make it; the first one stored is kept.
final class LazyValue<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let box = AtomicLazyReference<Box>()
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made = box.load() { return made.value }
        return box.storeIfNil(Box(make())).value
    }
}
