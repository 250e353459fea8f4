import Foundation

/// A `Decimal` as an integer significand and a power of ten, without its text: what turns
/// JSONSerialization's `NSDecimalNumber`s into correctly rounded doubles at the cost of a few
/// loads and a multiplication, where making the decimal's text and parsing it costs a
/// microsecond.
///
/// `Decimal` keeps its fields public on Apple platforms only; elsewhere they are internal. Its
/// storage is `NSDecimal`'s everywhere: a signed byte of exponent, a byte holding the length
/// (in 16-bit words) and the sign, two reserved bytes, then eight little-endian 16-bit words of
/// significand, least significant first. Where the length and the sign sit in their byte
/// differs (swift-corelibs-foundation and Apple's bit fields put the length in the low four
/// bits and the sign above it; swift-foundation puts the length in the high four bits and the
/// sign below it), so the layout is found once, by reading decimals made from known text; when
/// neither reads them right, every decimal goes through its text as before.
enum DecimalDigits {
    /// Where a decimal's length and sign sit in its second byte.
    private struct Layout {
        let lengthShift: UInt8
        let signMask: UInt8

        func parts(of decimal: Decimal) -> (isNegative: Bool, significand: UInt64, exponent: Int)? {
            withUnsafeBytes(of: decimal) { raw in
                let length = Int(raw[1] >> lengthShift & 0x0F)
                let isNegative = raw[1] & signMask != 0
                // Length 0: zero, or NaN when negative; more than four words: past 64 bits.
                guard length <= 4, length > 0 || !isNegative else { return nil }
                var significand: UInt64 = 0
                for word in (0..<length).reversed() {
                    significand = significand << 16 | UInt64(raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self))
                }
                return (isNegative, significand, Int(raw.load(fromByteOffset: 0, as: Int8.self)))
            }
        }
    }

    /// The layout that reads known decimals right, or `nil`.
    private static let layout: Layout? = {
        guard MemoryLayout<Decimal>.size == 20,
              let negative = Decimal(string: "-1234567890.123"), let positive = Decimal(string: "12.25") else { return nil }
        return [Layout(lengthShift: 0, signMask: 0x10), Layout(lengthShift: 4, signMask: 0x08)].first { layout in
            layout.parts(of: negative).map { $0 == (true, 1_234_567_890_123, -3) } == true
                && layout.parts(of: positive).map { $0 == (false, 1_225, -2) } == true
                && layout.parts(of: Decimal()).map { $0 == (false, 0, 0) } == true
        }
    }()

    /// `decimal`'s sign, significand and power of ten; `nil` for NaN, for a significand of more
    /// than 64 bits, or when the layout is unknown.
    static func parts(of decimal: Decimal) -> (isNegative: Bool, significand: UInt64, exponent: Int)? {
        layout?.parts(of: decimal)
    }

    /// The `Double` nearest to `decimal`, correctly rounded, when it is not a whole number (a
    /// whole number must convert exactly, which the caller checks from its digits); `nil` when
    /// it is one, or when ``parts(of:)`` cannot read it, or the rounding needs more digits.
    static func fraction(_ decimal: Decimal) -> Double? {
        guard let (isNegative, significand, exponent) = parts(of: decimal), exponent < 0, significand != 0 else { return nil }
        // Below 10^-19 a 64-bit significand leaves no whole part; above, the digits must not
        // all be zeros after the point.
        if -exponent < DecimalToBinary.integerPowersOfTen.count, significand % DecimalToBinary.integerPowersOfTen[-exponent] == 0 {
            return nil
        }
        guard let magnitude = DecimalToBinary.double(significand, exponent) else { return nil }
        return isNegative ? -magnitude : magnitude
    }
}
