/// `Any`, `[String: Any]` and `[Any]`: values are taken and given back exactly as they are.
struct PassThroughCodec<Value>: ValueCodec {
    let expected: String

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        if !InputValue.isUnsafeToBridge(input), let value = input as? Value { return value }
        return try mismatch(input, expected: expected, in: context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        value
    }
}

/// A property type with no conversion: an error in both directions, only when the property is
/// actually touched, so helper properties never get in the way until data reaches them.
struct UnsupportedCodec<Value>: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        throw MappingError(.unsupportedType(ValueDescription.typeName(Value.self)))
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        throw MappingError(.unsupportedType(ValueDescription.typeName(Value.self)))
    }
}
