import Foundation

/// What the readers of one call share: the sizes of the untyped objects and the lengths of the
/// typed arrays last read at each depth (a new one is made that size, since documents repeat
/// their shapes), the keys of untyped objects already made, and whether errors are located.
///
/// One reader uses it, on one thread, and never while another access to it is under way: the
/// runtime's exclusivity checks (a thread-local lookup per access) are left out.
final class PendingMembers {
    @exclusivity(unchecked) private var sizes: [Int] = []
    /// Whether syntax errors carry their line and column. A stream's reader sees only its
    /// buffer: its errors carry the offset alone, and the stream, which knows what came before
    /// the buffer, puts the line and column in (``JSONElementStream``), for the errors it reports.
    /// Kept here, not in the reader: a reader one field larger runs its number loops slower.
    let locatesErrors: Bool
    /// ``MappingLimits/maximumNumberLength`` of the call, set by each read: kept here for the
    /// same reason, and read only for a number longer than 19 characters.
    @exclusivity(unchecked) var maximumNumberLength = MappingLimits.default.maximumNumberLength

    init(locatesErrors: Bool = true) {
        self.locatesErrors = locatesErrors
    }

    deinit {
        guard let keys else { return }
        keys.deinitialize(count: Self.keySlots)
        keys.deallocate()
        keyBytes?.deallocate()
    }

    // MARK: Keys of untyped objects

    /// Untyped objects repeat their keys (an array of objects, one shape): a key met again is
    /// the same `String`, a retain, where making it anew checks its UTF-8 again and allocates
    /// past 15 bytes. A slot per hash of the key's bytes keeps the last key of up to
    /// ``keySlotBytes`` bytes that fell in it, made the first time one is needed.
    private static let keySlots = 256
    private static let keySlotBytes = 32
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<String>?
    @exclusivity(unchecked) private var keyBytes: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var keyLengths: [Int] = []

    /// The key spelled by `bytes` (valid UTF-8, no escapes).
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= Self.keySlotBytes, let source = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        if keys == nil { makeKeySlots() }
        guard let keys, let keyBytes else { return String(decoding: bytes, as: UTF8.self) }
        let slot = KeyHash.hash(bytes) & (Self.keySlots - 1)
        let stored = keyBytes + slot * Self.keySlotBytes
        if keyLengths[slot] == bytes.count, memcmp(stored, source, bytes.count) == 0 { return keys[slot] }
        let key = String(decoding: bytes, as: UTF8.self)
        keys[slot] = key
        stored.update(from: source, count: bytes.count)
        keyLengths[slot] = bytes.count
        return key
    }

    private func makeKeySlots() {
        let keys = UnsafeMutablePointer<String>.allocate(capacity: Self.keySlots)
        keys.initialize(repeating: "", count: Self.keySlots)
        keyBytes = .allocate(capacity: Self.keySlots * Self.keySlotBytes)
        keyLengths = [Int](repeating: -1, count: Self.keySlots)
        self.keys = keys
    }

    func size(at depth: Int) -> Int {
        depth < sizes.count ? sizes[depth] : 0
    }

    func record(_ size: Int, at depth: Int) {
        while sizes.count <= depth { sizes.append(0) }
        sizes[depth] = size
    }

    @exclusivity(unchecked) private var lengths: [Int] = []

    /// The length of the typed array last read at `depth` (0 before the first).
    func arrayLength(at depth: Int) -> Int {
        depth < lengths.count ? lengths[depth] : 0
    }

    func recordArrayLength(_ length: Int, at depth: Int) {
        while lengths.count <= depth { lengths.append(0) }
        lengths[depth] = length
    }
}
