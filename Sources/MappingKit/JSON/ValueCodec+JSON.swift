/// The JSON calls every codec has unless it reads its common case straight from bytes: the value
/// read as native values (`Int`, `Double`, `String`, `[Any]`…) and decoded, written as
/// ``ValueCodec/encode(_:in:)`` gives it. Each codec's own fast paths are beside this file, one
/// file per codec (`IntegerCodec+JSON.swift`…): JSON's conversions live in the JSON folder.
extension ValueCodec {
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.initializeMemory(as: Value.self, to: try decodeJSON(&reader, in: context))
    }

    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        try decode(try reader.readAny(), in: context)
    }

    /// The value at `mark`, read again as native values and decoded: the answer, or the exact
    /// error, for every case a codec's fast path leaves alone.
    func decodeJSON(again reader: inout JSONReader, from mark: JSONReader.Mark, in context: MappingContext) throws -> Value {
        reader.reset(to: mark)
        return try decode(try reader.readAny(), in: context)
    }

    func encodeJSON(atSlot slot: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try encodeJSON(at: slot.assumingMemoryBound(to: Value.self), into: &writer, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        guard let plain = try encode(value.pointee, in: context) else { return false }
        try writer.writeAny(plain)
        return true
    }
}
