/// The box every codec lives in: a codec known only by the type of its values, which fields,
/// containers and configuration rules hold. Every format's calls are on it (native values, raw
/// memory through ``slots``, JSON bytes), so no format downcasts to reach its own.
///
/// A class rather than `any ValueCodec<Value>`: an existential with a primary associated type
/// needs the runtime of macOS 13 / iOS 16 / tvOS 16 / watchOS 9, newer than MappingKit's floor
/// (`.ci/availability` checks it). Concrete codecs stay structs that conform to ``ValueCodec``,
/// each erased once, when a plan is compiled, with `Codec.erasing(_:)`; a `Codec` is found again
/// by casting to it, which is cheap (a class check).
///
/// `Codec` itself is never made: the one subclass, ``ErasedCodec`` (below), overrides every
/// member, so the bodies here are never reached (`CodecErasureTests` calls every member).
class Codec<Value>: ValueCodec, @unchecked Sendable {
    // @unchecked: a `Codec` has no state; `ErasedCodec` holds a `Sendable` codec.

    /// Private to this file: ``ErasedCodec`` is the one subclass, and nothing else makes a
    /// `Codec` (``abstract()`` is unreachable; `CodecErasureTests` pins both).
    fileprivate init() {}

    /// The codec as the concrete type `Base`, erased.
    static func erasing<Base: ValueCodec>(_ base: Base) -> Codec<Value> where Base.Value == Value {
        base.erased()
    }

    /// A codec that already is one, unchanged: never erased twice.
    static func erasing(_ codec: Codec<Value>) -> Codec<Value> {
        codec
    }

    /// Already erased.
    func erased() -> Codec<Value> {
        self
    }

    /// The concrete codec inside, for the fast paths that look for a known one (`IntCodec`…).
    var base: any Sendable { abstract() }

    /// The concrete codec's type.
    var baseType: any Sendable.Type { abstract() }

    /// The concrete codec, for the calls a field makes for every value on raw memory (the
    /// requirements without `Value` in them): through this existential they go straight to the
    /// concrete codec's code.
    var slots: any ValueCodec { abstract() }

    // What the codec says of itself, read through the box's own members: the protocol
    // extension's (``ValueCodec/mergesUpdates``…) on a `Codec<Value>` would first instantiate
    // the box's conformance for `Value` (its metadata and witness table: about 1,300
    // instructions a property when a plan compiles, measured on a first mapping).

    /// ``CodecTraits/mergesUpdates``.
    final var mergesUpdates: Bool { traits.contains(.mergesUpdates) }
    /// ``CodecTraits/encodesUnchanged``.
    final var encodesUnchanged: Bool { traits.contains(.encodesUnchanged) }
    /// ``CodecTraits/decodesUnchanged``.
    final var decodesUnchanged: Bool { traits.contains(.decodesUnchanged) }
    /// Not ``CodecTraits/unsupported``.
    final var isSupported: Bool { !traits.contains(.unsupported) }
    /// ``DirectValues/leaf(_:)`` of the concrete codec, or `.none`.
    final var leafKind: LeafKind { direct.leafKind }

    fileprivate func abstract() -> Never {
        preconditionFailure("Codec is made only as an ErasedCodec")
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Value { abstract() }
    func encode(_ value: Value, in context: MappingContext) throws -> Any? { abstract() }
    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value { abstract() }
    var traits: CodecTraits { abstract() }
    var valueShape: ValueShape { abstract() }
    var direct: DirectValues { abstract() }

    /// ``ValueCodec/decodeElements(of:in:)`` of the concrete codec.
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] { abstract() }
    /// ``ValueCodec/encodeElements(of:in:)`` of the concrete codec.
    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] { abstract() }

    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value { abstract() }
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        abstract()
    }
    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] { abstract() }
    /// ``ValueCodec/decodeJSONArray(_:into:in:)`` of the concrete codec: an array codec's call
    /// for a field, made here rather than through ``slots``, whose existential would be copied
    /// (and for most codecs boxed) on every array.
    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        abstract()
    }
    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws {
        abstract()
    }
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] { abstract() }
    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? { abstract() }
}

/// A concrete codec behind ``Codec``: every call goes to it, so each runs in the concrete
/// codec's own specialized code.
///
/// `Value` is a parameter of its own, not `Base.Value`: a superclass named through an
/// associated type of the protocol makes the runtime look the conformance to ``ValueCodec`` up
/// when it first builds the class for a codec type, a scan of every conformance in the process
/// (measured: 1.6 million instructions more in a first mapping).
final class ErasedCodec<Value, Base: ValueCodec>: Codec<Value>, @unchecked Sendable where Base.Value == Value {
    // @unchecked as its superclass; its one stored property is a `Sendable` codec.
    let wrapped: Base

    init(_ wrapped: Base) {
        self.wrapped = wrapped
    }

    override var base: any Sendable { wrapped }
    override var baseType: any Sendable.Type { Base.self }
    override var slots: any ValueCodec { wrapped }

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
    override var direct: DirectValues { wrapped.direct }

    override func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] {
        try wrapped.decodeElements(of: array, in: context)
    }

    override func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] {
        try wrapped.encodeElements(of: elements, in: context)
    }

    override func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        try wrapped.decodeJSON(&reader, in: context)
    }

    override func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try wrapped.encodeJSON(at: value, into: &writer, in: context)
    }

    override func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] {
        try wrapped.decodeJSONElements(&reader, in: context)
    }

    override func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try wrapped.decodeJSONArray(&reader, into: slot, in: context)
    }

    override func encodeJSONElements(
        _ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext
    ) throws {
        try wrapped.encodeJSONElements(elements, into: &writer, in: context)
    }

    override func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        try wrapped.schema(in: builder, context: context)
    }

    override func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? {
        try wrapped.inlineSchema(in: builder, context: context)
    }
}
