extension BoolCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Bool {
        let mark = reader.mark
        let byte = try reader.peek()
        if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f"), let value = try reader.readLiteral() { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Bool>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeBool(value.pointee)
        return true
    }
}
