extension JSONReader {
    /// The syntax error at `offset` (the cursor by default): what was expected and what is
    /// there, with its line, column and byte offset.
    func syntaxError(expected: String, found: String? = nil, at offset: Int? = nil) -> MappingError {
        let offset = min(offset ?? position, count)
        return MappingError(.syntax(expected: expected, found: found ?? describeByte(at: offset), location: location(of: offset)))
    }

    /// How an error shows the byte at `offset`: `'x'`, `end of input`, `byte 0xFF`.
    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "end of input" }
        let value = byte(at: offset)
        if value >= 0x21, value < 0x7F { return "'\(Character(Unicode.Scalar(value)))'" }
        switch value {
        case 0x20: return "a space"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        default: return "byte 0x\(String(value, radix: 16, uppercase: true))"
        }
    }

    /// The line and column (both from 1; columns count characters, as Unicode scalars) of `offset`.
    func location(of offset: Int) -> JSONLocation {
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
