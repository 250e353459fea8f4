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
}
