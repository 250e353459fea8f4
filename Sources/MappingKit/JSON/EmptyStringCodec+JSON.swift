extension EmptyStringCodec: JSONCoding {
    func encodeJSON(at value: UnsafePointer<Wrapped?>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try optional.encodeJSON(at: value, into: &writer, in: context)
    }
}
