public import Foundation

extension Adapter where Value == Decimal {
    /// Exact decimals: from strings (`"19.99"`), integers, and JSON numbers in the decimal form
    /// they were written in (`19.99`, never `19.989999999999998`). Written back as a `Decimal`,
    /// which JSONSerialization writes digit for digit.
    public static var decimal: Adapter<Decimal> { BuiltInValueAdapters.decimal }
}

extension Adapter where Value == Data {
    /// Base64 text (`"aGVsbG8="`) to bytes; written back as base64.
    public static var base64: Adapter<Data> { BuiltInValueAdapters.base64 }
}

extension Adapter where Value: Codable {
    /// Any `Codable` type as a leaf value: the dictionary value goes through `JSONDecoder`, and
    /// back through `JSONEncoder`. Convenient for types that already are `Codable`; slower than
    /// a dedicated adapter.
    public static var codable: Adapter<Value> {
        Adapter(name: "codable", builtIn: true, codec: CodableCodec<Value>())
    }
}

/// `Codable` leaves through Foundation's coders.
struct CodableCodec<Value: Codable>: ValueCodec {
    /// Values JSONSerialization cannot write (it raises an exception on Apple platforms) are
    /// refused before they reach it.
    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        let expected = "\(ValueDescription.typeName(Value.self)) (Codable)"
        guard JSONSerialization.isValidJSONObject([input]),
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
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
    }
}

/// The built-in value adapters, made once.
enum BuiltInValueAdapters {
    static let decimal = Adapter<Decimal>(name: "decimal", builtIn: true, decode: { input, context in
        if let number = NumericInput.read(input) {
            switch number {
            case .decimal(let value): return value
            case .signed(let value): if let exact = Decimal(string: "\(value)") { return exact }
            case .unsigned(let value): if let exact = Decimal(string: "\(value)") { return exact }
            case .floating(let value) where value.isFinite: if let exact = Decimal(string: "\(value)") { return exact }
            case .floating, .bool: break
            }
            throw MappingError(.mismatch(expected: "Decimal", found: ValueDescription.describe(number)))
        }
        if let text = input as? String, isDecimalText(text), let value = Decimal(string: text) {
            return value
        }
        throw MappingError(.mismatch(expected: "Decimal", found: ValueDescription.describe(input)))
    }, encode: { value, _ in
        value
    })

    static let base64 = Adapter<Data>(name: "base64", builtIn: true, decode: { input, context in
        let text = try StringCodec().decode(input, in: context)
        guard let data = Data(base64Encoded: text) else {
            throw MappingError(.mismatch(expected: "base64 data", found: ValueDescription.describe(input)))
        }
        return data
    }, encode: { data, _ in
        data.base64EncodedString()
    })

    /// `-12.5`, `3`, `1e-3`: the whole text is a number (`Decimal(string:)` alone accepts
    /// `"1.5x"` as 1.5).
    static func isDecimalText(_ text: String) -> Bool {
        var sawDigit = false
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "0"..."9": sawDigit = true
            case "+", "-": if previous != nil, previous != "e", previous != "E" { return false }
            case ".", "e", "E": break
            default: return false
            }
            previous = scalar
        }
        return sawDigit
    }
}
