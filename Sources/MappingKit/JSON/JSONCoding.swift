/// A codec's JSON calls: its values read from and written as JSON bytes. Every codec conforms,
/// in its JSON file when it has fast paths of its own (`IntegerCodec+JSON.swift` reads its
/// common case straight from bytes), or in the list at the end of this file when the defaults
/// below do: the value read as native values (`Int`, `Double`, `String`, `[Any]`…) and decoded,
/// written as ``ValueCodec/encode(_:in:)`` gives it. JSON's conversions live in the JSON folder.
///
/// Conforming here also makes a codec a ``SlotCoding``, and gives it the erased codec that
/// carries these calls (``ErasedCodec``): the JSON folder builds each field's calls from it when a
/// plan's ``JSONLayout`` is made.
protocol JSONCoding: SlotCoding {
    /// Reads the next JSON value as a `Value`, or throws as ``ValueCodec/decode(_:in:)`` would
    /// for the same value as native values (`Int`, `Double`, `String`, `[Any]`…). The default
    /// reads exactly that and decodes it; codecs override it to read their common case straight
    /// from bytes.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value

    /// Writes the value at `value` as JSON, and says whether it wrote anything (`false` for a
    /// `nil` optional). The default writes what ``ValueCodec/encode(_:in:)`` gives. (A pointer,
    /// so nested models and collections are written where they stand, never copied.)
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool

    /// Reads the next JSON value into the uninitialized memory at `slot` (a field's call, as
    /// ``SlotCoding``'s are).
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws

    /// Writes the value at `slot` as JSON, as ``encodeJSON(at:into:in:)`` does.
    func encodeJSON(atSlot slot: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool

    /// Every element of the JSON array at the reader, each bad one reported under its index
    /// (arrays and sets call this, so that the loop runs in the element codec's own code).
    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value]

    /// Writes `elements` as a JSON array, each failure reported under its index.
    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws

    /// Reads the JSON array at the reader into the uninitialized `[Value]` at `slot`, as
    /// ``decodeJSONElements(_:in:)`` does.
    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws
}

extension JSONCoding {
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

// The codecs whose JSON is the defaults above: what they read and write natively is what JSON
// holds, or they convert through it (adapters, Codable, Foundation's types).
extension CGFloatCodec: JSONCoding {}
extension AnyValueCodec: JSONCoding {}
extension UntypedDictionaryCodec: JSONCoding {}
extension UntypedArrayCodec: JSONCoding {}
extension UnsupportedCodec: JSONCoding {}
extension ClosureCodec: JSONCoding {}
extension NSNumberCodec: JSONCoding {}
extension UntypedSetElementsCodec: JSONCoding {}
extension NullCodec: JSONCoding {}
extension NativeValueCodec: JSONCoding {}
extension PolymorphicCodec: JSONCoding {}
extension TaggedEnumCodec: JSONCoding {}
extension RelationshipCodec: JSONCoding {}
extension OptionalRelationshipCodec: JSONCoding {}
extension LossyArrayCodec: JSONCoding {}
extension LossySetCodec: JSONCoding {}
extension LossyDictionaryCodec: JSONCoding {}
