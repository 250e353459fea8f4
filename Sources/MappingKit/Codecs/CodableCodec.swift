import Foundation

/// `Codable` leaves through Foundation's coders.
struct CodableCodec<Value: Codable>: ValueCodec {
    /// A value of the type is taken as it is (the first thing `decode` checks).
    var traits: CodecTraits { .decodesUnchanged }

    /// Values JSONSerialization cannot write (it raises an exception on Apple platforms) are
    /// refused before they reach it.
    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        // A decoder's own value (the Codable bridge reads it so), or one a dictionary holds.
        if let value = input as? Value { return value }
        let expected = "\(ValueDescription.typeName(Value.self)) (Codable)"
        // `null` is no value of the type: Codable's `valueNotFound`, not a mismatch.
        if InputValue.isNull(input) { throw MappingError(.null(expected: expected)) }
        guard !InputValue.isUnsafeToBridge(input), JSONSerialization.isValidJSONObject([input]),
              let data = try? JSONSerialization.data(withJSONObject: input, options: [.fragmentsAllowed]) else {
            throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(input)))
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw MappingError(.codableLeaf(expected: expected, found: ValueDescription.describe(input), underlying: error))
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

extension CodableCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .decodable(Value.self) }
}
