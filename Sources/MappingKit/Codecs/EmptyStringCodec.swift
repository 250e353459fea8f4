/// An optional whose empty text reads as `nil` (``MappingConfiguration/Builder/emptyStringAsNil(_:fileID:line:)``):
/// `"homepage": ""` → `homepage == nil`. Everything else goes to the optional's own codec, and
/// `nil` is written as that codec writes it (absent, or `null`): the empty text is not written back.
struct EmptyStringCodec<Wrapped>: ValueCodec {
    let optional: Codec<Wrapped?>

    func decode(_ input: Any, in context: MappingContext) throws -> Wrapped? {
        if Self.readsAsNil(input, in: context) { return nil }
        return try optional.decode(input, in: context)
    }

    /// Whether `input` is the empty text that reads as `nil`, reported: here, and for an
    /// optional payload value of a tagged enum (which its `init(from:)` asks for as `Wrapped`).
    static func readsAsNil(_ input: Any, in context: MappingContext) -> Bool {
        guard let text = input as? String, text.isEmpty else { return false }
        context.report?.record(.emptyStringAsNil, found: ValueDescription.describe(input))
        return true
    }

    func encode(_ value: Wrapped?, in context: MappingContext) throws -> Any? {
        try optional.encode(value, in: context)
    }

    var valueShape: ValueShape { optional.valueShape }
}

/// Lets a codec for a type known only as `Value` be wrapped when `Value` is an `Optional`.
protocol EmptyStringNullable {
    /// `codec` (a `Codec<Self>`'s codec) reading empty text as `nil`, boxed.
    static func emptyStringAsNil(_ codec: Any) -> Any?
}

extension Optional: EmptyStringNullable {
    static func emptyStringAsNil(_ codec: Any) -> Any? {
        guard let codec = codec as? Codec<Wrapped?> else { return nil }
        return Codec<Wrapped?>.erasing(EmptyStringCodec(optional: codec))
    }
}

// MARK: JSON bytes

extension EmptyStringCodec {
    func encodeJSON(at value: UnsafePointer<Wrapped?>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try optional.encodeJSON(at: value, into: &writer, in: context)
    }
}

// MARK: JSON Schema

extension EmptyStringCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        // An empty string reads as `nil`, as `null` does.
        let optional = try builder.schema(of: optional, context: context)
        return optional.isEmpty ? optional : ["anyOf": [optional, ["const": ""]]]
    }
}
