/// A number as written, scanned once: its first 19 significant digits as an integer and the
/// power of ten that scales them, from which every conversion is exact or correctly rounded.
struct JSONNumber {
    let start: Int
    let end: Int
    let isNegative: Bool
    /// The first 19 significant digits: the value is `significand × 10^exponent` (plus the
    /// digits dropped, when ``isTruncated``).
    let significand: UInt64
    let exponent: Int
    /// Written without a fraction or an exponent.
    let isInteger: Bool
    /// Non-zero digits past the 19th were dropped from ``significand``.
    let isTruncated: Bool

    /// The magnitude as an integer, when the number is written as one and fits 64 bits
    /// (twenty-digit integers are truncated: ``JSONReader/integerMagnitude(_:)`` reads those).
    var integerMagnitude: UInt64? {
        guard isInteger, !isTruncated else { return nil }
        var value = significand
        for _ in 0..<exponent {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = product
        }
        return value
    }
}

extension JSONReader {
    /// Consumes a number, checking RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    /// The cursor is on its first byte: every caller has peeked past the whitespace before it
    /// (no whitespace skip here, whose inlined loop slows the digit loops).
    mutating func scanNumber() throws -> JSONNumber {
        let start = position
        let negative = position < count && byte(at: position) == UInt8(ascii: "-")
        if negative { position += 1 }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        var truncated = false
        guard let first = digit() else { throw syntaxError(expected: negative ? "a digit after '-'" : "a JSON value") }
        position += 1
        if first == 0 {
            if digit() != nil { throw syntaxError(expected: "no leading zeros ('.', 'e' or the end of the number after 0)") }
        } else {
            significand = UInt64(first)
            digits = 1
            while digits <= 11, let eight = eightDigits() {
                significand = significand &* 100_000_000 &+ eight
                digits += 8
                position += 8
            }
            while let next = digit() {
                position += 1
                if digits < 19 {
                    significand = significand &* 10 &+ UInt64(next)
                    digits += 1
                } else {
                    truncated = truncated || next != 0
                    exponent += 1
                    try checkLength(from: start, every: exponent)
                }
            }
        }
        var integer = true
        if position < count, byte(at: position) == UInt8(ascii: ".") {
            integer = false
            position += 1
            guard digit() != nil else { throw syntaxError(expected: "a digit after '.'") }
            // Eight at a time once a significant digit is met: zeros before it only scale.
            while significand != 0, digits <= 11, let eight = eightDigits() {
                significand = significand &* 100_000_000 &+ eight
                digits += 8
                exponent -= 8
                position += 8
            }
            while let next = digit() {
                position += 1
                if significand == 0, next == 0 {
                    exponent -= 1
                } else if digits < 19 {
                    significand = significand &* 10 &+ UInt64(next)
                    digits += 1
                    exponent -= 1
                } else {
                    truncated = truncated || next != 0
                    try checkLength(from: start, every: position)
                }
            }
        }
        if position < count, byte(at: position) | 0x20 == UInt8(ascii: "e") {
            integer = false
            position += 1
            var sign = 1
            if position < count, byte(at: position) == UInt8(ascii: "-") || byte(at: position) == UInt8(ascii: "+") {
                if byte(at: position) == UInt8(ascii: "-") { sign = -1 }
                position += 1
            }
            guard digit() != nil else { throw syntaxError(expected: "a digit in the exponent") }
            var written = 0
            while let next = digit() {
                position += 1
                // Past a million the value is zero or infinite whatever follows.
                if written < 1_000_000 { written = written * 10 + next } else { try checkLength(from: start, every: position) }
            }
            exponent += sign * written
        }
        // Checked once the number is scanned, before anything converts it: refused as fast as
        // it is skipped, however long (issue 45). Only long numbers look the limit up.
        if position - start > 19, position - start > pending._withUnsafeGuaranteedRef(\.maximumNumberLength) {
            throw numberTooLong(from: start)
        }
        return JSONNumber(
            start: start, end: position, isNegative: negative, significand: significand,
            exponent: exponent, isInteger: integer, isTruncated: truncated
        )
    }

    /// Every 1,024 digits past the ones a conversion keeps (counted by `step`), the number so far
    /// against ``MappingLimits/maximumNumberLength``: a number far past it is refused once the
    /// limit is passed, in time that grows with the limit, not with the number.
    @inline(__always)
    private func checkLength(from start: Int, every step: Int) throws {
        if step & 1023 == 0, position - start > pending._withUnsafeGuaranteedRef(\.maximumNumberLength) {
            throw numberTooLong(from: start, scannedAll: false)
        }
    }

    /// The error for a number longer than ``MappingLimits/maximumNumberLength``, at its start.
    @inline(never)
    private func numberTooLong(from start: Int, scannedAll: Bool = true) -> MappingError {
        let limit = pending._withUnsafeGuaranteedRef(\.maximumNumberLength)
        return syntaxError(
            expected: "a number of at most \(limit) characters (MappingLimits.maximumNumberLength)",
            found: "\(position - start) characters\(scannedAll ? "" : " or more")", at: start
        )
    }

    /// The value of the eight bytes at the cursor when all are digits (the first is the most
    /// significant): every byte is checked to lie in `0x30...0x39`, then pairs, quads and the
    /// two halves are combined with three multiplications instead of eight steps.
    @inline(__always)
    private func eightDigits() -> UInt64? {
        guard count - position >= 8 else { return nil }
        let word = self.word(at: position)
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let zeros: UInt64 = 0x3030_3030_3030_3030
        // High nibble 3, and still 3 with 6 added: `0`...`9`, not `:`...`?`.
        guard word & highNibbles == zeros, (word &+ 0x0606_0606_0606_0606) & highNibbles == zeros else { return nil }
        var value = word &- zeros
        value = value &* 10 &+ value >> 8
        let low = (value & 0x0000_00FF_0000_00FF) &* (100 &+ 1_000_000 << 32)
        let high = (value >> 16 & 0x0000_00FF_0000_00FF) &* (1 &+ 10_000 << 32)
        return (low &+ high) >> 32
    }

    @inline(__always)
    private func digit() -> Int? {
        guard position < count else { return nil }
        let value = byte(at: position) &- UInt8(ascii: "0")
        return value < 10 ? Int(value) : nil
    }

    /// The magnitude of an integer written as one, when it fits 64 bits.
    func integerMagnitude(_ number: JSONNumber) -> UInt64? {
        if let magnitude = number.integerMagnitude { return magnitude }
        guard number.isInteger, number.isTruncated, number.end - number.start <= 21 else { return nil }
        return UInt64(String(decoding: bytes(number.isNegative ? number.start + 1 : number.start, number.end), as: UTF8.self))
    }

    /// An integer written as one, as an `Int`, when it fits.
    func int(_ number: JSONNumber) -> Int? {
        guard let magnitude = integerMagnitude(number) else { return nil }
        if !number.isNegative { return Int(exactly: magnitude) }
        guard magnitude <= UInt64(Int.max) + 1 else { return nil }
        return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    }

    /// The number's text, as written.
    func text(of number: JSONNumber) -> String {
        String(decoding: bytes(number.start, number.end), as: UTF8.self)
    }

    /// How a message shows `number`: `the number 12.5`, its text shortened past 60 characters
    /// (`the number 100000…, 5001 characters`), so that a hostile number makes no long message.
    func describe(_ number: JSONNumber) -> String {
        "the number \(ShortText.shortened(text(of: number)))"
    }

    /// An integer written with more digits than ``value(of:)`` keeps in an integer type
    /// (`Decimal` and `Int128` hold 39 at most).
    func isLongInteger(_ number: JSONNumber) -> Bool {
        number.isInteger && number.end - number.start - (number.isNegative ? 1 : 0) > 39
    }

    /// The correctly rounded `Double` for `number` (infinite past `Double`'s range). Inlined
    /// into the codecs' element loops, where a call per number costs more than the conversion.
    @inline(__always)
    func double(_ number: JSONNumber) -> Double {
        let magnitude: Double
        if number.significand == 0 {
            magnitude = 0
        } else if !number.isTruncated, let fast = DecimalToBinary.double(number.significand, number.exponent) {
            magnitude = fast
        } else if number.isTruncated, number.significand < UInt64.max,
                  let low = DecimalToBinary.double(number.significand, number.exponent),
                  low == DecimalToBinary.double(number.significand + 1, number.exponent) {
            // The digits dropped lie between the two: both round to the same value.
            magnitude = low
        } else {
            return Double(text(of: number)) ?? .nan
        }
        return number.isNegative ? -magnitude : magnitude
    }

    /// The correctly rounded `Float` for `number`: not through `Double`, which could round twice.
    func float(_ number: JSONNumber) -> Float {
        if !number.isTruncated, number.significand <= 1 << 24, (-10...10).contains(number.exponent) {
            let exact = Float(number.significand)
            let scale = DecimalToBinary.floatPowersOfTen[abs(number.exponent)]
            let magnitude = number.exponent < 0 ? exact / scale : exact * scale
            return number.isNegative ? -magnitude : magnitude
        }
        return Float(text(of: number)) ?? .nan
    }
}

extension JSONReader {
    /// `true` when the next value is a number.
    @inline(__always)
    mutating func nextIsNumber() throws -> Bool {
        let byte = try peek()
        return byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
    }
}
