/// The calls a plan's fields make for every value, on raw memory: a codec's values staged,
/// moved, destroyed and written where they stand. A codec gets all of them from the defaults
/// below, specialized for its own type, by conforming (through `JSONCoding`, which refines this
/// protocol): its author writes no pointer code. The pointer work of the codecs is this file,
/// and the few codecs that override a call for speed (arrays, nested models) say why.
///
/// A field holds its codec twice: as a ``Codec`` for the calls typed by the value, and as
/// `any SlotCoding` for these, which name no `Value`: through that existential they go straight
/// to the concrete codec's specialized code (through the `Codec` they would cost one more call;
/// an `any ValueCodec<Value>` needs the runtime of macOS 13 / iOS 16).
protocol SlotCoding: ValueCodec {
    /// Decodes `input` into the uninitialized memory at `slot`.
    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Decodes `input` over the value at `slot`, which is destroyed (left as it was on error).
    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws
    /// Moves the value at `source` over the one at `target`, which is destroyed; `source` is
    /// left uninitialized.
    func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer)
    /// Destroys the value at `slot`.
    func destroy(at slot: UnsafeMutableRawPointer)
    /// The value at `slot` as a plain value, as ``ValueCodec/encode(_:in:)`` gives it.
    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any?
    /// ``decodeElements(of:in:)`` over the `[Value]` at `slot`, or into it when `initializing`
    /// (the array codec's slot calls, run in this codec's own code: no `[Value]` metadata to
    /// look up per array).
    func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws
    /// The `[Value]` at `slot` as a plain value: itself when ``ValueCodec/encodesUnchanged``,
    /// else an array of its elements' plain values.
    func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any?
    /// Every element of an array, each bad one reported under its index (arrays and sets call
    /// this, so that the loop runs in the element codec's own specialized code).
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value]
    /// Every element of `elements` as a plain value (`NSNull` for `nil`), each failure reported
    /// under its index.
    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any]

    /// This codec as a ``Codec``, made by the format above this folder that has typed calls of
    /// its own: `JSONCoding`'s default gives the erased codec that also reads and writes JSON
    /// (`JSON/JSONCoding.swift`). Call it through ``Codec/erasing(_:)``.
    func erased() -> Codec<Value>
}

extension SlotCoding {
    func decode(_ input: Any, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.initializeMemory(as: Value.self, to: try decode(input, in: context))
    }

    func decode(_ input: Any, over slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.assumingMemoryBound(to: Value.self).pointee = try decode(input, in: context)
    }

    func move(from source: UnsafeMutableRawPointer, over target: UnsafeMutableRawPointer) {
        target.assumingMemoryBound(to: Value.self).pointee = source.assumingMemoryBound(to: Value.self).move()
    }

    func destroy(at slot: UnsafeMutableRawPointer) {
        slot.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try encode(slot.assumingMemoryBound(to: Value.self).pointee, in: context)
    }

    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Value] {
        try CollectionCoding.decodeElements(of: array, in: context) { try decode($0, in: context) }
    }

    func decodeElements(of array: [Any], at slot: UnsafeMutableRawPointer, initializing: Bool, in context: MappingContext) throws {
        let elements = try decodeElements(of: array, in: context)
        if initializing {
            slot.initializeMemory(as: [Value].self, to: elements)
        } else {
            slot.assumingMemoryBound(to: [Value].self).pointee = elements
        }
    }

    func encodeArray(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        let array = slot.assumingMemoryBound(to: [Value].self).pointee
        if encodesUnchanged { return array }
        return try encodeElements(of: array, in: context)
    }

    func encodeElements(of elements: [Value], in context: MappingContext) throws -> [Any] {
        try CollectionCoding.encodeElements(of: elements, in: context) { try encode(at: $0, in: context) }
    }
}
