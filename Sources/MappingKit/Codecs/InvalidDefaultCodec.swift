import Foundation

/// A property's codec that reads a value it cannot convert as the property's default for an
/// invalid value (``MappingConfiguration/Builder/defaultValue(_:whenInvalid:fileID:line:)``),
/// reported. Every input goes through `decode` (JSON bytes as the native value they are), so
/// every input takes the default alike. A fatal error (a call's limit) is never replaced.
struct InvalidDefaultCodec<Value>: ValueCodec {
    let wrapped: Codec<Value>
    /// The default, a `Value` (held as `Sendable`: the codec is; read only on the failing path).
    let fallback: any Sendable

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        do {
            return try wrapped.decode(input, in: context)
        } catch let error as MappingError where !error.isFatal {
            guard let value = fallback as? Value else { throw error }
            context.report?.record(
                .defaultedWhenInvalid(ValueDescription.describe(fallback), problem: error.description), found: ValueDescription.describe(input)
            )
            return value
        }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try wrapped.encode(value, in: context)
    }

    /// Read as native values whatever the format, so that a `Decoder` never fails before the
    /// default can be taken.
    var valueShape: ValueShape { .untyped }
}

// MARK: JSON bytes

extension InvalidDefaultCodec {
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try wrapped.encodeJSON(at: value, into: &writer, in: context)
    }
}

// MARK: JSON Schema

extension InvalidDefaultCodec {
    /// Any value: what does not convert reads as the default.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["description": "any value; one that is not \(ValueDescription.typeName(Value.self))'s reads as \(ValueDescription.describe(fallback))"]
    }
}
