/// A ``ConvertedValue`` in JSON: read and written by its `Stored` type's own JSON calls (a
/// `Duration` from the digits as written, as a `Decimal` is, never through a `Double`).
extension ConvertedCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        try named { try Value(converting: stored.decodeJSON(&reader, in: context)) }
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try named {
            let converted = try value.pointee.converted()
            return try withUnsafePointer(to: converted) { try stored.encodeJSON(at: $0, into: &writer, in: context) }
        }
    }
}
