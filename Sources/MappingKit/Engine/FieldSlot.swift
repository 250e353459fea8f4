/// One property of a plan: where it lives, which key feeds it, and how its value converts.
///
/// Decoding never writes to the model directly: values go to a staging buffer laid out like the
/// model, and are moved in only when every property decoded (so a failed update changes nothing).
protocol FieldSlot: Sendable {
    /// The property's name in source.
    var name: String { get }
    var keys: FieldKeys { get }
    /// One past the last byte the property occupies, from the start of the model.
    var endOffset: Int { get }
    var alignment: Int { get }

    func decode(_ input: Any, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws
    func commit(from staging: UnsafeMutableRawPointer, to model: UnsafeMutableRawPointer)
    func discard(_ staging: UnsafeMutableRawPointer)
    func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any?
}

/// A property of type `Value` at `offset`.
final class TypedField<Value>: FieldSlot {
    let name: String
    let keys: FieldKeys
    let offset: Int
    let codec: any ValueCodec<Value>

    init(name: String, keys: FieldKeys, offset: Int, codec: any ValueCodec<Value>) {
        self.name = name
        self.keys = keys
        self.offset = offset
        self.codec = codec
    }

    var endOffset: Int { offset + MemoryLayout<Value>.size }
    var alignment: Int { MemoryLayout<Value>.alignment }

    func decode(_ input: Any, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let value = try codec.decode(input, in: context)
        (staging + offset).initializeMemory(as: Value.self, to: value)
    }

    func commit(from staging: UnsafeMutableRawPointer, to model: UnsafeMutableRawPointer) {
        let source = (staging + offset).assumingMemoryBound(to: Value.self)
        (model + offset).assumingMemoryBound(to: Value.self).pointee = source.move()
    }

    func discard(_ staging: UnsafeMutableRawPointer) {
        (staging + offset).assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try codec.encode((model + offset).assumingMemoryBound(to: Value.self).pointee, in: context)
    }
}
