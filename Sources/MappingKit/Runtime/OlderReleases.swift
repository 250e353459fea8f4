import Observation

/// What MappingKit uses that Apple's older releases lack, and what it does there instead.
///
/// Package.swift declares the floor; `.ci/availability` fails on any API newer than it that is
/// used outside an `@available` or `#available` guard. On Linux `#available` is always true, so
/// each fallback here is a function of its own that the tests call directly and compare with the
/// newer path (`OlderReleasesTests`): the side Apple's older releases take is exercised here too.
enum OlderReleases {
    /// A string written straight into its storage where the release has it (macOS 11, iOS 14,
    /// tvOS 14, watchOS 7), else through a temporary buffer. `initializer` returns the number of
    /// bytes it wrote; bytes that are not UTF-8 are repaired, on both paths.
    static func string(
        capacity: Int,
        initializingUTF8With initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
    ) rethrows -> String {
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            return try String(unsafeUninitializedCapacity: capacity, initializingUTF8With: initializer)
        }
        return try stringThroughBuffer(capacity: capacity, initializingUTF8With: initializer)
    }

    /// The fallback of ``string(capacity:initializingUTF8With:)``: one more copy.
    static func stringThroughBuffer(
        capacity: Int,
        initializingUTF8With initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
    ) rethrows -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let count = try initializer(buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The type of the storage the `@Observable` macro adds, on releases that have Observation
    /// (macOS 14, iOS 17, tvOS 17, watchOS 10); `nil` before them, where no class can be
    /// `@Observable`.
    static var observationRegistrar: Any.Type? {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return ObservationRegistrar.self
        }
        return nil
    }

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
