/// A value type that every format keeps as the value of another type, exactly (GRDB's
/// `DatabaseValueConvertible`): `Duration` as the `Decimal` number of its seconds.
///
/// Adding such a type to MappingKit is this conformance, in one file of its own, and one line in
/// ``CodecFactory``: ``ConvertedCodec`` reads and writes it through `Stored`'s codec, so each
/// format (dictionaries, JSON bytes, the Codable bridge, stores) converts it with `Stored`'s own
/// conversions and fast paths, and its errors are `Stored`'s, naming this type.
protocol ConvertedValue {
    associatedtype Stored

    /// How messages name the type: `Duration`.
    static var typeName: String { get }

    /// The value `stored` stands for, or a `MappingError` when there is none without loss.
    init(converting stored: Stored) throws

    /// The value to keep, or a `MappingError` when `Stored` cannot hold this one exactly.
    func converted() throws -> Stored
}

/// The codec of a ``ConvertedValue``: its `Stored` type's codec, and the conversion. (Its JSON
/// calls are the JSON folder's, in `JSON/ConvertedCodec+JSON.swift`.)
struct ConvertedCodec<Value: ConvertedValue>: ValueCodec {
    /// `Stored`'s codec, for the configuration's coercion mode.
    let stored: Codec<Value.Stored>

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        try named { try Value(converting: stored.decode(input, in: context)) }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try named { try stored.encode(value.converted(), in: context) }
    }

    var valueShape: ValueShape { stored.valueShape }

    /// Runs `body`, with `Stored`'s name in its errors replaced by this type's.
    func named<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as MappingError {
            throw error.renamingExpected("\(Value.Stored.self)", to: Value.typeName)
        }
    }
}
