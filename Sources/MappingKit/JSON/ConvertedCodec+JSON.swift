/// A value kept as a `Stored` one, in JSON: read and written by `Stored`'s own JSON calls (a
/// `Duration`, or an adapter's `Decimal` input, from the digits as written, never through a
/// `Double`).
extension ConvertedCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        let mark = reader.mark
        let kept = try named { try stored.decodeJSON(&reader, in: context) }
        do {
            return try conversion.value(kept)
        } catch let error as MappingError {
            throw renamed(error)
        } catch {
            // An adapter's own error names the value it was given as a dictionary holds it:
            // the same words from every format.
            let end = reader.mark
            reader.reset(to: mark)
            let found = try reader.readAny()
            reader.reset(to: end)
            throw adapterFailure(error, found: found)
        }
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let kept = try converted(value.pointee)
        return try withUnsafePointer(to: kept) { try stored.encodeJSON(at: $0, into: &writer, in: context) }
    }
}
