extension StringCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> String {
        CallTrace.note("JSON/StringCodec+JSON.swift StringCodec.decodeJSON")
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") { return try reader.readString() }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<String>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeString(at: value)
        return true
    }
}
