/// A codec known only by the type of its values: what fields, containers and configuration
/// rules hold.
///
/// A class rather than `any ValueCodec<Value>`: an existential with a primary associated type
/// needs the runtime of macOS 13 / iOS 16 / tvOS 16 / watchOS 9, newer than MappingKit's floor
/// (`.ci/availability` checks it). Concrete codecs stay structs that conform to ``ValueCodec``,
/// each erased once, when a plan is compiled, with `Codec.erasing(_:)`; a `Codec` is found again
/// by casting to it, which is cheap (a class check).
///
/// `Codec` itself is never made: its initializer is private to this file, and ``ErasedCodec``
/// overrides every member, so the members here are never reached.
class Codec<Value>: ValueCodec, @unchecked Sendable {
    // @unchecked: a `Codec` has no state; `ErasedCodec` holds a `Sendable` codec.
    fileprivate init() {}

    /// The codec as the concrete type `Base`, erased.
    static func erasing<Base: ValueCodec>(_ base: Base) -> Codec<Value> where Base.Value == Value {
        ErasedCodec(base)
    }

    /// A codec that already is one, unchanged: never erased twice.
    static func erasing(_ codec: Codec<Value>) -> Codec<Value> {
        codec
    }

    /// The concrete codec inside, for the fast paths that look for a known one (`IntCodec`…).
    var base: any Sendable { abstract() }

    /// The concrete codec's type.
    var baseType: any Sendable.Type { abstract() }

    /// The concrete codec, for the calls a field makes for every value (see ``ValueCodec``):
    /// through this existential they go straight to the concrete codec's code.
    var slotCoding: any ValueCodec { abstract() }

    private func abstract() -> Never {
        preconditionFailure("Codec is made only as an ErasedCodec")
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Value { abstract() }
    func encode(_ value: Value, in context: MappingContext) throws -> Any? { abstract() }
    var encodesUnchanged: Bool { abstract() }
    var decodesUnchanged: Bool { abstract() }
    var isSupported: Bool { abstract() }
    var mergesUpdates: Bool { abstract() }
    func merge(_ input: Any, into current: Value, in context: MappingContext) throws -> Value { abstract() }
    var valueShape: ValueShape { abstract() }
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value { abstract() }
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        abstract()
    }
    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws { abstract() }
    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws { abstract() }
    func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws { abstract() }
    func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer) { abstract() }
    func destroy(at slot: UnsafeMutableRawPointer) { abstract() }
    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? { abstract() }
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] { abstract() }
    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] { abstract() }
    func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws {
        abstract()
    }
    func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? { abstract() }
    func encodeJSON(atSlot slot: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        abstract()
    }
    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Value] { abstract() }
    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws { abstract() }
    func encodeJSONElements(_ elements: UnsafeBufferPointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws {
        abstract()
    }
}

/// A concrete codec behind ``Codec``: every call goes to it, so each runs in the concrete
/// codec's own specialized code.
final class ErasedCodec<Base: ValueCodec>: Codec<Base.Value>, @unchecked Sendable {
    // @unchecked as its superclass; its one stored property is a `Sendable` codec.
    let wrapped: Base

    fileprivate init(_ wrapped: Base) {
        self.wrapped = wrapped
    }

    override var base: any Sendable { wrapped }
    override var baseType: any Sendable.Type { Base.self }
    override var slotCoding: any ValueCodec { wrapped }

    override func decode(_ input: Any, in context: MappingContext) throws -> Base.Value {
        try wrapped.decode(input, in: context)
    }

    override func encode(_ value: Base.Value, in context: MappingContext) throws -> Any? {
        try wrapped.encode(value, in: context)
    }

    override var encodesUnchanged: Bool { wrapped.encodesUnchanged }
    override var decodesUnchanged: Bool { wrapped.decodesUnchanged }
    override var isSupported: Bool { wrapped.isSupported }
    override var mergesUpdates: Bool { wrapped.mergesUpdates }

    override func merge(_ input: Any, into current: Base.Value, in context: MappingContext) throws -> Base.Value {
        try wrapped.merge(input, into: current, in: context)
    }
    override var valueShape: ValueShape { wrapped.valueShape }

    override func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Base.Value {
        try wrapped.decodeJSON(&reader, in: context)
    }

    override func encodeJSON(at value: UnsafePointer<Base.Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try wrapped.encodeJSON(at: value, into: &writer, in: context)
    }

    override func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try wrapped.decode(input, into: slot, in: context)
    }

    override func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try wrapped.decode(input, over: slot, in: context)
    }

    override func decodeJSON(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try wrapped.decodeJSON(&reader, into: slot, in: context)
    }

    override func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer) {
        wrapped.move(from: source, over: target)
    }

    override func destroy(at slot: UnsafeMutableRawPointer) {
        wrapped.destroy(at: slot)
    }

    override func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try wrapped.encode(at: slot, in: context)
    }

    override func decodeElements(of array: [Any], in context: MappingContext) throws -> [Base.Value] {
        try wrapped.decodeElements(of: array, in: context)
    }

    override func encodeElements(of elements: [Base.Value], in context: MappingContext) throws -> [Any] {
        try wrapped.encodeElements(of: elements, in: context)
    }

    override func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws {
        try wrapped.decodeElements(of: array, at: slot, initializing: initializing, in: context)
    }

    override func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try wrapped.encodeArray(at: slot, in: context)
    }

    override func encodeJSON(atSlot slot: UnsafeRawPointer, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try wrapped.encodeJSON(atSlot: slot, into: &writer, in: context)
    }

    override func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try wrapped.decodeJSONArray(&reader, into: slot, in: context)
    }

    override func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Base.Value] {
        try wrapped.decodeJSONElements(&reader, in: context)
    }

    override func encodeJSONElements(
        _ elements: UnsafeBufferPointer<Base.Value>, into writer: inout JSONWriter, in context: MappingContext
    ) throws {
        try wrapped.encodeJSONElements(elements, into: &writer, in: context)
    }
}
