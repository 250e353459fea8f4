internal import CMappingKitAtomics

/// A fixed number of machine words, each read and written atomically: the lock-free tables'
/// storage (``WriteOnceSlots``, ``RecentPlans``, ``PlanMemo``, ``LazyValue``).
///
/// `Synchronization.Atomic` needs macOS 15 / iOS 18 / tvOS 18 / watchOS 11, below MappingKit's
/// floor; the compiler's `__atomic` builtins (CMappingKitAtomics) work on every release. The
/// words live in memory of their own, allocated once, whose address never changes, which is
/// what the builtins need: a stored property of a Swift class has no stable address to hand to C.
/// ThreadSanitizer sees the builtins as atomic operations.
final class AtomicWords: @unchecked Sendable {
    // @unchecked: the words are only ever touched through the atomic operations below.
    private let words: UnsafeMutablePointer<UInt>
    let count: Int

    init(count: Int) {
        self.count = count
        words = .allocate(capacity: count)
        words.initialize(repeating: 0, count: count)
    }

    deinit {
        words.deallocate()
    }

    /// The word at `index`, with acquire ordering: what a writer released before storing it is
    /// visible after.
    @inline(__always)
    func loadAcquiring(_ index: Int = 0) -> UInt {
        mk_atomic_load_acquiring(words + index)
    }

    /// The word at `index`, with no ordering.
    @inline(__always)
    func loadRelaxed(_ index: Int = 0) -> UInt {
        mk_atomic_load_relaxed(words + index)
    }

    /// Stores `value` at `index`, with no ordering.
    @inline(__always)
    func storeRelaxed(_ value: UInt, at index: Int = 0) {
        mk_atomic_store_relaxed(words + index, value)
    }

    /// Stores `desired` at `index` if the word is `expected` (acquire and release ordering);
    /// returns whether it did and what the word held before.
    @inline(__always)
    func compareExchange(expected: UInt, desired: UInt, at index: Int = 0) -> (exchanged: Bool, original: UInt) {
        var original = expected
        let exchanged = mk_atomic_compare_exchange(words + index, &original, desired)
        return (exchanged, original)
    }

    /// Adds `delta` to the word at `index` (wrapping, no ordering) and returns the new value.
    @inline(__always)
    func add(_ delta: UInt, at index: Int = 0) -> UInt {
        mk_atomic_add_relaxed(words + index, delta)
    }
}
