import Foundation

/// Reads one sample into a ``SampleValue``: strict JSON (RFC 8259), UTF-8, nested at most
/// ``maximumDepth`` deep, with errors that give the line and column.
struct SampleParser {
    /// Deeper nesting is an error, not a stack overflow.
    static let maximumDepth = 100

    private let bytes: [UInt8]
    private let name: String
    private var position = 0
    private var depth = 0

    private init(_ data: Data, name: String) {
        bytes = [UInt8](data)
        self.name = name
    }

    /// The sample's value; anything after it but whitespace is an error.
    static func parse(_ sample: Sample) throws(GeneratorError) -> SampleValue {
        var parser = SampleParser(sample.data, name: sample.name)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        let value = try parser.value()
        let end = parser.position
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else {
            // More on a line of its own: JSON Lines, perhaps, in a file not named as such.
            let onNewLine = parser.bytes[end..<parser.position].contains(0x0A)
            throw parser.error(expected: "the end of the input" + (onNewLine ? " (JSON Lines, one value per line, are read from a .jsonl or .ndjson file)" : ""))
        }
        return value
    }

    /// Whether the sample is JSON Lines (`events.jsonl`, `log.ndjson`): one value per line,
    /// each a sample of its own.
    static func isJSONLines(_ sample: Sample) -> Bool {
        let name = sample.name.lowercased()
        return name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson")
    }

    /// The values of a JSON Lines sample, one per non-blank line; a line's error gives its line.
    static func parseLines(_ sample: Sample) throws(GeneratorError) -> [SampleValue] {
        var parser = SampleParser(sample.data, name: sample.name)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        var values: [SampleValue] = []
        while true {
            parser.skipWhitespace()
            guard parser.position < parser.bytes.count else { break }
            values.append(try parser.value())
            // Spaces and tabs, then the end of the line or of the input: one value per line.
            while let byte = parser.peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D { parser.position += 1 }
            if let byte = parser.peek(), byte != 0x0A { throw parser.error(expected: "the end of the line (JSON Lines: one value per line)") }
        }
        guard !values.isEmpty else { throw parser.error(expected: "a JSON value on a line") }
        return values
    }

    private mutating func value() throws(GeneratorError) -> SampleValue {
        skipWhitespace()
        guard position < bytes.count else { throw error(expected: "a JSON value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object() throws(GeneratorError) -> SampleValue {
        try enter()
        var members: [(key: String, value: SampleValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw error(expected: "a key in double quotes") }
                let key = try string()
                skipWhitespace()
                try expect(":", "':' after the key")
                members.append((key, try value()))
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { position += 1; continue }
                try expect("}", "',' or '}'")
                break
            }
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(GeneratorError) -> SampleValue {
        try enter()
        var elements: [SampleValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                elements.append(try value())
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { position += 1; continue }
                try expect("]", "',' or ']'")
                break
            }
        }
        depth -= 1
        return .array(elements)
    }

    /// Steps into an object or array, past its opening bracket.
    private mutating func enter() throws(GeneratorError) {
        guard depth < Self.maximumDepth else { throw error(expected: "nesting at most \(Self.maximumDepth) deep") }
        depth += 1
        position += 1
    }

    private mutating func string() throws(GeneratorError) -> String {
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error(expected: "'\"' to close the string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                // Decoding repairs bytes that are not UTF-8: text that differs from them was not.
                let text = String(decoding: utf8, as: UTF8.self)
                guard text.utf8.elementsEqual(utf8) else {
                    throw error(expected: "UTF-8 text", found: "invalid UTF-8 in a string", at: position - 1)
                }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0..<0x20:
                throw error(expected: "an escaped control character", at: position - 1)
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(GeneratorError) {
        guard let byte = peek() else { throw error(expected: "an escape") }
        position += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let plain = simple[byte] {
            utf8.append(plain)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error(expected: "an escape", at: position - 1) }
        var scalar = UInt32(try hexUnit())
        if (0xD800..<0xDC00).contains(scalar) {
            guard bytes[position...].starts(with: Array("\\u".utf8)) else { throw error(expected: "a low surrogate") }
            position += 2
            let low = UInt32(try hexUnit())
            guard (0xDC00..<0xE000).contains(low) else { throw error(expected: "a low surrogate", at: position - 4) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error(expected: "a Unicode scalar", at: position - 4) }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func hexUnit() throws(GeneratorError) -> UInt16 {
        guard position + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
              bytes[position..<position + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw error(expected: "four hexadecimal digits") }
        position += 4
        return unit
    }

    /// A number, checked against JSON's grammar and kept as its text.
    private mutating func number() throws(GeneratorError) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw error(expected: "a JSON value", at: start) }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard peek().map(isDigit) == true else { throw error(expected: "a digit after the decimal point") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard peek().map(isDigit) == true else { throw error(expected: "a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func literal(_ word: String) throws(GeneratorError) {
        guard bytes[position...].starts(with: Array(word.utf8)) else { throw error(expected: "a JSON value") }
        position += word.utf8.count
    }

    private mutating func expect(_ character: Character, _ expected: String) throws(GeneratorError) {
        guard let ascii = character.asciiValue, peek() == ascii else { throw error(expected: expected) }
        position += 1
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), [0x20, 0x0A, 0x0D, 0x09].contains(byte) { position += 1 }
    }

    /// "twitter.json, line 3, column 7: expected …, found …".
    private func error(expected: String, found: String? = nil, at offset: Int? = nil) -> GeneratorError {
        let offset = min(offset ?? position, bytes.count)
        let before = bytes[..<offset]
        let line = before.count { $0 == 0x0A } + 1
        let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        let what = found ?? (offset < bytes.count ? Self.describe(bytes[offset]) : "the end of the input")
        return GeneratorError("\(name), line \(line), column \(column): expected \(expected), found \(what)")
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
