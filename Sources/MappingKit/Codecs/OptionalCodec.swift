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

    var traits: CodecTraits { wrapped.traits.intersection([.decodesUnchanged, .mergesUpdates]) }

    /// An object merges into the value there is; `null` clears it; into `nil`, a value is read
    /// afresh.
    func merge(_ input: Any, into current: Inner.Value?, in context: MappingContext) throws -> Inner.Value? {
        guard let current, !InputValue.isNull(input) else { return try decode(input, in: context) }
        return try wrapped.merge(input, into: current, in: context)
    }
}

/// The optional of any other type, around its type-erased codec.
struct OptionalCodec<Element>: OptionalCoding {
    let wrapped: Codec<Element>
    /// `Element?`, looked up once: code generic over `Element` that tests a value for `nil`
    /// would otherwise look the optional type up on every value (``OptionalValue/isNone(at:)``).
    /// A metatype never changes, so sharing it between threads is safe.
    nonisolated(unsafe) let optionalType: any OptionalValue.Type = Element?.self
}

/// `Int?`, `String?`, `Bool?` and `Double?`, each as concrete code.
struct OptionalIntCodec: OptionalCoding {
    let wrapped: IntCodec
    var direct: DirectValues { .leaf(.optionalInt) }
}

struct OptionalStringCodec: OptionalCoding {
    let wrapped: StringCodec
    var direct: DirectValues { .leaf(.optionalString) }
}

struct OptionalBoolCodec: OptionalCoding {
    let wrapped: BoolCodec
    var direct: DirectValues { .leaf(.optionalBool) }
}

struct OptionalDoubleCodec: OptionalCoding {
    let wrapped: DoubleCodec
    var direct: DirectValues { .leaf(.optionalDouble) }
}

extension OptionalCoding {
    /// The codec for `Element?` around `wrapped`, in its box: a concrete one for the commonest
    /// leaf types (boxed where their type is known: see ``CodecFactory``).
    static func box<Element>(wrapping wrapped: Codec<Element>) -> Codec<Element?> {
        let leaf: AnyObject? = switch wrapped.base {
        case let codec as IntCodec: Codec.erasing(OptionalIntCodec(wrapped: codec))
        case let codec as StringCodec: Codec.erasing(OptionalStringCodec(wrapped: codec))
        case let codec as BoolCodec: Codec.erasing(OptionalBoolCodec(wrapped: codec))
        case let codec as DoubleCodec: Codec.erasing(OptionalDoubleCodec(wrapped: codec))
        default: nil
        }
        return leaf as? Codec<Element?> ?? Codec.erasing(OptionalCodec(wrapped: wrapped))
    }
}

extension OptionalCoding {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .optional(wrapped.valueShape) }
}

// MARK: JSON bytes

extension OptionalCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Inner.Value? {
        if try reader.skipsNull() { return nil }
        return try wrapped.decodeJSON(&reader, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Inner.Value?>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        if case .none = value.pointee { return false }
        // A single-payload enum keeps its payload at its own address (Swift's stable ABI).
        return try wrapped.encodeJSON(at: UnsafeRawPointer(value).assumingMemoryBound(to: Inner.Value.self), into: &writer, in: context)
    }
}

extension OptionalCodec {
    /// As ``OptionalCoding``'s, the erased codec called directly: through the protocol, this
    /// generic code looked its conformance up on every value.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Element? {
        if try reader.skipsNull() { return nil }
        return try wrapped.decodeJSON(&reader, in: context)
    }

    /// As ``OptionalCoding``'s, with `nil` found through the type looked up once and the
    /// erased codec called directly (measured: about 700 instructions less per `URL?` written).
    func encodeJSON(at value: UnsafePointer<Element?>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        if optionalType.isNone(at: UnsafeRawPointer(value)) { return false }
        return try wrapped.encodeJSON(at: UnsafeRawPointer(value).assumingMemoryBound(to: Element.self), into: &writer, in: context)
    }
}

// MARK: JSON Schema

extension OptionalCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        OptionalSchema.of(try builder.schema(of: wrapped, context: context))
    }

    /// A flattened optional: its value's keys, none required, and what its value requires only
    /// when one of them is there (`nil` is none of them).
    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? {
        var inner = try builder.inlineObject(of: wrapped, context: context)
        let keys = (inner["properties"] as? [String: Any] ?? [:]).keys.sorted()
        var whenPresent: [String: Any] = [:]
        if let required = inner.removeValue(forKey: "required") { whenPresent["required"] = required }
        if let constraints = inner.removeValue(forKey: "allOf") { whenPresent["allOf"] = constraints }
        if !whenPresent.isEmpty, !keys.isEmpty {
            let absent: [String: Any] = ["not": ["anyOf": keys.map { ["required": [$0]] }]]
            inner["allOf"] = [["anyOf": [whenPresent, absent]]]
        }
        return inner
    }
}

/// The optionals of the common scalars, through their scalar's schema.
extension OptionalCoding {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        OptionalSchema.of(try wrapped.schema(in: builder, context: context))
    }
}
