/// The hash of a key's bytes, shared by the plans' key tables (`Engine/Compile/KeyTable.swift`) and
/// the reader's cache of untyped objects' keys (`PendingMembers`): one function, so a key
/// scanned once is looked up in both with the same work.
enum KeyHash {
    /// Mixes the length and up to the first and last eight bytes: enough to spread a model's keys.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if let base = bytes.baseAddress {
            if count >= 8 {
                head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
                tail = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
            } else {
                for index in 0..<count { head = head << 8 | UInt64(base[index]) }
            }
        }
        let mixed = (head ^ (tail &<< 23 | tail &>> 41) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32)
    }
}
