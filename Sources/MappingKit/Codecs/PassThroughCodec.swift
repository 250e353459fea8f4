/// `Any`, `[String: Any]` and `[Any]`: values are taken and given back exactly as they are.
/// Each is a concrete codec of its own (a generic one would ask the runtime for `Value?`'s
/// metadata on every value).
protocol PassThroughCodec: ValueCodec {
    /// What the property needs, for messages.
    static var expected: String { get }
    /// `input` as a `Value`, when it is one and is safe to bridge.
    static func cast(_ input: Any) -> Value?
}

extension PassThroughCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        if let value = Self.cast(input) { return value }
        return try mismatch(input, expected: Self.expected, in: context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        value
    }
}

struct AnyValueCodec: PassThroughCodec {
    typealias Value = Any
    static let expected = "a value"

    static func cast(_ input: Any) -> Any? {
        InputValue.isUnsafeToBridge(input) ? nil : input
    }
}

struct UntypedDictionaryCodec: PassThroughCodec {
    typealias Value = [String: Any]
    static let expected = "Dictionary"

    static func cast(_ input: Any) -> [String: Any]? {
        InputValue.dictionary(input)
    }
}

struct UntypedArrayCodec: PassThroughCodec {
    typealias Value = [Any]
    static let expected = "Array"

    static func cast(_ input: Any) -> [Any]? {
        InputValue.array(input)
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
