/// A whole number of up to 128 bits of magnitude, with its sign: what the numeric core carries
/// for an integer outside both 64-bit ranges.
///
/// `Int128` and `UInt128` need macOS 15 / iOS 18 / tvOS 18 / watchOS 11; MappingKit's numbers
/// must work below that. Two 64-bit words and a sign hold every value of both types (and their
/// union, -2¹²⁷ through 2¹²⁸ − 1), with only the arithmetic the core needs: digits in and out,
/// and exact conversions. The tests check every operation against `Int128`/`UInt128` on Linux.
struct WideInteger: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `true` for a value below zero (never for zero).
    let isNegative: Bool
    /// The magnitude's upper and lower 64 bits.
    let high: UInt64
    let low: UInt64

    init(isNegative: Bool, high: UInt64, low: UInt64) {
        self.isNegative = isNegative && (high != 0 || low != 0)
        self.high = high
        self.low = low
    }

    init(_ value: Int64) {
        self.init(isNegative: value < 0, high: 0, low: value.magnitude)
    }

    init(_ value: UInt64) {
        self.init(isNegative: false, high: 0, low: value)
    }

    /// The value of decimal digits with an optional sign (`-42`, `+7`, `340282366920938463463374607431768211455`),
    /// as `Int128(_:)` and `UInt128(_:)` read them; `nil` for anything else or a magnitude past
    /// 2¹²⁸ − 1.
    init?(_ text: some StringProtocol) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            // (high, low) × 10 + digit, refusing a carry out of the upper word.
            let lowProduct = low.multipliedFullWidth(by: 10)
            let highProduct = high.multipliedReportingOverflow(by: 10)
            let (newHigh, carryOverflow) = highProduct.partialValue.addingReportingOverflow(lowProduct.high)
            guard !highProduct.overflow, !carryOverflow else { return nil }
            let (newLow, digitCarry) = lowProduct.low.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            let (carried, lastOverflow) = newHigh.addingReportingOverflow(digitCarry ? 1 : 0)
            guard !lastOverflow else { return nil }
            high = carried
            low = newLow
        }
        self.init(isNegative: negative, high: high, low: low)
    }

    static func < (left: WideInteger, right: WideInteger) -> Bool {
        if left.isNegative != right.isNegative { return left.isNegative }
        let smaller = (left.high, left.low) < (right.high, right.low)
        return left.isNegative ? (right.high, right.low) < (left.high, left.low) : smaller
    }

    /// `true` when `Int128` or `UInt128` holds the value: what "an integer of up to 128 bits"
    /// means for the text a number was read from (-2¹²⁷ through 2¹²⁸ − 1).
    var isWithin128Bits: Bool {
        !isNegative || high < UInt64(1) << 63 || (high == UInt64(1) << 63 && low == 0)
    }

    /// The value as an `Int64`, when it is one.
    var int64: Int64? {
        guard high == 0 else { return nil }
        if !isNegative { return Int64(exactly: low) }
        if low == UInt64(1) << 63 { return Int64.min }
        return Int64(exactly: low).map { -$0 }
    }

    /// The value as a `UInt64`, when it is one.
    var uint64: UInt64? {
        isNegative || high != 0 ? nil : low
    }

    /// The value as `Integer`, when `Integer` holds it exactly: any width, `Int128` and `UInt128`
    /// included.
    func exactly<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        if isNegative, !Integer.isSigned { return nil }
        if high == 0 {
            guard isNegative else { return Integer(exactly: low) }
            // -low as -(low - 1) - 1, so that the most negative value does not overflow.
            guard let lessOne = Integer(exactly: low - 1) else { return nil }
            return 0 - lessOne - 1
        }
        guard Integer.bitWidth >= 128 else { return nil }
        if Integer.bitWidth == 128, Integer.isSigned {
            // Below 2¹²⁷, or exactly 2¹²⁷ when negative.
            let limit = UInt64(1) << 63
            guard high < limit || (isNegative && high == limit && low == 0) else { return nil }
        }
        let magnitude = Integer(truncatingIfNeeded: high) << 64 | Integer(truncatingIfNeeded: low)
        return isNegative ? 0 &- magnitude : magnitude
    }

    /// The value as `Floating`, when it is one exactly.
    func exactly<Floating: BinaryFloatingPoint>(_: Floating.Type) -> Floating? {
        let nearest = rounded(Floating.self)
        guard nearest.isFinite, WideInteger(exactly: nearest) == self else { return nil }
        return nearest
    }

    /// The nearest `Float` or `Double` (ties to even), as `Double(_:)` converts an integer;
    /// infinity past the largest finite value.
    func rounded<Floating: BinaryFloatingPoint>(_: Floating.Type) -> Floating {
        let value: Floating
        if high == 0 {
            value = Floating(low)
        } else {
            // The top 64 significant bits, with a sticky bit for any set below them, round once
            // to the type's significand (53 or 24 bits, far above the sticky bit); scaling by a
            // power of two is exact.
            let shift = 64 - high.leadingZeroBitCount
            let top = high << (64 - shift) | low >> shift
            let sticky: UInt64 = low << (64 - shift) != 0 ? 1 : 0
            value = Floating(top | sticky) * Floating(sign: .plus, exponent: Floating.Exponent(shift), significand: 1)
        }
        return isNegative ? -value : value
    }

    /// The integer `value` is, when it is a whole number within 128 bits of magnitude.
    init?<Floating: BinaryFloatingPoint>(exactly value: Floating) {
        guard value.isFinite, value.rounded(.towardZero) == value else { return nil }
        let magnitude = value.magnitude
        let word = Floating(sign: .plus, exponent: 64, significand: 1)
        guard magnitude < word * word else { return nil }
        let high = UInt64(magnitude / word)
        let low = UInt64(magnitude - Floating(high) * word)
        self.init(isNegative: value < 0, high: high, low: low)
    }

    var description: String {
        if high == 0 { return isNegative ? "-\(low)" : "\(low)" }
        // Two long divisions by 10¹⁹, the largest power of ten below 2⁶⁴: value = (q × 10¹⁹ + r2) × 10¹⁹ + r1.
        let chunk: UInt64 = 10_000_000_000_000_000_000
        let upper = high.quotientAndRemainder(dividingBy: chunk)
        let first = chunk.dividingFullWidth((upper.remainder, low))
        let second = chunk.dividingFullWidth((upper.quotient, first.quotient))
        let text = if second.quotient != 0 {
            "\(second.quotient)" + Self.padded(second.remainder) + Self.padded(first.remainder)
        } else {
            "\(second.remainder)" + Self.padded(first.remainder)
        }
        return isNegative ? "-" + text : text
    }

    /// 19 digits, with leading zeros.
    private static func padded(_ value: UInt64) -> String {
        let digits = "\(value)"
        return String(repeating: "0", count: 19 - digits.count) + digits
    }
}
