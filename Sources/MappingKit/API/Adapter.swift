import Foundation
import Synchronization

/// Converts one property's values with your own code, in both directions.
///
/// ```swift
/// // ObjectMapping's colour from an array of components:
/// let colorFromComponents = Adapter<Color>(from: [Int].self) { components in
///     guard components.count == 3 else { throw ColorError.wrongCount(components.count) }
///     return Color(red: components[0], green: components[1], blue: components[2])
/// } encode: { color in
///     [color.red, color.green, color.blue]
/// }
///
/// static let mappingConfiguration = MappingConfiguration(for: Paint.self) { map in
///     map.map(\.color, using: colorFromComponents)
/// }
/// ```
///
/// An `Adapter<T>` fits properties of type `T`, `T?` and `[T]`; the compiler rejects any other.
/// Errors thrown by the closures are reported at the property's path.
public struct Adapter<Value>: Sendable {
    /// How messages and configurations name the adapter: `iso8601`, `yyyy-MM-dd`.
    public let name: String
    /// Unique for every custom adapter made (built-in adapters, pure functions of their name,
    /// share theirs), so that plans never mix two adapters up.
    let identity: String
    /// Does the converting; built-in adapters are codecs of their own.
    let codec: any ValueCodec<Value>

    init(name: String, builtIn: Bool = false, codec: any ValueCodec<Value>) {
        self.name = name
        identity = builtIn ? "builtin:\(name):\(Value.self)" : "custom#\(AdapterIdentity.next())"
        self.codec = codec
    }

    init(
        name: String,
        builtIn: Bool = false,
        decode: @escaping @Sendable (Any, MappingContext) throws -> Value,
        encode: @escaping @Sendable (Value, MappingContext) throws -> Any
    ) {
        self.init(name: name, builtIn: builtIn, codec: ClosureCodec(decoder: decode, encoder: encode))
    }

    /// An adapter over the raw dictionary value: `decode` receives exactly what the dictionary
    /// holds, and `encode` returns a plain value (`Int`, `Double`, `Bool`, `String`, arrays and
    /// dictionaries of them).
    public init(
        _ name: String = "custom",
        decode: @escaping @Sendable (Any) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> Any
    ) {
        self.init(name: name, decode: { input, _ in try decode(input) }, encode: { value, _ in try encode(value) })
    }

    /// An adapter over a typed external value: the dictionary value is first converted to
    /// `External` as a property of that type would be (so `[Int]`, `String` and the like are
    /// checked for you), and `encode`'s result is written back the same way.
    public init<External>(
        _ name: String = "custom",
        from external: External.Type,
        decode: @escaping @Sendable (External) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> External
    ) {
        let codec = CodecFactory.codec(for: External.self)
        self.init(
            name: name,
            decode: { input, context in try decode(codec.decode(input, in: context)) },
            encode: { value, context in try codec.encode(encode(value), in: context) ?? NSNull() }
        )
    }
}

/// Hands out adapter identities.
enum AdapterIdentity {
    private static let counter = Atomic<Int>(0)

    static func next() -> Int {
        counter.add(1, ordering: .relaxed).newValue
    }
}
