/// A string as it stands in the input, between its quotes, already checked: valid UTF-8, no
/// raw control characters, valid escapes with surrogates in pairs.
struct JSONString {
    let start: Int
    let end: Int
    /// It holds at least one escape, so its bytes are not its text.
    let isEscaped: Bool
}

extension JSONReader {
    /// Consumes a string (the cursor is on its opening quote) and checks it.
    @inline(__always)
    mutating func scanString() throws -> JSONString {
        position += 1
        let start = position
        var escaped = false
        var ascii = true
        while position < count {
            let byte = byte(at: position)
            if byte == UInt8(ascii: "\"") {
                let end = position
                position += 1
                if !ascii { try validateUTF8(start, end) }
                return JSONString(start: start, end: end, isEscaped: escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try skipEscape()
            } else if byte < 0x20 {
                throw syntaxError(
                    expected: "a string character (control characters must be escaped)",
                    found: "control character U+\(hex(UInt16(byte)))"
                )
            } else {
                ascii = ascii && byte < 0x80
                position += 1
            }
        }
        throw syntaxError(expected: "'\"' to end the string")
    }

    /// Consumes a string value and returns its text.
    mutating func readString() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw syntaxError(expected: "a string") }
        return text(of: try scanString())
    }

    /// The text of a string already scanned.
    func text(of string: JSONString) -> String {
        guard string.isEscaped else { return String(decoding: bytes(string.start, string.end), as: UTF8.self) }
        return unescaped(string)
    }

    /// Checks one escape (the cursor is on its backslash) and consumes it; a `\u` escape of a
    /// high surrogate must be followed by one of a low surrogate.
    private mutating func skipEscape() throws {
        guard position + 1 < count else { throw syntaxError(expected: "an escape after '\\'", at: position + 1) }
        switch byte(at: position + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexEscape(at: position)
            position += 6
            if (0xDC00...0xDFFF).contains(unit) {
                throw syntaxError(expected: "a high surrogate before \\u\(hex(unit))", found: "a lone surrogate \\u\(hex(unit))", at: position - 6)
            }
            guard (0xD800...0xDBFF).contains(unit) else { return }
            guard matches("\\u"), let low = try? hexEscape(at: position), (0xDC00...0xDFFF).contains(low) else {
                throw syntaxError(expected: "a low surrogate after \\u\(hex(unit))", found: "a lone surrogate \\u\(hex(unit))", at: position - 6)
            }
            position += 6
        default:
            throw syntaxError(expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)", at: position + 1)
        }
    }

    /// The code unit of the `\uXXXX` escape at `offset`.
    private func hexEscape(at offset: Int) throws -> UInt16 {
        var unit: UInt16 = 0
        for index in offset + 2..<offset + 6 {
            guard index < count else { throw syntaxError(expected: "four hexadecimal digits after \\u", at: index) }
            let byte = byte(at: index)
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntaxError(expected: "four hexadecimal digits after \\u", at: index)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// The text of a checked string with escapes.
    private func unescaped(_ string: JSONString) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(string.end - string.start)
        var index = string.start
        while index < string.end {
            let byte = byte(at: index)
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                index += 1
                continue
            }
            let escape = self.byte(at: index + 1)
            index += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32((try? hexEscape(at: index - 2)) ?? 0xFFFD)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), let low = try? hexEscape(at: index) {
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (UInt32(low) - 0xDC00)
                    index += 6
                }
                result.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default: result.append(escape)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Throws at the first byte of `start..<end` that is not part of well-formed UTF-8
    /// (overlong forms, surrogates and values past U+10FFFF are not).
    private func validateUTF8(_ start: Int, _ end: Int) throws {
        var index = start
        while index < end {
            let lead = byte(at: index)
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; second = 0x80...0x8F
            default: throw syntaxError(expected: "UTF-8 text", found: "invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))", at: index)
            }
            for offset in 1..<length {
                let range = offset == 1 ? second : 0x80...0xBF
                guard index + offset < end, range.contains(byte(at: index + offset)) else {
                    throw syntaxError(expected: "UTF-8 text", found: "an invalid UTF-8 sequence", at: index)
                }
            }
            index += length
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
