import Foundation
@testable import MappingKit
import Observation
import Testing

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class TallyModel {
    var count = 0
    init() {}
}

/// The fallbacks Apple's older releases take (``OlderReleases``), run on Linux, where
/// `#available` is always true, by calling them directly beside the newer path.
@Suite("Runtime: the fallbacks for older releases")
struct OlderReleasesTests {
    /// Writes `bytes` into a buffer of `capacity` and reports how many it wrote.
    private static func writer(_ bytes: [UInt8]) -> (UnsafeMutableBufferPointer<UInt8>) -> Int {
        { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    @Test("A string through a buffer is the string written into its storage", arguments: [
        ([], ""),
        (Array("plain".utf8), "plain"),
        (Array("té\n😀".utf8), "té\n😀"),
        ([0x41, 0xFF, 0x42], "A\u{FFFD}B"),
        ([0xE2, 0x82], "\u{FFFD}"),
    ] as [([UInt8], ShownText)])
    func stringThroughBuffer(bytes: [UInt8], expected: ShownText) {
        let capacity = max(bytes.count, 1)
        #expect(OlderReleases.string(capacity: capacity, initializingUTF8With: Self.writer(bytes)) == expected.text)
        #expect(OlderReleases.stringThroughBuffer(capacity: capacity, initializingUTF8With: Self.writer(bytes)) == expected.text)
    }

    @Test("Both string paths agree on 5,000 random byte runs, UTF-8 or not")
    func stringPathsAgree() {
        var random = SplitMix64(seed: 24)
        var disagreements: [[UInt8]] = []
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...40, using: &random)
            let bytes = (0..<count).map { _ in
                // Mostly ASCII and the lead and continuation bytes of longer scalars.
                [UInt8.random(in: 0x20...0x7E, using: &random), UInt8.random(in: 0x80...0xF4, using: &random)].randomElement(using: &random) ?? 0
            }
            let capacity = max(count, 1)
            let fast = OlderReleases.string(capacity: capacity, initializingUTF8With: Self.writer(bytes))
            let fallback = OlderReleases.stringThroughBuffer(capacity: capacity, initializingUTF8With: Self.writer(bytes))
            if fast != fallback || Array(fast.utf8) != Array(fallback.utf8) { disagreements.append(bytes) }
        }
        #expect(disagreements == [])
    }

    @Test("A string through a buffer rethrows what its initializer throws")
    func stringThroughBufferThrows() {
        struct Stop: Error, Equatable {}
        #expect(throws: Stop()) {
            try OlderReleases.stringThroughBuffer(capacity: 4) { _ in throw Stop() }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("Without Observation no class is @Observable; with it, the macro's storage is recognised")
    func observationRegistrar() throws {
        let fields = FieldDiscovery.storedFields(of: TallyModel.self)
        let registrar = try #require(OlderReleases.observationRegistrar)
        #expect(ObjectIdentifier(registrar) == ObjectIdentifier(ObservationRegistrar.self))
        #expect(PropertyConventions.isObservable(fields))
        #expect(!PropertyConventions.isObservable(fields, registrar: nil))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("Int128 and UInt128 inputs are wide integers where the release has them, and never before")
    func int128Inputs() throws {
        let big = Int128.min
        let wide = try #require(OlderReleases.wideInteger(in: big))
        #expect(wide.description == "-170141183460469231731687303715884105728")
        #expect(OlderReleases.wideInteger(in: UInt128.max)?.description == "340282366920938463463374607431768211455")
        #expect(OlderReleases.wideInteger(in: 5) == nil)
        #expect(OlderReleases.wideInteger(in: big, releaseHasInt128: false) == nil)
        #expect(OlderReleases.int128Value(wide) as? Int128 == big)
        #expect(OlderReleases.int128Value(wide, releaseHasInt128: false) == nil)
        #expect(OlderReleases.int128Codec(for: UInt128.self, mode: .lossless) is Codec<UInt128>)
        #expect(OlderReleases.int128Codec(for: UInt128.self, mode: .lossless, releaseHasInt128: false) == nil)
        #expect(OlderReleases.int128Codec(for: Int.self, mode: .lossless) == nil)
    }
}
