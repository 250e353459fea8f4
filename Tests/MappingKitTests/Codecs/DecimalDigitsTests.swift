import Foundation
@testable import MappingKit
import Testing

private struct Point: Mappable {
    var value = 0.0
}

@Suite("Decimals to doubles from their digits")
struct DecimalDigitsTests {
    @Test("this platform's Decimal layout is known: decimals are read from their digits, not their text")
    func layout() throws {
        let decimal = try #require(Decimal(string: "-65.613616999999977"))
        let parts = try #require(DecimalDigits.parts(of: decimal))
        #expect(parts == (true, 65_613_616_999_999_977, -15))
        #expect(DecimalDigits.parts(of: Decimal.nan) == nil)
        let long = try #require(Decimal(string: "123456789012345678901234567890"))
        #expect(DecimalDigits.parts(of: long) == nil)
    }

    @Test("NSDecimalNumbers become the nearest Double, as their text would", arguments: [
        ("-65.613616999999977", -65.613616999999977),
        ("44.86558599999999", 44.86558599999999),
        ("0.1", 0.1),
        ("-0.000001", -0.000001),
        ("12345678901234567.5", 12345678901234567.5),
        ("1.7976931348623157e-100", 1.7976931348623157e-100),
        ("1e-120", 1e-120),
        ("2.5", 2.5),
        ("1.0", 1.0),
    ])
    func mapped(text: String, expected: Double) throws {
        let point = try Point(dictionary: ["value": NSDecimalNumber(string: text)])
        #expect(point.value.bitPattern == expected.bitPattern)
    }

    @Test("a whole number must still fit exactly: its digits go the exact way")
    func wholeNumbers() {
        #expect(mappingError { _ = try Point(dictionary: ["value": NSDecimalNumber(string: "90071992547409930e-1")]) }?.description
            == "value: expected Double without loss of precision, found Decimal 9007199254740993")
        #expect((try? Point(dictionary: ["value": NSDecimalNumber(string: "4.50e1")]))?.value == 45)
    }

    @Test("10,000 random fractions of up to 19 digits: from the digits as from the text")
    func randomFractions() {
        var generator = SplitMix64(seed: 0x5EED)
        var wrong: [String] = []
        for _ in 0..<10_000 {
            let digits = UInt64.random(in: 1...10_000_000_000_000_000_000, using: &generator)
            let exponent = Int.random(in: -40 ... -1, using: &generator)
            let decimal = Decimal(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: exponent, significand: Decimal(digits))
            guard let fast = DecimalDigits.fraction(decimal) else { continue }
            if fast.bitPattern != Double("\(decimal)")?.bitPattern, wrong.count < 10 { wrong.append("\(decimal)") }
        }
        #expect(wrong == [])
    }

    @Test(
        "parse-number-fxx: from the digits, every decimal gives the Double its text gives",
        .needs(.parseNumberFxx),
        arguments: ParseNumberFxx.files
    )
    func parseNumberFxx(file: String) throws {
        let (entries, lines) = try ParseNumberFxx.entries(in: file)
        var checked = 0
        var wrong: [String] = []
        for entry in entries {
            guard let decimal = Decimal(string: entry.text), !decimal.isNaN,
                  let fast = DecimalDigits.fraction(decimal), let text = Double("\(decimal)") else { continue }
            checked += 1
            if fast.bitPattern != text.bitPattern, wrong.count < 10 {
                wrong.append("\(entry.text) as Decimal \(decimal): \(fast) from the digits, \(text) from the text")
            }
        }
        #expect(wrong == [])
        #expect(checked > 0)
        print("\(file): \(checked) of \(lines) lines converted from their digits, each as from its text")
    }
}
