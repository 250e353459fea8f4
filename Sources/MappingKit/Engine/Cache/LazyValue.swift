/// A value made on first use, once, then read without a lock: the parts of a plan that only
/// some mappings need (the direct keys, the keys undefined-key policies compare against) are
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

    /// The box's address, retained by this object, or 0. (An atomic integer rather than an
    /// `AtomicLazyReference`, whose generic code looks up metadata on every read.)
    private let box = AtomicWords(count: 1)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        if let pointer = UnsafeRawPointer(bitPattern: box.loadAcquiring()) {
            return Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
        }
        let made = Unmanaged.passRetained(Box(make()))
        let (exchanged, original) = box.compareExchange(expected: 0, desired: UInt(bitPattern: made.toOpaque()))
        guard !exchanged, let pointer = UnsafeRawPointer(bitPattern: original) else {
            return made._withUnsafeGuaranteedRef { $0.value }
        }
        made.release()
        return Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: box.loadAcquiring()) {
            Unmanaged<Box>.fromOpaque(pointer).release()
        }
    }
}
