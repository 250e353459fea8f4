/// Decimal to binary floating point, correctly rounded, without text: Clinger's fast path when
/// the digits and the power of ten are both exact doubles, else the Eisel–Lemire algorithm
/// (Lemire, "Number Parsing at a Gigabyte per Second", 2021), which answers for all but a
/// vanishing fraction of inputs and says when it cannot; those go to the C library's `strtod`.
enum DecimalToBinary {
    /// `significand × 10^exponent` as the nearest `Double`, or `nil` when it cannot be sure.
    static func double(_ significand: UInt64, _ exponent: Int) -> Double? {
        if significand <= 1 << 53, (-22...22).contains(exponent) {
            let exact = Double(significand)
            return exponent < 0 ? exact / powersOfTen[-exponent] : exact * powersOfTen[exponent]
        }
        return eiselLemire(significand, exponent)
    }

    /// Exact doubles 10^0 through 10^22.
    static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// 10^0 through 10^19, every power of ten a `UInt64` holds.
    static let integerPowersOfTen: [UInt64] = (0...19).map { power in
        (0..<power).reduce(UInt64(1)) { value, _ in value * 10 }
    }

    /// Exact floats 10^0 through 10^10.
    static let floatPowersOfTen: [Float] = (0...10).map { power in
        (0..<power).reduce(Float(1)) { value, _ in value * 10 }
    }

    private static func eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
        guard significand != 0, let (high, low) = TenPowers.approximation(exponent) else { return nil }
        let leadingZeros = significand.leadingZeroBitCount
        let normalized = significand << leadingZeros
        // The binary exponent: ⌊log2(10) × exponent⌋ with 217706 / 2^16 ≈ log2(10), biased.
        var binaryExponent = UInt64(bitPattern: Int64((217_706 * exponent) >> 16 + 64 + 1023 - leadingZeros))
        var (productHigh, productLow) = normalized.multipliedFullWidth(by: high)
        if productHigh & 0x1FF == 0x1FF, productLow &+ normalized < productLow {
            // Not enough bits: widen the product with the next 64 bits of the power.
            let (wideHigh, wideLow) = normalized.multipliedFullWidth(by: low)
            var mergedHigh = productHigh
            let (mergedLow, carry) = productLow.addingReportingOverflow(wideHigh)
            if carry { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, wideLow &+ normalized < wideLow { return nil }
            productHigh = mergedHigh
            productLow = mergedLow
        }
        let topBit = productHigh >> 63
        var mantissa = productHigh >> (topBit + 9)
        binaryExponent &-= 1 ^ topBit
        // Exactly halfway between two doubles: the digits alone cannot say which way to round.
        if productLow == 0, productHigh & 0x1FF == 0, mantissa & 3 == 1 { return nil }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >> 53 > 0 {
            mantissa >>= 1
            binaryExponent &+= 1
        }
        // Subnormal, zero, infinite or NaN: left to the slow path.
        guard binaryExponent &- 1 < 0x7FF - 1 else { return nil }
        return Double(bitPattern: binaryExponent << 52 | mantissa & 0x000F_FFFF_FFFF_FFFF)
    }
}

/// 128-bit approximations, rounded down, of the powers of ten 10^-348 through 10^347,
/// normalised so the top bit is set: the table Eisel–Lemire multiplies by. Computed exactly,
/// once, with integers of a few hundred bits.
enum TenPowers {
    static let smallest = -348
    static let largest = 347

    static func approximation(_ exponent: Int) -> (UInt64, UInt64)? {
        guard exponent >= smallest, exponent <= largest else { return nil }
        let index = (exponent - smallest) * 2
        return (table[index], table[index + 1])
    }

    /// High and low words, two per power, from 10^-348 up.
    private static let table: [UInt64] = {
        var table = [UInt64](repeating: 0, count: (largest - smallest + 1) * 2)
        // Non-negative powers: 10^n exactly, multiplied up.
        var power: [UInt64] = [1]
        for exponent in 0...largest {
            let (high, low) = top128(power)
            table[(exponent - smallest) * 2] = high
            table[(exponent - smallest) * 2 + 1] = low
            multiply(&power, by: 10)
        }
        // Negative powers: ⌊2^1471 / 10^n⌋, divided down; ⌊⌊x / a⌋ / b⌋ = ⌊x / ab⌋ keeps it exact,
        // and 1471 bits leave more than 128 below 10^348.
        var quotient = [UInt64](repeating: 0, count: 23)
        quotient[22] = 1 << 63
        for exponent in 1...(-smallest) {
            divide(&quotient, by: 10)
            let (high, low) = top128(quotient)
            table[(-exponent - smallest) * 2] = high
            table[(-exponent - smallest) * 2 + 1] = low
        }
        return table
    }()

    /// The 128 bits below the highest set bit of `number` (little-endian words), rounded down.
    private static func top128(_ number: [UInt64]) -> (UInt64, UInt64) {
        guard let top = number.lastIndex(where: { $0 != 0 }) else { return (0, 0) }
        let shift = number[top].leadingZeroBitCount
        func word(_ index: Int) -> UInt64 { index >= 0 ? number[index] : 0 }
        func shifted(_ index: Int) -> UInt64 {
            shift == 0 ? word(index) : word(index) << shift | word(index - 1) >> (64 - shift)
        }
        return (shifted(top), shifted(top - 1))
    }

    private static func multiply(_ number: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for index in number.indices {
            let (high, low) = number[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            number[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { number.append(carry) }
    }

    private static func divide(_ number: inout [UInt64], by divisor: UInt64) {
        var remainder: UInt64 = 0
        for index in number.indices.reversed() {
            let (quotient, rest) = divisor.dividingFullWidth((high: remainder, low: number[index]))
            number[index] = quotient
            remainder = rest
        }
    }
}
