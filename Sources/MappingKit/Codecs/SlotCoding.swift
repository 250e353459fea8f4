// The defaults of ``ValueCodec``'s raw-memory part: the calls a plan's fields make for every
// value, on raw memory (a codec's values staged, moved, destroyed and written where they
// stand), specialized for each codec by conforming: its author writes no pointer code. The
// few codecs that override a call for speed (arrays, nested models) say why.
//
// A field holds its codec twice: as a ``Codec`` for the calls typed by the value, and as
// `any ValueCodec` for these, which name no `Value`: through that existential they go straight
// to the concrete codec's specialized code (through the `Codec` they would cost one more call;
// an `any ValueCodec<Value>` needs the runtime of macOS 13 / iOS 16).
extension ValueCodec {
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
