import Foundation

/// `Wrapped?`: `null` (`NSNull`, or a Swift `nil` inside an `Any`) is `nil`; anything else must
/// be a `Wrapped`. A `nil` property is left out of the dictionary representation.
///
/// The conversions live in this protocol's extension, so that the optionals of the commonest
/// leaf types (``OptionalIntCodec``…) get them as concrete code of their own: a generic
/// `OptionalCodec<Int>` would ask the runtime for `Int?`'s metadata on every value.
protocol OptionalCoding: ValueCodec where Value == Inner.Value? {
    associatedtype Inner: ValueCodec
    var wrapped: Inner { get }
}

extension OptionalCoding {
    func decode(_ input: Any, in context: MappingContext) throws -> Inner.Value? {
        if InputValue.isNSNull(input) { return nil }
        do {
            return try wrapped.decode(input, in: context)
        } catch {
            if InputValue.isNull(input) { return nil }
            throw error
        }
    }

    func encode(_ value: Inner.Value?, in context: MappingContext) throws -> Any? {
        guard let value else { return nil }
        return try wrapped.encode(value, in: context)
    }
}

/// The optional of any other type, around its type-erased codec.
struct OptionalCodec<Element>: OptionalCoding {
    let wrapped: AnyCodec<Element>

    init(wrapped: any ValueCodec<Element>) {
        self.wrapped = AnyCodec(wrapped)
    }
}

/// `Int?`, `String?`, `Bool?` and `Double?`, each as concrete code.
struct OptionalIntCodec: OptionalCoding {
    let wrapped: IntCodec
}

struct OptionalStringCodec: OptionalCoding {
    let wrapped: StringCodec
}

struct OptionalBoolCodec: OptionalCoding {
    let wrapped: BoolCodec
}

struct OptionalDoubleCodec: OptionalCoding {
    let wrapped: DoubleCodec
}

extension OptionalCoding {
    /// The codec for `Element?` around `wrapped`, in its box: a concrete one for the commonest
    /// leaf types (boxed where their type is known: see ``CodecFactory``).
    static func box<Element>(wrapping wrapped: any ValueCodec<Element>) -> CodecBox<Element?> {
        let leaf: AnyObject? = switch wrapped {
        case let codec as IntCodec: CodecBox(OptionalIntCodec(wrapped: codec))
        case let codec as StringCodec: CodecBox(OptionalStringCodec(wrapped: codec))
        case let codec as BoolCodec: CodecBox(OptionalBoolCodec(wrapped: codec))
        case let codec as DoubleCodec: CodecBox(OptionalDoubleCodec(wrapped: codec))
        default: nil
        }
        return leaf as? CodecBox<Element?> ?? CodecBox(OptionalCodec(wrapped: wrapped))
    }
}

/// A codec known only by its value type, as a codec type of its own: every call goes to the
/// codec it holds.
struct AnyCodec<Value>: ValueCodec {
    let codec: any ValueCodec<Value>

    init(_ codec: any ValueCodec<Value>) {
        self.codec = codec
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        try codec.decode(input, in: context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try codec.encode(value, in: context)
    }

    var encodesUnchanged: Bool { codec.encodesUnchanged }

    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        try codec.decodeJSON(&reader, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try codec.encodeJSON(at: value, into: &writer, in: context)
    }
}
