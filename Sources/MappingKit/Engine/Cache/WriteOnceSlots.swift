/// A fixed number of slots, each filled once with an object that is then kept for the life of
/// the process, read with one atomic load: for tables a program fills with a fixed set of
/// entries (plans per model type, shared configurations), read on every mapping, where a lock
/// would cost as much as a small model's mapping. An entry read from a slot is never freed under
/// its reader; a second entry for a taken slot is simply not kept (the caller's slower table
/// still has it).
final class WriteOnceSlots<Entry: AnyObject & Sendable>: Sendable {
    /// Each slot: the address of its entry (retained by the slot), or 0.
    private let slots: AtomicWords
    private let mask: Int

    /// `count` must be a power of two.
    init(count: Int) {
        slots = AtomicWords(count: count)
        mask = count - 1
    }

    deinit {
        for index in 0..<slots.count {
            if let pointer = UnsafeRawPointer(bitPattern: slots.loadAcquiring(index)) {
                Unmanaged<Entry>.fromOpaque(pointer).release()
            }
        }
    }

    /// The slot for a type's metadata address, mixed (hashing it would cost a SipHash).
    func index(of type: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: type)
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// `body`'s answer for the entry in slot `index`, or `nil` when the slot is empty.
    @inline(__always)
    func withEntry<Result>(at index: Int, _ body: (Entry) -> Result?) -> Result? {
        let bits = slots.loadAcquiring(index)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Entry>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Puts `entry` in slot `index` if it is empty.
    func fill(_ index: Int, with entry: Entry) {
        guard slots.loadRelaxed(index) == 0 else { return }
        let retained = Unmanaged.passRetained(entry)
        if !slots.compareExchange(expected: 0, desired: UInt(bitPattern: retained.toOpaque()), at: index).exchanged {
            retained.release()
        }
    }
}
