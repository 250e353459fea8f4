/// An integer from JSON that no native Swift number holds exactly, kept as its digits: what
/// `JSONValue.parse` (and a model's `Any` properties and stashed keys) gives for
/// an integer past `Decimal`'s 38 digits and `Int128`'s range that no `Double` is exactly. A
/// valid document never fails for want of a representation (RFC 8259 allows any length), and
/// the value is never rounded.
///
/// It reads into any property that can hold its value (a `Double` when it is one exactly, which
/// it is not when it came from ``JSONValue``; an error naming the property's type otherwise) and
/// is written back as it was:
///
/// ```swift
/// let value = try JSONValue.parse("[1" + String(repeating: "0", count: 308) + "]") as? [Any]
/// let big = value?.first as? ExactNumber          // 1000…0, 309 digits: 10^308, which no Double is
/// String(decoding: try JSONValue.data(value ?? []), as: UTF8.self)   // "[1000…0]", every digit
/// ```
///
/// JSON numbers are bounded by ``MappingLimits/maximumNumberLength`` (10,000 characters by
/// default), so an `ExactNumber` is too.
public struct ExactNumber: Sendable, Hashable, CustomStringConvertible {
    /// The integer's digits, with a `-` before them when it is negative: `"-123…"`.
    ///
    /// ```swift
    /// ExactNumber("-42")?.text   // "-42"
    /// ```
    public let text: String

    /// The integer written in `text`: an optional `-`, then digits without leading zeros (as
    /// JSON writes an integer); `nil` for anything else.
    ///
    /// ```swift
    /// ExactNumber("12345678901234567890123456789012345678901234567890")   // kept exactly
    /// ExactNumber("1.5")                                                   // nil
    /// ```
    public init?(_ text: String) {
        var digits = Substring(text).utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1,
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        self.text = text
    }

    /// The digits, as ``text``.
    ///
    /// ```swift
    /// "\(ExactNumber("7")!)"   // "7"
    /// ```
    public var description: String { text }
}
