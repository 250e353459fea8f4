extension JSONReader {
    /// The syntax error at `offset` (the cursor by default): what was expected and what is
    /// there, with its line, column and byte offset. Never inlined: an error is the cold path,
    /// and its code inlined into the number and string loops made the compiler stop inlining
    /// those loops into their callers.
    @inline(never)
    func syntaxError(expected: String, found: String? = nil, at offset: Int? = nil) -> MappingError {
        let offset = min(offset ?? position, count)
        return MappingError(.syntax(expected: expected, found: found ?? describeByte(at: offset), location: location(of: offset)))
    }

    /// How an error shows the byte at `offset`: `'x'`, `end of input`, `byte 0xFF`.
    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "end of input" }
        return Self.describe(byte(at: offset))
    }

    /// How an error shows `value`.
    static func describe(_ value: UInt8) -> String {
        if value >= 0x21, value < 0x7F { return "'\(Character(Unicode.Scalar(value)))'" }
        switch value {
        case 0x20: return "a space"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        default: return "byte 0x\(String(value, radix: 16, uppercase: true))"
        }
    }

    /// The syntax error at `offset` in a stream's buffer `bytes`, located by its offset alone
    /// (the stream puts in the line and column).
    static func syntaxError(in bytes: UnsafeBufferPointer<UInt8>, expected: String, at offset: Int) -> MappingError {
        let found = offset < bytes.count ? describe(bytes[offset]) : "end of input"
        return MappingError(.syntax(expected: expected, found: found, location: JSONLocation(line: 0, column: 0, offset: offset)))
    }

    /// The line and column (both from 1; columns count characters, as Unicode scalars) of `offset`.
    func location(of offset: Int) -> JSONLocation {
        guard pending._withUnsafeGuaranteedRef(\.locatesErrors) else { return JSONLocation(line: 0, column: 0, offset: offset) }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where byte(at: index) == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where byte(at: index) & 0xC0 != 0x80 { column += 1 }
        return JSONLocation(line: line, column: column, offset: offset)
    }
}
