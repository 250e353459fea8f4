/// The 128-bit integers, which exist from macOS 15, iOS 18, tvOS 18 and watchOS 11: the codecs'
/// part of ``OlderReleases`` (tested the same way, both sides on Linux).
extension OlderReleases {
    /// `value` as a ``WideInteger`` when it is an `Int128` or a `UInt128`, types that exist from
    /// macOS 15, iOS 18, tvOS 18 and watchOS 11; before them no value can be one.
    /// `releaseHasInt128: false` takes the older releases' side (for the tests).
    static func wideInteger(in value: Any, releaseHasInt128: Bool = true) -> WideInteger? {
        guard releaseHasInt128 else { return nil }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if let value = value as? Int128 {
                return WideInteger(isNegative: value < 0, high: UInt64(value.magnitude >> 64), low: UInt64(truncatingIfNeeded: value.magnitude))
            }
            if let value = value as? UInt128 {
                return WideInteger(isNegative: false, high: UInt64(value >> 64), low: UInt64(truncatingIfNeeded: value))
            }
        }
        return nil
    }

    /// The `Int128` or `UInt128` a ``WideInteger`` stands for (to encode through its own
    /// `Encodable` conformance, or as the untyped value of 39 digits); `nil` on releases without
    /// those types.
    static func int128Value(_ value: WideInteger, releaseHasInt128: Bool = true) -> (any Encodable & Sendable)? {
        guard releaseHasInt128 else { return nil }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if let signed = value.exactly(Int128.self) { return signed }
            return value.exactly(UInt128.self)
        }
        return nil
    }

    /// The codec for `Int128` or `UInt128` properties, on the releases that have those types.
    static func int128Codec(for type: Any.Type, mode: CoercionMode, releaseHasInt128: Bool = true) -> AnyObject? {
        guard releaseHasInt128 else { return nil }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            switch ObjectIdentifier(type) {
            case ObjectIdentifier(Int128.self): return Codec.erasing(IntegerCodec<Int128>(mode: mode))
            case ObjectIdentifier(UInt128.self): return Codec.erasing(IntegerCodec<UInt128>(mode: mode))
            default: return nil
            }
        }
        return nil
    }
}
