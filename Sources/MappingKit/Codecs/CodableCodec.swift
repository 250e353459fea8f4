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

// MARK: JSON bytes

/// `Codable` leaves from and to JSON bytes through Foundation's coders, with no untyped values
/// in between that could change a number: the value's own bytes go to `JSONDecoder`, and
/// `JSONEncoder`'s output is read back by MappingKit's reader, which keeps `1.2345678901234567e+40`
/// a `Double` (`JSONSerialization` gave an `NSNumber` written back as 41 integer digits, which no
/// `Double` reads back from exactly, and which the leaf then refused).
extension CodableCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        let mark = reader.mark
        reader.skipWhitespace()
        let start = reader.position
        try reader.skipValue()
        let bytes = reader.bytes(start, reader.position)
        // Anything the decoder refuses is read again as native values, for the same answer or
        // error as every other input gives.
        if let value = try? JSONDecoder().decode(Value.self, from: Data(buffer: bytes)) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let data = try JSONEncoder().encode(value.pointee)
        let plain = try JSONReader.read(data, limits: context.effectiveLimits) { reader in
            let plain = try reader.readAny()
            try reader.expectEnd()
            return plain
        }
        try writer.writeAny(plain)
        return true
    }
}

// MARK: JSON Schema

extension CodableCodec {
    /// Read by its own `init(from:)`, which says nothing of what it reads: any value.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        [:]
    }
}
