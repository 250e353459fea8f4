public import Foundation

extension Adapter where Value == Decimal {
    /// Exact decimals: from strings (`"19.99"`), integers, and JSON numbers in the decimal form
    /// they were written in (`19.99`, never `19.989999999999998`). Written back as a `Decimal`,
    /// which JSONSerialization writes digit for digit.
    ///
    /// ```swift
    /// map.map(\.price, using: .decimal)   // "19.99" or 19.99 ↔ Decimal(string: "19.99")
    /// ```
    public static var decimal: Adapter<Decimal> { BuiltInValueAdapters.decimal }
}

extension Adapter where Value == Data {
    /// Base64 text (`"aGVsbG8="`) to bytes; written back as base64.
    ///
    /// ```swift
    /// map.map(\.avatar, using: .base64)   // "aGVsbG8=" ↔ Data("hello".utf8)
    /// ```
    public static var base64: Adapter<Data> { BuiltInValueAdapters.base64 }
}

extension Adapter where Value: Codable {
    /// Any `Codable` type as a leaf value: the dictionary value goes through `JSONDecoder`, and
    /// back through `JSONEncoder`. Convenient for types that already are `Codable`; slower than
    /// a dedicated adapter. (A `Codable` property type with no built-in conversion uses it
    /// without being told; through ``MappableCodable`` its values go to the coder directly.)
    ///
    /// ```swift
    /// map.map(\.location, using: .codable)   // ["lat": 59.9, "lon": 10.7] ↔ a Codable Location
    /// ```
    public static var codable: Adapter<Value> {
        Adapter(name: "codable", builtIn: true, fixed: Codec.erasing(CodableCodec<Value>()))
    }
}

/// The built-in value adapters, made once.
enum BuiltInValueAdapters {
    static let decimal = Adapter<Decimal>(name: "decimal", builtIn: true, fixed: Codec.erasing(DecimalCodec()))

    static let base64 = Adapter<Data>(name: "base64", builtIn: true, shape: .string, contentEncoding: "base64", decode: { input, context, mode in
        if let data = NativeValue.data(input) { return data }
        let text = try StringCodec(mode: mode).decode(input, in: context)
        guard let data = Data(base64Encoded: text) else {
            throw MappingError(.mismatch(expected: "base64 data", found: ValueDescription.describe(input)))
        }
        return data
    }, encode: { data, context in
        if context.style.keepsDatesAndDataNative { return data }
        return data.base64EncodedString()
    })

}
