/// The bytes a stream has read and not yet consumed, in one buffer that grows only while one
/// element is larger than it.
final class StreamBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deallocate()
    }

    /// Doubles the capacity (up to `limit`), keeping the first `count` bytes.
    func grow(keeping count: Int, limit: Int) {
        let newCapacity = max(min(capacity * 2, limit), capacity + 1)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
