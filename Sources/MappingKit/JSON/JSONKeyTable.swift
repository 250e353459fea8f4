/// A plan's keys as UTF-8 bytes, for matching an object's keys without making a `String`:
/// FNV-1a hashing, open addressing, and a byte comparison to confirm.
struct JSONKeyTable: Sendable {
    private let keyBytes: [UInt8]
    /// Where each key starts in `keyBytes`; one more entry marks the end of the last.
    private let starts: [Int]
    private let values: [Int]
    /// Entry numbers by hash, `-1` where empty; a power of two long.
    private let slots: [Int]

    /// A table of `entries`, whose keys must be distinct.
    init(_ entries: [(key: String, value: Int)]) {
        var keyBytes: [UInt8] = []
        var starts: [Int] = []
        for entry in entries {
            starts.append(keyBytes.count)
            keyBytes.append(contentsOf: entry.key.utf8)
        }
        starts.append(keyBytes.count)
        var size = 4
        while size < entries.count * 2 { size *= 2 }
        var slots = [Int](repeating: -1, count: size)
        for (number, entry) in entries.enumerated() {
            var slot = Self.hash(Array(entry.key.utf8)) & (size - 1)
            while slots[slot] != -1 { slot = (slot + 1) & (size - 1) }
            slots[slot] = number
        }
        self.keyBytes = keyBytes
        self.starts = starts
        values = entries.map(\.value)
        self.slots = slots
    }

    /// The value for the key spelled by `bytes`, if the table has it.
    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        return keyBytes.withUnsafeBufferPointer { keys in
            while true {
                let number = slots[slot]
                if number < 0 { return nil }
                let start = starts[number]
                if starts[number + 1] - start == bytes.count, Self.equal(keys, start, bytes) { return values[number] }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The value for a key read from `reader` (escaped keys are compared by their text).
    func value(for key: JSONString, in reader: JSONReader) -> Int? {
        guard key.isEscaped else { return value(for: reader.bytes(key.start, key.end)) }
        var text = reader.text(of: key)
        return text.withUTF8 { value(for: $0) }
    }

    @inline(__always)
    private static func equal(_ keys: UnsafeBufferPointer<UInt8>, _ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<bytes.count where keys[start + index] != bytes[index] { return false }
        return true
    }

    @inline(__always)
    private static func hash(_ bytes: some Collection<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }
}
