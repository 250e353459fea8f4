import Foundation

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
/// An `Adapter<T>` converts every `T` a property holds, through any nesting of optionals, arrays,
/// sets and `[String: …]` dictionaries (`T`, `T?`, `[T]`, `Set<T>`, `[String: [T]]?`…); a
/// property that holds no `T` is a configuration error when the type is first mapped. Errors
/// thrown by the closures are reported at the value's path.
public struct Adapter<Value>: Sendable {
    /// How messages and configurations name the adapter: `iso8601`, `yyyy-MM-dd`.
    ///
    /// ```swift
    /// Adapter<Date>.iso8601.name   // "iso8601"
    /// ```
    public let name: String
    /// Unique for every custom adapter made (built-in adapters, pure functions of their name,
    /// share theirs), so that plans never mix two adapters up.
    let identity: RuleIdentity
    /// Does the converting, for the coercion mode of the configuration that uses the adapter:
    /// an adapter's typed input (`Adapter(from: [Int].self)`) is read under that mode.
    let codec: @Sendable (CoercionMode) -> Codec<Value>
    /// A mistake in how the adapter was made (a date pattern with an unknown field): a
    /// configuration that uses it reports it when its plan is compiled, before any input.
    var problem: String?

    init(name: String, builtIn: Bool = false, codec: @escaping @Sendable (CoercionMode) -> Codec<Value>) {
        self.name = name
        identity = builtIn ? RuleIdentity("builtin:\(name):\(Value.self)") : .instance(of: "custom:\(name)")
        self.codec = codec
    }

    /// An adapter whose codec is the same in every coercion mode.
    init(name: String, builtIn: Bool, fixed codec: Codec<Value>) {
        self.init(name: name, builtIn: builtIn) { _ in codec }
    }

    init(
        name: String,
        builtIn: Bool = false,
        shape: ValueShape = .untyped,
        contentEncoding: String? = nil,
        decode: @escaping @Sendable (Any, MappingContext, CoercionMode) throws -> Value,
        encode: @escaping @Sendable (Value, MappingContext) throws -> Any
    ) {
        self.init(name: name, builtIn: builtIn, shape: shape, contentEncoding: contentEncoding, decode: decode) { value, context, _ in
            try encode(value, context)
        }
    }

    /// An adapter whose writing depends on the coercion mode too (`.lenient` rounds what a
    /// format cannot hold).
    init(
        name: String,
        builtIn: Bool = false,
        shape: ValueShape = .untyped,
        contentEncoding: String? = nil,
        decode: @escaping @Sendable (Any, MappingContext, CoercionMode) throws -> Value,
        encode: @escaping @Sendable (Value, MappingContext, CoercionMode) throws -> Any
    ) {
        self.init(name: name, builtIn: builtIn) { mode in
            Codec.erasing(ClosureCodec(
                name: name,
                decoder: { input, context in try decode(input, context, mode) },
                encoder: { value, context in try encode(value, context, mode) },
                valueShape: shape,
                contentEncoding: contentEncoding
            ))
        }
    }

    /// An adapter over the raw dictionary value: `decode` receives exactly what the dictionary
    /// holds, and `encode` returns a plain value (`Int`, `Double`, `Bool`, `String`, arrays and
    /// dictionaries of them).
    ///
    /// ```swift
    /// let upper = Adapter<String>("uppercase", decode: { "\($0)".uppercased() }, encode: { $0 })
    /// ```
    public init(
        _ name: String = "custom",
        decode: @escaping @Sendable (Any) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> Any
    ) {
        self.init(name: name, decode: { input, _, _ in try decode(input) }, encode: { value, _ in try encode(value) })
    }

    /// An adapter over a typed external value: the dictionary value is first converted to
    /// `External` as a property of that type would be (so `[Int]`, `String` and the like are
    /// checked for you), and `encode`'s result is written back the same way.
    ///
    /// ```swift
    /// let color = Adapter("rgb", from: [Int].self, decode: { Color(red: $0[0], green: $0[1], blue: $0[2]) },
    ///                     encode: { [$0.red, $0.green, $0.blue] })
    /// ```
    public init<External>(
        _ name: String = "custom",
        from external: External.Type,
        decode: @escaping @Sendable (External) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> External
    ) {
        // Through `External`'s codec in every format: from JSON, its own reads (a `Decimal`
        // from the digits as written).
        let conversion = ValueConversion(typeName: nil, adapterName: name, value: decode, stored: encode)
        self.init(name: name) { mode in
            Codec.erasing(ConvertedCodec(stored: CodecFactory.codec(for: External.self, mode: mode), conversion: conversion))
        }
    }

}
