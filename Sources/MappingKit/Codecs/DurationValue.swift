import Foundation

/// `Duration` as the number of seconds it lasts, exactly: `1.5` for `.milliseconds(1500)`, to the
/// attosecond (18 fraction digits), read and written as a `Decimal` property is: from JSON's
/// digits as written, a `Double` by its shortest digits, text (`"90"`), integers of any width.
/// A number with more than 18 fraction digits, or past what a `Duration` holds (about
/// ±1.7 × 10²⁰ s), is refused, never rounded.
///
/// ```swift
/// struct Job: Mappable { var timeout: Duration = .zero }
/// try Job(dictionary: ["timeout": 2.5]).timeout   // 2.5 seconds
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration: ConvertedValue {
    static var typeName: String { "Duration" }

    init(converting seconds: Decimal) throws {
        let found = ValueDescription.describe(seconds)
        // `Decimal`'s own text never has an exponent: digits, and a point when there is a fraction.
        let text = "\(seconds)"
        let isNegative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts.first ?? "0"
        let fraction = parts.count > 1 ? parts[1] : ""
        guard fraction.count <= 18 else { throw MappingError(.inexact(expected: "Duration", found: found)) }
        let attoseconds = whole + fraction + String(repeating: "0", count: 18 - fraction.count)
        guard let magnitude = WideInteger(attoseconds), let bits = Self.bits(magnitude, isNegative: isNegative) else {
            throw MappingError(.outOfRange(expected: "Duration", range: Self.range, found: found))
        }
        self.init(_high: bits.high, low: bits.low)
    }

    func converted() throws -> Decimal {
        let isNegative = _high < 0
        // The magnitude of the 128-bit two's-complement count of attoseconds.
        let low = isNegative ? ~_low &+ 1 : _low
        let high = isNegative ? ~UInt64(bitPattern: _high) &+ (_low == 0 ? 1 : 0) : UInt64(_high)
        let digits = WideInteger(isNegative: false, high: high, low: low).description
        let padded = String(repeating: "0", count: max(0, 19 - digits.count)) + digits
        let whole = padded.dropLast(18)
        let fraction = padded.suffix(18).reversed().drop { $0 == "0" }.reversed()
        let text = (isNegative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + String(fraction))
        return try DecimalCodec.exactDecimal(text, found: "Duration \(text) seconds")
    }

    /// A number of seconds in `Duration`'s range (as JSON Schema's numbers go: a bound a
    /// `Double`, so within one part in 10¹⁶), or a `Decimal`'s text. That a number has at most 18
    /// fraction digits, and a text is in range, is more than a schema says of either.
    static func schema(storedAs stored: [String: Any]) -> [String: Any] {
        let largest = 170_141_183_460_469_231_731.687_303_715_884_105_727
        guard let choices = stored["anyOf"] as? [[String: Any]] else { return stored }
        return ["anyOf": choices.map { choice in
            guard choice["type"] as? String == "number" else { return choice }
            return ["type": "number", "minimum": -largest, "maximum": largest]
        }]
    }

    /// `Duration`'s range, in seconds: its count of attoseconds is an `Int128`.
    private static let range = "-170141183460469231731.687303715884105728...170141183460469231731.687303715884105727 seconds"

    /// The two's-complement words of the signed count whose magnitude is `magnitude`, when an
    /// `Int128` holds it.
    private static func bits(_ magnitude: WideInteger, isNegative: Bool) -> (high: Int64, low: UInt64)? {
        let limit: UInt64 = 1 << 63
        guard isNegative else { return magnitude.high < limit ? (Int64(magnitude.high), magnitude.low) : nil }
        guard magnitude.high < limit || (magnitude.high == limit && magnitude.low == 0) else { return nil }
        let low = ~magnitude.low &+ 1
        let high = ~magnitude.high &+ (magnitude.low == 0 ? 1 : 0)
        return (Int64(bitPattern: high), low)
    }
}
