@testable import MappingKit
import Testing

/// `WideInteger` against `Int128` and `UInt128`, which exist on Linux: the numeric core's
/// stand-in for them on releases without them must agree with them on every value.
@Suite("Codecs: WideInteger agrees with Int128 and UInt128")
struct WideIntegerTests {
    /// Values across both types: the edges, powers of two and ten and their neighbours, random ones.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func samples() -> [(negative: Bool, magnitude: UInt128)] {
        var magnitudes: [UInt128] = [0, 1, 9, 10, UInt128(UInt64.max), UInt128(UInt64.max) + 1, UInt128.max, UInt128.max - 1,
                                      UInt128(1) << 127, (UInt128(1) << 127) - 1, (UInt128(1) << 127) + 1]
        for bit in 0..<128 {
            let power = UInt128(1) << bit
            magnitudes += [power, power - 1, power + 1, power | (power >> 1), power | 1]
        }
        var ten: UInt128 = 1
        for _ in 0...38 {
            magnitudes += [ten, ten - 1, ten + 1]
            ten = ten.multipliedReportingOverflow(by: 10).partialValue
        }
        var random = SplitMix64(seed: 128)
        for _ in 0..<3_000 {
            let value = UInt128(random.next()) << 64 | UInt128(random.next())
            magnitudes += [value, value >> Int.random(in: 0...127, using: &random)]
        }
        return magnitudes.flatMap { [(false, $0), (true, $0)] }.filter { !$0.0 || $0.1 != 0 }
    }

    /// The value as an `Int128`, when it is one.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func signed(_ negative: Bool, _ magnitude: UInt128) -> Int128? {
        if !negative { return Int128(exactly: magnitude) }
        if magnitude == UInt128(1) << 127 { return Int128.min }
        return Int128(exactly: magnitude).map { -$0 }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func wide(_ negative: Bool, _ magnitude: UInt128) -> WideInteger {
        WideInteger(isNegative: negative, high: UInt64(magnitude >> 64), low: UInt64(truncatingIfNeeded: magnitude))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("Digits out, digits in, and every exact conversion, on 6,000+ values of both signs")
    func agrees() {
        var mismatches: [String] = []
        var checked = 0
        for (negative, magnitude) in Self.samples() {
            let value = Self.wide(negative, magnitude)
            let text = (negative ? "-" : "") + "\(magnitude)"
            checked += 1
            if value.description != text { mismatches.append("description of \(text): \(value)") }
            if WideInteger(text) != value { mismatches.append("parse of \(text)") }
            let signed = Self.signed(negative, magnitude)
            let unsigned = negative ? nil : magnitude
            if value.exactly(Int128.self) != signed { mismatches.append("Int128 of \(text)") }
            if value.exactly(UInt128.self) != unsigned { mismatches.append("UInt128 of \(text)") }
            if value.exactly(Int64.self) != signed.flatMap(Int64.init(exactly:)) { mismatches.append("Int64 of \(text)") }
            if value.exactly(Int8.self) != signed.flatMap(Int8.init(exactly:)) { mismatches.append("Int8 of \(text)") }
            if value.exactly(UInt64.self) != unsigned.flatMap(UInt64.init(exactly:)) { mismatches.append("UInt64 of \(text)") }
            if value.isWithin128Bits != (signed != nil || unsigned != nil) { mismatches.append("range of \(text)") }
            if value.int64 != signed.flatMap(Int64.init(exactly:)) { mismatches.append("int64 of \(text)") }
            if value.uint64 != unsigned.flatMap(UInt64.init(exactly:)) { mismatches.append("uint64 of \(text)") }
            let double = negative ? -Double(magnitude) : Double(magnitude)
            let float = negative ? -Float(magnitude) : Float(magnitude)
            if value.rounded(Double.self) != double { mismatches.append("Double of \(text)") }
            if value.rounded(Float.self) != float { mismatches.append("Float of \(text)") }
            let exactDouble = Double(exactly: magnitude).map { negative ? -$0 : $0 }
            if value.exactly(Double.self) != exactDouble { mismatches.append("exact Double of \(text)") }
            if let exactDouble, WideInteger(exactly: exactDouble) != value { mismatches.append("from Double \(text)") }
        }
        print("WideInteger: \(checked) values checked against Int128/UInt128, \(mismatches.count) mismatches")
        #expect(Array(mismatches.prefix(10)) == [])
    }

    @Test("Text that is not a 128-bit integer is refused, as Int128 and UInt128 refuse it", arguments: [
        "", "-", "+", "1.0", " 1", "1 ", "0x10", "1e3", "340282366920938463463374607431768211456",
        "-340282366920938463463374607431768211456", "99999999999999999999999999999999999999999",
    ])
    func refused(text: String) {
        #expect(WideInteger(text) == nil)
    }

    @Test("Doubles that are not whole numbers within 128 bits have no integer")
    func notWhole() {
        #expect(WideInteger(exactly: 0.5) == nil)
        #expect(WideInteger(exactly: Double.infinity) == nil)
        #expect(WideInteger(exactly: Double.nan) == nil)
        #expect(WideInteger(exactly: 0x1p128) == nil)
        #expect(WideInteger(exactly: -0x1p127)?.description == "-170141183460469231731687303715884105728")
        #expect(WideInteger(exactly: -0.0)?.description == "0")
    }
}
