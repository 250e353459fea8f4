extension RawRepresentableCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Represented {
        let mark = reader.mark
        if let value = Represented(rawValue: try raw.decodeJSON(&reader, in: context)) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Represented>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        var rawValue = value.pointee.rawValue
        return try raw.encodeJSON(at: &rawValue, into: &writer, in: context)
    }
}
