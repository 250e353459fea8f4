/// Counts over UTF-8 text, 16 bytes at a time: every byte a stream discards is counted once,
/// so this runs over the whole stream.
enum TextCounts {
    /// The line feeds in `bytes`.
    static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var total = 0
        var offset = 0
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        while bytes.count - offset >= 16 {
            // Each lane adds 0xFF (-1) per match; up to 255 blocks before the lanes are summed.
            var lanes = SIMD16<UInt8>()
            let end = offset + min((bytes.count - offset) / 16, 255) * 16
            while offset < end {
                let block = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                lanes &-= unsafeBitCast(block .== lineFeed, to: SIMD16<UInt8>.self)
                offset += 16
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while offset < bytes.count {
            if base[offset] == 0x0A { total += 1 }
            offset += 1
        }
        return total
    }

    /// The Unicode scalars in `bytes` (valid UTF-8): the bytes that are not continuation bytes
    /// (`0b10xxxxxx`, below -64 as signed bytes).
    static func scalars(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var continuations = 0
        var offset = 0
        let bound = SIMD16<Int8>(repeating: -64)
        while bytes.count - offset >= 16 {
            var lanes = SIMD16<UInt8>()
            let end = offset + min((bytes.count - offset) / 16, 255) * 16
            while offset < end {
                let block = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<Int8>.self)
                lanes &-= unsafeBitCast(block .< bound, to: SIMD16<UInt8>.self)
                offset += 16
            }
            continuations += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while offset < bytes.count {
            if base[offset] & 0xC0 == 0x80 { continuations += 1 }
            offset += 1
        }
        return bytes.count - continuations
    }
}
