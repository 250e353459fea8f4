import Foundation
@testable import MappingKit
import Testing

private struct Doubles: Mappable {
    var v: [Double] = []
}

private struct Floats: Mappable {
    var v: [Float] = []
}

private struct Scalars: Mappable {
    var n = 0.0
    var i = 0
    var d: Decimal = 0
}

/// An integer's decimal digits, worked out apart from the library (schoolbook on digit strings):
/// the oracle for which integers a `Double` holds exactly.
private enum DigitOracle {
    /// `digits` × 2 (most significant digit first).
    static func doubled(_ digits: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var carry: UInt8 = 0
        for digit in digits.reversed() {
            let value = digit * 2 + carry
            result.append(value % 10)
            carry = value / 10
        }
        if carry > 0 { result.append(carry) }
        return result.reversed()
    }

    /// `digits` ÷ 2 and whether it was even.
    static func halved(_ digits: [UInt8]) -> ([UInt8], Bool) {
        var result: [UInt8] = []
        var remainder: UInt8 = 0
        for digit in digits {
            let value = remainder * 10 + digit
            result.append(value / 2)
            remainder = value % 2
        }
        return (Array(result.drop { $0 == 0 }), remainder == 0)
    }

    /// Whether the positive integer `digits` is `m × 2^e` with `m < 2^53` and a finite `Double`.
    static func isDouble(_ digits: [UInt8]) -> Bool {
        var value = digits
        var exponent = 0
        while value.count > 16 || (value.last.map { $0 % 2 == 0 } ?? false) && !value.isEmpty {
            let (half, even) = halved(value)
            guard even else { break }
            value = half
            exponent += 1
        }
        let odd = value.reduce(0.0) { $0 * 10 + Double($1) }
        guard value.count <= 16, odd < 0x1p53 else { return false }
        let bits = odd == 0 ? 0 : Int(odd.exponent) + 1
        return bits + exponent <= 1024
    }

    static func text(_ digits: [UInt8]) -> String {
        String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
    }
}

/// Long numbers (issues 45 and 46): integers any `Double` holds exactly map to it at any length,
/// every other one is refused with a message that names the property's type, and a number
/// longer than ``MappingLimits/maximumNumberLength`` is refused before anything converts it.
@Suite("JSON: long numbers")
struct LongNumberTests {
    @Test("integers a Double holds exactly map at any length (nativejson-benchmark's two), from JSON and from text")
    func exactLongIntegers() throws {
        let json = #"{"v": [5708990770823838890407843763683279797179383808, 5708990770823839524233143877797980545530986496]}"#
        let doubles = try Doubles(json: json)
        #expect(doubles.v == [5708990770823838890407843763683279797179383808.0, 0x1p152])
        #expect(doubles.v[1].bitPattern == (0x1p152 as Double).bitPattern)
        // The same digits as strings, and as what JSONValue.parse gives: one conversion.
        #expect(try Doubles(dictionary: ["v": ["5708990770823839524233143877797980545530986496"]]).v == [0x1p152])
        #expect(try Doubles(dictionary: try JSONValue.parse(json) as? [String: Any] ?? [:]).v == doubles.v)
        #expect(try Floats(json: #"{"v": [1267650600228229401496703205376]}"#).v == [0x1p100])
        // 39 digits past 2¹²⁸, where neither Decimal nor Int128 holds it (found by the property test below).
        #expect(try Doubles(json: #"{"v": [371701218101473635127308408537267306496]}"#).v == [371701218101473635127308408537267306496.0])
    }

    /// The first read of a type reads the object as native values (`JSONReader.readAny`, which
    /// keeps such an integer as an ``ExactNumber``), later ones straight into the fields: both
    /// give these messages, which name the property's type.
    @Test("an integer no Double, Decimal or Int128 holds is refused naming the property's type, on the first and later reads", arguments: [
        (#"{"v": [5708990770823839524233143877797980545530986497]}"#, "Doubles",
         "v[0]: expected Double without loss of precision, found Int 5708990770823839524233143877797980545530986497"),
        (#"{"v": [12676506002282294014967032053760000000001]}"#, "Floats",
         "v[0]: expected Float in ±3.4028235e+38, found Int 12676506002282294014967032053760000000001"),
        (#"{"i": 123456789012345678901234567890123456789012}"#, "Scalars",
         "i: expected Int in -9223372036854775808...9223372036854775807, found Int 123456789012345678901234567890123456789012"),
        (#"{"d": 123456789012345678901234567890123456789012}"#, "Scalars",
         "d: expected Decimal without loss of precision, found Int 123456789012345678901234567890123456789012"),
        (#"{"v": [1\#(String(repeating: "0", count: 400))]}"#, "Doubles",
         "v[0]: expected Double in ±1.7976931348623157e+308, found Int 1\(String(repeating: "0", count: 59))…, 401 characters"),
    ])
    func inexactLongIntegers(json: String, model: String, message: String) {
        for _ in 0..<2 {
            let error = mappingError {
                switch model {
                case "Doubles": _ = try Doubles(json: json)
                case "Floats": _ = try Floats(json: json)
                default: _ = try Scalars(json: json)
                }
            }
            #expect(error?.description == message)
        }
    }

    @Test("a 5,001-digit integer names the property's type and why, in a short message")
    func fiveThousandDigits() {
        let digits = "1" + String(repeating: "0", count: 5_000)
        let shown = "1" + String(repeating: "0", count: 59) + "…, 5001 characters"
        let expected = [
            "n": "n: expected Double in ±1.7976931348623157e+308, found Int \(shown)",
            "i": "i: expected Int in -9223372036854775808...9223372036854775807, found Int \(shown)",
            "d": "d: expected Decimal without loss of precision, found Int \(shown)",
        ]
        for (key, message) in expected {
            for _ in 0..<2 {
                #expect(mappingError { _ = try Scalars(json: #"{"\#(key)": \#(digits)}"#) }?.description == message)
            }
        }
    }

    @Test("an integer no native number holds is kept exactly, as an ExactNumber, and written back as it was")
    func keptExactly() throws {
        let googolCubed = "1" + String(repeating: "0", count: 308)   // 10^308: no Double is it
        let parsed = try JSONValue.parse("[\(googolCubed), -237462374673276894279832749832423479823246327846]") as? [Any]
        #expect(parsed?.compactMap { ($0 as? ExactNumber)?.text } == [googolCubed, "-237462374673276894279832749832423479823246327846"])
        #expect(String(decoding: try JSONValue.data(parsed ?? []), as: UTF8.self)
            == "[\(googolCubed),-237462374673276894279832749832423479823246327846]")
        #expect(ExactNumber("007") == nil)
        #expect(ExactNumber("1.5") == nil)
        #expect(ExactNumber("-0")?.description == "-0")
    }

    @Test("integers of 1 to 400 digits map to Double exactly when a Double is their value, and are refused otherwise")
    func propertyExactIntegers() throws {
        var generator = SystemRandomNumberGenerator()
        var exactCount = 0
        for round in 0..<300 {
            var digits: [UInt8]
            if round % 2 == 0 {
                // A Double's integer: an odd significand up to 2^53 times a power of two.
                let significand = UInt64.random(in: 1...(1 << 53), using: &generator) | 1
                digits = Array(String(significand).utf8).map { $0 - UInt8(ascii: "0") }
                for _ in 0..<Int.random(in: 0...1_000, using: &generator) { digits = DigitOracle.doubled(digits) }
                // Sometimes one off: then no Double is it.
                if Bool.random(using: &generator), let last = digits.last {
                    digits[digits.count - 1] = last == 9 ? 8 : last + 1
                }
            } else {
                let count = Int.random(in: 1...400, using: &generator)
                digits = [UInt8.random(in: 1...9, using: &generator)] + (1..<count).map { _ in UInt8.random(in: 0...9, using: &generator) }
            }
            guard digits.count <= 400 else { continue }
            let text = DigitOracle.text(digits)
            let expected = DigitOracle.isDouble(digits)
            let mapped = try? Doubles(json: #"{"v": [\#(text)]}"#)
            #expect((mapped != nil) == expected, "\(text)")
            if expected {
                exactCount += 1
                #expect(mapped?.v.first.map { Double(text) == $0 } == true, "\(text)")
            }
        }
        #expect(exactCount > 50)
    }

    @Test("-0 keeps its sign as a Double, untyped and typed; an Int reads it as 0")
    func negativeZero() throws {
        let untyped = try JSONValue.parse("-0")
        #expect((untyped as? Double)?.sign == .minus)
        #expect(String(decoding: try JSONValue.data(untyped), as: UTF8.self) == "-0.0")
        #expect(try Scalars(json: #"{"n": -0, "i": -0}"#).n.sign == .minus)
        #expect(try Scalars(json: #"{"i": -0}"#).i == 0)
        #expect(try Floats(json: #"{"v": [-0]}"#).v.first?.sign == .minus)
    }

    @Test("a number longer than the limit is refused where it starts, before any conversion, mapped or skipped")
    func numberLengthLimit() throws {
        let limits = MappingLimits(maximumNumberLength: 100)
        let hundred = String(repeating: "7", count: 100)
        #expect(try Scalars(json: #"{"n": 0.\#(hundred.dropLast(2))}"#, limits: limits).n == 0.7777777777777778)
        #expect(mappingError { _ = try Scalars(json: #"{"n": \#(hundred)1}"#, limits: limits) }?.description
            == "n: expected a number of at most 100 characters (MappingLimits.maximumNumberLength), found 101 characters at line 1, column 7 (byte 6)")
        #expect(mappingError { _ = try Scalars(json: #"{"other": [\#(hundred)1]}"#, limits: limits) }?.description
            == "expected a number of at most 100 characters (MappingLimits.maximumNumberLength), found 101 characters at line 1, column 12 (byte 11)")
        #expect(mappingError { _ = try JSONValue.parse("-\(hundred)", limits: limits) }?.description
            == "expected a number of at most 100 characters (MappingLimits.maximumNumberLength), found 101 characters at line 1, column 1 (byte 0)")
        // Far past the limit, refused once 1,024 more digits are read, not at the number's end.
        let million = String(repeating: "1", count: 1_000_000)
        #expect(mappingError { _ = try Scalars(json: #"{"n": \#(million)}"#, limits: limits) }?.description
            == "n: expected a number of at most 100 characters (MappingLimits.maximumNumberLength), found 1043 characters or more at line 1, column 7 (byte 6)")
        #expect(mappingError { _ = try Scalars(json: #"{"n": 0.\#(million)}"#, limits: limits) }?.description
            == "n: expected a number of at most 100 characters (MappingLimits.maximumNumberLength), found 1018 characters or more at line 1, column 7 (byte 6)")
        #expect(MappingLimits.default.maximumNumberLength == 10_000)
        #expect(MappingLimits.untrusted.maximumNumberLength == 1_000)
    }
}
