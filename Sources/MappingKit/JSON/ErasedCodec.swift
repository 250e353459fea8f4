/// A ``Codec`` with the JSON calls typed by its value: what a collection, an optional or an
/// adapter calls on the codec it holds (through `Codec`'s own ``JSONCoding`` conformance,
/// below), so that each runs in the concrete codec's own code.
///
/// Every codec is one: ``ErasedCodec`` is the only `Codec` made (``SlotCoding/erased()`` is
/// ``JSONCoding``'s), so ``Codec/json`` is a downcast that always holds. Its calls are named
/// apart from ``JSONCoding``'s, which `Codec` implements by calling them.
class JSONCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked as its superclass: no state of its own.

    /// Private to this file: the only `JSONCodec` ever made is an ``ErasedCodec``, which is
    /// final and overrides every member, so ``abstract()`` below cannot be reached
    /// (`CodecErasureTests` calls every member through an erased codec).
    fileprivate override init() {}

    /// The concrete codec, for a field's JSON calls on raw memory (see ``SlotCoding``).
    var jsonSlots: any JSONCoding { abstract() }

    fileprivate func abstract() -> Never {
        preconditionFailure("JSONCodec is made only as an ErasedCodec")
    }

    func readJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value { abstract() }
    func writeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        abstract()
    }
    func readJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] { abstract() }
    /// ``JSONCoding/decodeJSONArray(_:into:in:)`` of the concrete codec: an array codec's call
    /// for a field, made here rather than through ``jsonSlots``, whose existential would be
    /// copied (and for most codecs boxed) on every array.
    func readJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws { abstract() }
    func writeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws {
        abstract()
    }
}

/// A codec held by another (an array's elements, an optional's value) is read and written as
/// JSON through its erased codec's typed calls.
extension Codec: JSONCoding {
    /// This codec's JSON calls. Every `Codec` is an ``ErasedCodec`` (its only subclass that is
    /// made, pinned by `CodecErasureTests`), so the cast always holds; unchecked in release
    /// builds, as it sits on every JSON value of a collection or an optional.
    var json: JSONCodec<Value> {
        unsafeDowncast(self, to: JSONCodec<Value>.self)
    }

    /// Already erased.
    func erased() -> Codec<Value> {
        self
    }

    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        try json.readJSON(&reader, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try json.writeJSON(at: value, into: &writer, in: context)
    }

    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] {
        try json.readJSONElements(&reader, in: context)
    }

    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws {
        try json.writeJSONElements(elements, into: &writer, in: context)
    }
}

/// A concrete codec behind ``Codec``: every call goes to it, so each runs in the concrete
/// codec's own specialized code.
///
/// `Value` is a parameter of its own, not `Base.Value`: a superclass named through an
/// associated type of an inherited protocol (`Value` is ``ValueCodec``'s, `Base` is known as a
/// ``JSONCoding``) makes the runtime look the conformance to ``ValueCodec`` up when it first
/// builds the class for a codec type, a scan of every conformance in the process (measured:
/// 1.6 million instructions more in a first mapping).
final class ErasedCodec<Value, Base: JSONCoding>: JSONCodec<Value>, @unchecked Sendable where Base.Value == Value {
    // @unchecked as its superclass; its one stored property is a `Sendable` codec.
    let wrapped: Base

    init(_ wrapped: Base) {
        self.wrapped = wrapped
    }

    override var base: any Sendable { wrapped }
    override var baseType: any Sendable.Type { Base.self }
    override var slots: any SlotCoding { wrapped }
    override var jsonSlots: any JSONCoding { wrapped }

    override func decode(_ input: Any, in context: MappingContext) throws -> Value {
        try wrapped.decode(input, in: context)
    }

    override func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try wrapped.encode(value, in: context)
    }

    override func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value {
        try wrapped.merge(input, into: current, in: context)
    }

    override var traits: CodecTraits { wrapped.traits }
    override var valueShape: ValueShape { wrapped.valueShape }

    override func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] {
        try wrapped.decodeElements(of: array, in: context)
    }

    override func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] {
        try wrapped.encodeElements(of: elements, in: context)
    }

    override func readJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        try wrapped.decodeJSON(&reader, in: context)
    }

    override func writeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try wrapped.encodeJSON(at: value, into: &writer, in: context)
    }

    override func readJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] {
        try wrapped.decodeJSONElements(&reader, in: context)
    }

    override func readJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try wrapped.decodeJSONArray(&reader, into: slot, in: context)
    }

    override func writeJSONElements(
        _ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext
    ) throws {
        try wrapped.encodeJSONElements(elements, into: &writer, in: context)
    }
}
