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
