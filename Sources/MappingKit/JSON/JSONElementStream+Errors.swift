/// A stream's failed element: where it ends, so that the stream can go on after it, and its
/// error as the stream reports it, with stream-wide locations.
extension JSONElementStream {
    /// Where the value at `offset` ends in the buffer, or `nil` when the buffer ends first:
    /// brackets counted outside strings, escapes stepped over. Only asked after a read failed.
    func elementEnd(from offset: Int) -> Int? {
        let bytes = buffer.base
        var depth = 0
        var inString = false
        var position = offset
        while position < end {
            let byte = bytes[position]
            position += 1
            if inString {
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return position }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return position }
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                if depth == 0 { return position - 1 }
            default: break
            }
        }
        return nil
    }

        /// `error` as the stream reports it: stream-wide locations in its syntax problems, and the
    /// place of the element (or, for a syntax error, of the error).
    func reported(_ error: MappingError, elementStart: Int) -> JSONStreamError {
        var error = error
        var firstSyntax: JSONLocation?
        for position in error.issues.indices {
            guard case .syntax(let expected, let found, let bufferLocation) = error.issues[position].problem else { continue }
            let location = location(of: bufferLocation.offset)
            firstSyntax = firstSyntax ?? location
            error.issues[position].problem = .syntax(expected: expected, found: found, location: location)
        }
        return JSONStreamError(index: index, location: firstSyntax ?? location(of: elementStart), error: error)
    }

    /// Where the bytes read so far end, in the stream.
    var endLocation: JSONLocation { location(of: end) }

    /// The stream-wide line, column and offset of the buffer's byte at `offset`.
    func location(of offset: Int) -> JSONLocation {
        let offset = min(offset, end)
        let bytes = UnsafeBufferPointer(start: UnsafePointer(buffer.base), count: offset)
        guard let lastLineFeed = bytes.lastIndex(of: 0x0A) else {
            return JSONLocation(line: linesBefore + 1, column: columnsBefore + TextCounts.scalars(in: bytes) + 1, offset: offsetBefore + offset)
        }
        let line = linesBefore + TextCounts.lineFeeds(in: bytes) + 1
        let column = TextCounts.scalars(in: UnsafeBufferPointer(rebasing: bytes[(lastLineFeed + 1)...])) + 1
        return JSONLocation(line: line, column: column, offset: offsetBefore + offset)
    }
}
