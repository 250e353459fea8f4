/// A plan's keys as UTF-8 bytes, for matching an input's keys (a dictionary's `String`s, the
/// bytes of a format's object) without making a `String`: a hash of the key's length and first
/// and last eight bytes, open addressing, and a byte comparison to confirm.
///
/// A class over buffers of its own, so a lookup retains nothing. The buffers are written only
/// by `init` and freed by `deinit`: shared between threads, they are only read, hence the
/// unchecked sendability.
final class KeyTable: @unchecked Sendable {
    private let keyBytes: UnsafeMutableBufferPointer<UInt8>
    /// Where each key starts in `keyBytes`; one more entry marks the end of the last.
    private let starts: UnsafeMutableBufferPointer<Int>
    private let values: UnsafeMutableBufferPointer<Int>
    /// Entry numbers by hash, `-1` where empty; a power of two long.
    private let slots: UnsafeMutableBufferPointer<Int>
    private let mask: Int

    /// A table of `entries`, whose keys must be distinct.
    init(_ entries: [(key: String, value: Int)]) {
        let bytes = entries.flatMap { Array($0.key.utf8) }
        keyBytes = .allocate(capacity: max(bytes.count, 1))
        _ = keyBytes.initialize(from: bytes)
        starts = .allocate(capacity: entries.count + 1)
        var offset = 0
        for (number, entry) in entries.enumerated() {
            starts[number] = offset
            offset += entry.key.utf8.count
        }
        starts[entries.count] = offset
        values = .allocate(capacity: max(entries.count, 1))
        _ = values.initialize(from: entries.map(\.value))
        var size = 4
        while size < entries.count * 2 { size *= 2 }
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1)
        for number in entries.indices {
            let key = UnsafeBufferPointer(rebasing: keyBytes[starts[number]..<starts[number + 1]])
            var slot = KeyHash.hash(key) & mask
            while slots[slot] != -1 { slot = (slot + 1) & mask }
            slots[slot] = number
        }
    }

    deinit {
        keyBytes.deallocate()
        starts.deallocate()
        values.deallocate()
        slots.deallocate()
    }

    /// The value for the key spelled by `bytes`, if the table has it.
    @inline(__always)
    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = KeyHash.hash(bytes) & mask
        while true {
            let number = slots[slot]
            if number < 0 { return nil }
            let start = starts[number]
            if starts[number + 1] - start == bytes.count, equal(start, bytes) { return values[number] }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func equal(_ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let stored = keyBytes.baseAddress else { return bytes.isEmpty }
        for index in 0..<bytes.count where stored[start + index] != base[index] { return false }
        return true
    }
}
