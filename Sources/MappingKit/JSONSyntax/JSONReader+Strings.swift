internal import CMappingKitScan

/// A string as it stands in the input, between its quotes, already checked: valid UTF-8, no
/// raw control characters, valid escapes with surrogates in pairs.
struct JSONString {
    let start: Int
    let end: Int
    /// It holds at least one escape, so its bytes are not its text.
    let isEscaped: Bool
}

extension JSONReader {
    /// Consumes a string (the cursor is on its opening quote) and checks it: plain ASCII eight
    /// bytes at a time, escapes and UTF-8 sequences as they come.
    @inline(__always)
    mutating func scanString() throws -> JSONString {
        position += 1
        let start = position
        var escaped = false
        while true {
            skipPlainASCII()
            guard position < count else { throw syntaxError(expected: "'\"' to end the string") }
            let byte = byte(at: position)
            if byte == UInt8(ascii: "\"") {
                position += 1
                return JSONString(start: start, end: position - 1, isEscaped: escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try skipEscape()
            } else if byte >= 0x80 {
                // A run of multi-byte characters (Japanese text, say) is checked character
                // after character, without a word of the ASCII scan in between.
                repeat {
                    try skipUTF8Sequence()
                } while position < count && self.byte(at: position) >= 0x80
            } else if byte < 0x20 {
                throw syntaxError(
                    expected: "a string character (control characters must be escaped)",
                    found: "control character U+\(hex(UInt16(byte)))"
                )
            } else {
                position += 1
            }
        }
    }

    /// Moves past bytes that need no attention in a string (not `"`, `\`, a control character
    /// or part of a multi-byte character), sixteen at a time (`CMappingKitScan`).
    @inline(__always)
    private mutating func skipPlainASCII() {
        position += withBytes(from: position) { mk_plain_string_length($0, $1) }
    }

    /// Checks the UTF-8 sequence at the cursor and consumes it: overlong forms, surrogates and
    /// values past U+10FFFF are not well-formed (Unicode, table 3-7).
    ///
    /// With four bytes at hand, one load and one masked compare check a sequence's shape (its
    /// lead's length bits and every continuation's `10`), and the lead and second byte its range.
    @inline(__always)
    private mutating func skipUTF8Sequence() throws {
        guard count - position >= 4 else { return try skipUTF8SequenceNearEnd() }
        let word = quad(at: position)
        let lead = word & 0xFF
        let second = word >> 8 & 0xFF
        if word & 0x00C0_C0F0 == 0x0080_80E0 {
            guard lead != 0xE0 || second >= 0xA0, lead != 0xED || second <= 0x9F else { throw invalidUTF8() }
            position += 3
        } else if word & 0xC0E0 == 0x80C0 {
            guard lead >= 0xC2 else { throw invalidUTF8() }
            position += 2
        } else if word & 0xC0C0_C0F8 == 0x8080_80F0 {
            guard lead <= 0xF4, lead != 0xF0 || second >= 0x90, lead != 0xF4 || second <= 0x8F else { throw invalidUTF8() }
            position += 4
        } else {
            throw invalidUTF8()
        }
    }

    /// ``skipUTF8Sequence()`` within four bytes of the input's end, a byte at a time.
    private mutating func skipUTF8SequenceNearEnd() throws {
        let lead = byte(at: position)
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard lead >= 0xC2, lead <= 0xF4, count - position >= length else { throw invalidUTF8() }
        let second = byte(at: position + 1)
        var continuations = second
        if length > 2 { continuations &= byte(at: position + 2) }
        if length > 3 { continuations &= byte(at: position + 3) }
        var ored = second
        if length > 2 { ored |= byte(at: position + 2) }
        if length > 3 { ored |= byte(at: position + 3) }
        // Every continuation byte is 10xxxxxx.
        guard continuations & 0xC0 == 0x80, ored & 0x40 == 0 else { throw invalidUTF8() }
        switch lead {
        case 0xE0 where second < 0xA0, 0xED where second > 0x9F, 0xF0 where second < 0x90, 0xF4 where second > 0x8F:
            throw invalidUTF8()
        default:
            position += length
        }
    }

    private func invalidUTF8() -> MappingError {
        let lead = byte(at: position)
        guard lead >= 0xC2, lead <= 0xF4 else {
            return syntaxError(expected: "UTF-8 text", found: "invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        return syntaxError(expected: "UTF-8 text", found: "an invalid UTF-8 sequence")
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
    ///
    /// Written straight into the string's storage: the text is never longer than its escaped
    /// form (an escape of 2, 6 or 12 bytes stands for 1 to 4).
    private func unescaped(_ string: JSONString) -> String {
        OlderReleases.string(capacity: max(string.end - string.start, 1)) { buffer in
            var count = 0
            func append(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            var index = string.start
            while index < string.end {
                let byte = byte(at: index)
                guard byte == UInt8(ascii: "\\") else {
                    append(byte)
                    index += 1
                    continue
                }
                let escape = self.byte(at: index + 1)
                index += 2
                switch escape {
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32((try? hexEscape(at: index - 2)) ?? 0xFFFD)
                    index += 4
                    if (0xD800...0xDBFF).contains(scalar), let low = try? hexEscape(at: index) {
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (UInt32(low) - 0xDC00)
                        index += 6
                    }
                    // Escapes were checked: no lone surrogates, nothing past U+10FFFF.
                    switch scalar {
                    case ..<0x80:
                        append(UInt8(truncatingIfNeeded: scalar))
                    case ..<0x800:
                        append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
                        append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
                    case ..<0x10000:
                        append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
                        append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
                        append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
                    default:
                        append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
                        append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
                        append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
                        append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
                    }
                default: append(escape)
                }
            }
            return count
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
