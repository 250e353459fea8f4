import Foundation
@testable import MappingKit
import Testing

/// What reading `text` as one JSON number gives: `nil` when it is not one.
private func converted(_ text: String) throws -> (double: UInt64, float: UInt32)? {
    try JSONReader.read(Data(text.utf8), limits: .default) { reader in
        guard let number = try? reader.scanNumber(), reader.position == reader.count else { return nil }
        return (reader.double(number).bitPattern, reader.float(number).bitPattern)
    }
}

@Suite("JSON numbers")
struct JSONNumberTests {
    @Test(
        "parse-number-fxx: every valid JSON number gives exactly the listed Double and Float bits",
        .needs(.parseNumberFxx),
        arguments: ParseNumberFxx.files
    )
    func parseNumberFxx(file: String) throws {
        let (entries, lines) = try ParseNumberFxx.entries(in: file)
        var checked = 0
        var wrong: [String] = []
        for entry in entries {
            guard let result = try converted(entry.text) else { continue }
            checked += 1
            if result.double != entry.double || result.float != entry.float, wrong.count < 10 {
                wrong.append("\(entry.text): Double \(String(result.double, radix: 16)), Float \(String(result.float, radix: 16)); "
                    + "expected \(String(entry.double, radix: 16)), \(String(entry.float, radix: 16))")
            }
        }
        #expect(wrong == [])
        #expect(checked > 0)
        print("\(file): \(checked) of \(lines) lines are JSON numbers, all exact")
    }

    @Test("integers keep every digit: Int64, UInt64, then Decimal's 38 digits", arguments: [
        ("-9223372036854775808", "Int -9223372036854775808"),
        ("9223372036854775807", "Int 9223372036854775807"),
        ("9223372036854775808", "UInt64 9223372036854775808"),
        ("18446744073709551615", "UInt64 18446744073709551615"),
        ("18446744073709551616", "Decimal 18446744073709551616"),
        ("-9223372036854775809", "Decimal -9223372036854775809"),
        ("100000000000000000000", "Decimal 100000000000000000000"),
        ("1e20", "Double 1e+20"),
        ("-0", "Double -0.0"),
        ("-0.0", "Double -0.0"),
        ("1E2", "Double 100.0"),
        ("123456789012345678901234567890e-10", "Double 1.2345678901234567e+19"),
    ])
    func integers(text: String, expected: String) throws {
        let value = try JSONValue.parse(text)
        #expect("\(type(of: value)) \(value)" == expected)
    }

    @Test("an integer longer than Decimal's 38 digits is a Double when it is one exactly, else its digits, never a rounded Double")
    func hugeInteger() throws {
        let kept = try JSONValue.parse("[-237462374673276894279832749832423479823246327846]") as? [Any]
        #expect((kept?.first as? ExactNumber)?.text == "-237462374673276894279832749832423479823246327846")
        // 2¹⁵², written in its 46 digits.
        let exact = try JSONValue.parse("[5708990770823839524233143877797980545530986496]") as? [Any]
        #expect((exact?.first as? Double) == 0x1p152)
    }
}
