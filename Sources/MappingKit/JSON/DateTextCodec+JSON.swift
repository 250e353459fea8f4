import Foundation

extension DateTextCodec: JSONCoding {
    /// A string without escapes is parsed where its bytes stand in the input: no `String` is
    /// made for a date that reads. Anything else is read as the native value would be.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Date {
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") {
            let string = try reader.scanString()
            if !string.isEscaped {
                return try date(utf8: reader.bytes(string.start, string.end), found: reader.text(of: string))
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    /// The date's text written as a string, as ``encode(_:in:)`` gives it, from its bytes.
    func encodeJSON(at value: UnsafePointer<Date>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        guard !context.style.keepsDatesAndDataNative else {
            guard let plain = try encode(value.pointee, in: context) else { return false }
            try writer.writeAny(plain)
            return true
        }
        try withUTF8(of: value.pointee) { writer.writeString(utf8: $0) }
        return true
    }
}
