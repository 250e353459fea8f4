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

/// `Codable` leaves through Foundation's coders.
struct CodableCodec<Value: Codable>: ValueCodec {
    /// A value of the type is taken as it is (the first thing `decode` checks).
    var decodesUnchanged: Bool { true }

    /// Values JSONSerialization cannot write (it raises an exception on Apple platforms) are
    /// refused before they reach it.
    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        // A decoder's own value (the Codable bridge reads it so), or one a dictionary holds.
        if let value = input as? Value { return value }
        let expected = "\(ValueDescription.typeName(Value.self)) (Codable)"
        guard !InputValue.isUnsafeToBridge(input), JSONSerialization.isValidJSONObject([input]),
              let data = try? JSONSerialization.data(withJSONObject: input, options: [.fragmentsAllowed]) else {
            throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(input)))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(input)))
        }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        // The Codable bridge hands the value itself to the encoder.
        if context.style == .codable { return value }
        return try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
    }
}

/// The built-in value adapters, made once.
enum BuiltInValueAdapters {
    static let decimal = Adapter<Decimal>(name: "decimal", builtIn: true, fixed: Codec.erasing(DecimalCodec()))

    static let base64 = Adapter<Data>(name: "base64", builtIn: true, shape: .string, decode: { input, context, mode in
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

    /// The exact `Decimal` for a number's text, or an error: `Decimal` keeps 38 significant
    /// digits and exponents up to ±127; more would be rounded or overflow.
    static func exactDecimal(_ text: String, found: @autoclosure () -> String) throws -> Decimal {
        guard NumberText.shape(of: text) != nil else {
            throw MappingError(.mismatch(expected: "Decimal", found: found()))
        }
        // `Decimal` holds a 128-bit significand: 38 digits always, 39 up to 2^128 - 1. Exact
        // when the value's own digits are the text's.
        func significant(_ text: String) -> Substring {
            let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
            return Substring(mantissa.drop { $0 == "0" }.reversed().drop { $0 == "0" }.reversed())
        }
        let digits = significant(text)
        guard digits.count <= 39, let value = Decimal(string: text), value.isFinite, value.isZero == digits.isEmpty,
              digits.count <= 38 || significant("\(value)") == digits else {
            throw MappingError(.inexact(expected: "Decimal", found: found()))
        }
        return value
    }
}

extension CodableCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .decodable(Value.self) }
}
