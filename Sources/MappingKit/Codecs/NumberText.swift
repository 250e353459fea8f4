/// Numbers written as text (`"42"`, `"-1.5e3"`): the one grammar MappingKit reads numbers from
/// strings with. An optional sign, digits with an optional fraction, an optional exponent;
/// nothing before or after. `"nan"`, `"inf"`, hexadecimal, spaces and embedded NULs are not
/// numbers (`Double("42\u{0}abc")` is `42` in Foundation's C parser, never here).
enum NumberText {
    enum Shape {
        /// Digits only: the value is an integer and must convert exactly.
        case integer
        /// A fraction or an exponent: the correctly rounded nearest value is meant.
        case decimal
    }

    /// The shape of `text`, or `nil` when it is not a number.
    static func shape(of text: String) -> Shape? {
        var iterator = text.utf8.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = iterator.next() }
        var integerDigits = 0
        while let digit = byte, isDigit(digit) {
            integerDigits += 1
            byte = iterator.next()
        }
        var shape = Shape.integer
        if byte == UInt8(ascii: ".") {
            shape = .decimal
            byte = iterator.next()
            var fractionDigits = 0
            while let digit = byte, isDigit(digit) {
                fractionDigits += 1
                byte = iterator.next()
            }
            guard integerDigits + fractionDigits > 0 else { return nil }
        } else if integerDigits == 0 {
            return nil
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            shape = .decimal
            byte = iterator.next()
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = iterator.next() }
            var exponentDigits = 0
            while let digit = byte, isDigit(digit) {
                exponentDigits += 1
                byte = iterator.next()
            }
            guard exponentDigits > 0 else { return nil }
        }
        return byte == nil ? shape : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

extension NumberText {
    /// What the integer written in some text is as a binary floating-point type.
    enum IntegerValue<Floating> {
        /// Exactly this value.
        case exact(Floating)
        /// Between two values: this one is the nearest (ties to even).
        case rounded(Floating)
        /// Past the type's largest finite value.
        case outOfRange
    }

    /// The integer written in `text` (an optional sign, then digits; `nil` for anything else)
    /// as a `Floating`, exact or not, at any length: 2¹⁵² written in its 46 digits is exactly a
    /// `Double`, 2¹⁵² + 1 is not. The one conversion of integer text to `Double` and `Float`:
    /// strings, `Decimal`s and JSON's long integers all go through it.
    ///
    /// The nearest value is read from the text (correctly rounded), and its own digits, worked
    /// out exactly, must be the text's. A `Double` past 2⁵³ is an odd integer of at most 53 bits
    /// times a power of two, so its digits are that integer doubled again and again, in base
    /// 10⁹ limbs: at most 35 limbs and 971 doublings (29 at a time) for the largest `Double`.
    static func integer<Floating: BinaryFloatingPoint & LosslessStringConvertible>(_ text: String, as _: Floating.Type) -> IntegerValue<Floating>? {
        var digits = Substring(text).utf8[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        digits = digits.drop { $0 == UInt8(ascii: "0") }
        // More digits than the largest finite value has (309 for `Double`, 39 for `Float`):
        // out of range, without reading them.
        guard digits.count <= Int(Double(Floating.greatestFiniteMagnitude.exponent) * 0.30103) + 2,
              let nearest = Floating(text), nearest.isFinite else { return .outOfRange }
        return decimalDigits(of: nearest.magnitude).elementsEqual(digits) ? .exact(nearest) : .rounded(nearest)
    }

    /// The decimal digits of `value`, a whole number (no leading zeros; empty for zero).
    private static func decimalDigits<Floating: BinaryFloatingPoint>(of value: Floating) -> [UInt8] {
        guard value >= 1 else { return [] }
        // value = significand × 2^shift, with the significand an integer.
        let shift = max(Int(value.exponent) - Floating.significandBitCount, 0)
        let significand = UInt64(value / Floating(sign: .plus, exponent: Floating.Exponent(shift), significand: 1))
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [significand % base, significand / base % base, significand / base / base].reversed()
        limbs = Array(limbs.drop { $0 == 0 }.reversed())
        var remaining = shift
        while remaining > 0 {
            let step = min(remaining, 29)
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] << step + carry
                limbs[index] = product % base
                carry = product / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
            remaining -= step
        }
        var result = Array(String(limbs.last ?? 0).utf8)
        for limb in limbs.dropLast().reversed() {
            let text = Array(String(limb).utf8)
            result += Array(repeating: UInt8(ascii: "0"), count: 9 - text.count) + text
        }
        return result
    }
}
