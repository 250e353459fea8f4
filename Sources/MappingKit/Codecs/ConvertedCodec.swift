import Foundation

/// A value type that every format keeps as the value of another type, exactly (GRDB's
/// `DatabaseValueConvertible`): `Duration` as the `Decimal` number of its seconds.
///
/// Adding such a type to MappingKit is this conformance, in one file of its own, and one line in
/// `CodecFactory`: ``ConvertedCodec`` reads and writes it through `Stored`'s codec, so each
/// format (dictionaries, JSON bytes, the Codable bridge, stores) converts it with `Stored`'s own
/// conversions and fast paths, and its errors are `Stored`'s, naming this type.
protocol ConvertedValue: SendableMetatype {
    associatedtype Stored

    /// How messages name the type: `Duration`.
    static var typeName: String { get }

    /// The value `stored` stands for, or a `MappingError` when there is none without loss.
    init(converting stored: Stored) throws

    /// The value to keep, or a `MappingError` when `Stored` cannot hold this one exactly.
    func converted() throws -> Stored

    /// The JSON Schema of this type's values, given `Stored`'s (what the type reads is `Stored`'s
    /// values it converts: a `Duration` is a `Decimal` of its range).
    static func schema(storedAs stored: [String: Any]) -> [String: Any]
}

extension ConvertedValue {
    /// The conversion ``ConvertedCodec`` runs for this type.
    static var conversion: ValueConversion<Self, Stored> {
        ValueConversion(
            typeName: typeName, adapterName: nil, value: { try Self(converting: $0) }, stored: { try $0.converted() },
            schema: { Self.schema(storedAs: $0) }
        )
    }
}

/// A value kept as a `Stored` one: the two conversions, and whose they are.
struct ValueConversion<Value, Stored>: Sendable {
    /// How messages name `Value` where `Stored`'s codec names `Stored` (`Duration`); `nil` keeps
    /// `Stored`'s words (an adapter's typed input: `expected [Int]`).
    let typeName: String?
    /// The adapter's name, when the conversions are a user's (``Adapter/init(_:from:decode:encode:)``):
    /// an error they throw that is not a `MappingError` is reported as that adapter's, with the
    /// value it was given.
    let adapterName: String?
    let value: @Sendable (Stored) throws -> Value
    let stored: @Sendable (Value) throws -> Stored
    /// The schema of the values, given `Stored`'s (an adapter's is its typed input's own).
    var schema: @Sendable ([String: Any]) -> [String: Any] = { $0 }
}

/// The codec of a value kept as a `Stored` one: `Stored`'s codec, and the conversion. Every
/// format reads and writes through `Stored`'s codec, its fast paths included (its JSON calls are
/// the JSON folder's, in `Codecs/ConvertedCodec.swift`): a `Duration`, or an adapter's typed
/// input (`Adapter(from: Decimal.self)`), is read from JSON's digits as a `Decimal` property is.
struct ConvertedCodec<Value, Stored>: ValueCodec {
    /// `Stored`'s codec, for the configuration's coercion mode.
    let stored: Codec<Stored>
    let conversion: ValueConversion<Value, Stored>

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        let kept = try named { try stored.decode(input, in: context) }
        return try value(of: kept, found: input)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try stored.encode(converted(value), in: context) ?? NSNull()
    }

    var valueShape: ValueShape { stored.valueShape }

    /// The value `kept` stands for; `found` is how an adapter's own error names what it was given.
    func value(of kept: Stored, found: @autoclosure () -> Any) throws -> Value {
        do {
            return try conversion.value(kept)
        } catch let error as MappingError {
            throw renamed(error)
        } catch {
            throw adapterFailure(error, found: found())
        }
    }

    /// `value` as a `Stored` one.
    func converted(_ value: Value) throws -> Stored {
        do {
            return try conversion.stored(value)
        } catch let error as MappingError {
            throw renamed(error)
        } catch {
            throw adapterFailure(error, found: value)
        }
    }

    /// A user's error, as the adapter's problem with `found`; any other error as it is.
    func adapterFailure(_ error: any Error, found: Any) -> any Error {
        guard let adapter = conversion.adapterName else { return error }
        return MappingError(.adapterFailed(adapter: adapter, found: ValueDescription.describe(found), underlying: error))
    }

    /// Runs `body`, with `Stored`'s name in its errors replaced by this type's.
    func named<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as MappingError {
            throw renamed(error)
        }
    }

    /// `error` with `Stored`'s name replaced by this type's.
    func renamed(_ error: MappingError) -> MappingError {
        guard let typeName = conversion.typeName else { return error }
        return error.renamingExpected("\(Stored.self)", to: typeName)
    }
}

// MARK: JSON bytes

/// A value kept as a `Stored` one, in JSON: read and written by `Stored`'s own JSON calls (a
/// `Duration`, or an adapter's `Decimal` input, from the digits as written, never through a
/// `Double`).
extension ConvertedCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        let mark = reader.mark
        let kept = try named { try stored.decodeJSON(&reader, in: context) }
        do {
            return try conversion.value(kept)
        } catch let error as MappingError {
            throw renamed(error)
        } catch {
            // An adapter's own error names the value it was given as a dictionary holds it:
            // the same words from every format.
            let end = reader.mark
            reader.reset(to: mark)
            let found = try reader.readAny()
            reader.reset(to: end)
            throw adapterFailure(error, found: found)
        }
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let kept = try converted(value.pointee)
        return try withUnsafePointer(to: kept) { try stored.encodeJSON(at: $0, into: &writer, in: context) }
    }
}

// MARK: JSON Schema

extension ConvertedCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        // Kept as `Stored`'s value: a `Duration` as its seconds, an adapter's typed input.
        conversion.schema(try builder.schema(of: stored, context: context))
    }
}
