// The defaults of ``ValueCodec``'s JSON part: the value read as native values (`Int`,
// `Double`, `String`, `[Any]`…) and decoded, written as ``ValueCodec/encode(_:in:)`` gives it,
// so a codec with no fast path of its own reads and writes exactly what its native conversion
// does. A codec's fast paths from and to the bytes live in its own file.
extension ValueCodec {
    /// Never specialized: in generic code the erased class's metadata is asked for with `Self`'s
    /// conformance in hand. Specialized for a concrete codec it would be found by its mangled
    /// name, whose requirements (`Base.Value == Value`) the runtime checks by looking the codec's
    /// conformance to ``ValueCodec`` up, a scan of every conformance in the process the first
    /// time for each codec type (measured: 1.6 million instructions in a first mapping).
    @_semantics("optimize.sil.specialize.generic.never")
    func erased() -> Codec<Value> {
        ErasedCodec(self)
    }

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

    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] {
        try CollectionCoding.decodeJSONElements(&reader, with: self, in: context)
    }

    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws {
        try CollectionCoding.encodeJSONElements(elements, with: self, into: &writer, in: context)
    }

    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.initializeMemory(as: [Value].self, to: try decodeJSONElements(&reader, in: context))
    }
}
