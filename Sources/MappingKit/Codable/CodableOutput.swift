import Foundation

/// Writes a dictionary representation into an `Encoder`'s containers: each native value with
/// the encoder's typed call (`Date` and `Data` through its strategies), `Codable` leaves through
/// their own `encode(to:)`.
struct CodableOutput {
    let maximumNesting: Int

    typealias Keyed = KeyedEncodingContainer<AnyCodingKey>

    func write(_ dictionary: [String: Any], into container: inout Keyed, depth: Int = 1) throws {
        try check(depth, at: container.codingPath)
        for (key, value) in dictionary {
            try write(value, forKey: AnyCodingKey(key), into: &container, depth: depth)
        }
    }

    private func write(_ value: Any, forKey key: AnyCodingKey, into container: inout Keyed, depth: Int) throws {
        if let scalar = Scalar(value) {
            switch scalar {
            case .null: return try container.encodeNil(forKey: key)
            case .string(let value): return try container.encode(value, forKey: key)
            case .bool(let value): return try container.encode(value, forKey: key)
            case .int(let value): return try container.encode(value, forKey: key)
            case .unsigned(let value): return try container.encode(value, forKey: key)
            case .double(let value): return try container.encode(value, forKey: key)
            case .decimal(let value): return try container.encode(value, forKey: key)
            case .wide(let value): return try container.encode(value, forKey: key)
            }
        }
        if let array = InputValue.array(value) {
            var nested = container.nestedUnkeyedContainer(forKey: key)
            return try write(array, into: &nested, depth: depth + 1)
        }
        if let dictionary = InputValue.dictionary(value) {
            var nested = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
            return try write(dictionary, into: &nested, depth: depth + 1)
        }
        try container.encode(try leaf(value, at: container.codingPath + [key]), forKey: key)
    }

    private func write(_ array: [Any], into container: inout any UnkeyedEncodingContainer, depth: Int) throws {
        try check(depth, at: container.codingPath)
        for value in array {
            if let scalar = Scalar(value) {
                switch scalar {
                case .null: try container.encodeNil()
                case .string(let value): try container.encode(value)
                case .bool(let value): try container.encode(value)
                case .int(let value): try container.encode(value)
                case .unsigned(let value): try container.encode(value)
                case .double(let value): try container.encode(value)
                case .decimal(let value): try container.encode(value)
                case .wide(let value): try container.encode(value)
                }
            } else if let array = InputValue.array(value) {
                var nested = container.nestedUnkeyedContainer()
                try write(array, into: &nested, depth: depth + 1)
            } else if let dictionary = InputValue.dictionary(value) {
                var nested = container.nestedContainer(keyedBy: AnyCodingKey.self)
                try write(dictionary, into: &nested, depth: depth + 1)
            } else {
                try container.encode(try leaf(value, at: container.codingPath + [AnyCodingKey(intValue: container.count)]))
            }
        }
    }

    /// A value that is neither a Swift number, a Swift string, `NSNull` nor a container: an
    /// `NSString`, a Swift `Optional` inside the `Any`, `Date`, `Data`, or any `Encodable` (a
    /// `Codable` leaf). Handed to the encoder as its own type (the
    /// existential is opened), so the encoder's strategies for `Date` and `Data` apply.
    private func leaf(_ value: Any, at codingPath: [any CodingKey]) throws -> any Encodable {
        if InputValue.isNull(value) { return Null() }
        if let string = value as? String, !FoundationContainers.isContainer(value) { return string }
        if let date = NativeValue.date(value) { return date }
        if let data = NativeValue.data(value) { return data }
        if let encodable = InputValue.flattened(value) as? any Encodable { return encodable }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "expected a value an Encoder can write, found \(ValueDescription.describe(value))"
        ))
    }

    private func check(_ depth: Int, at codingPath: [any CodingKey]) throws {
        guard depth > maximumNesting else { return }
        let problem = MappingError(.limitExceeded(maximumNesting, "nested arrays and objects", name: "maximumNesting"))
        throw EncodingError.invalidValue(depth, EncodingError.Context(
            codingPath: codingPath, debugDescription: problem.description, underlyingError: problem
        ))
    }
}

/// A value every encoder writes with a call of its own. Integers wider than 64 bits are
/// written through their own `Encodable` conformance, as a synthesized `Codable` would.
private enum Scalar {
    case null
    case string(String)
    case bool(Bool)
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case decimal(Decimal)
    case wide(any Encodable)

    init?(_ value: Any) {
        if let string = ExistentialPayload.value(String.self, in: value) {
            self = .string(string)
            return
        }
        // Containers and the rare kinds (`NSString`, a Swift `Optional` in an `Any`) are told
        // apart later, with casts this common path does without.
        guard let number = NumericInput.read(value) else {
            guard InputValue.isNSNull(value) else { return nil }
            self = .null
            return
        }
        switch number {
        case .bool(let value): self = .bool(value)
        case .signed(let value): self = Int64(exactly: value).map(Scalar.int) ?? .wide(value)
        case .unsigned(let value): self = UInt64(exactly: value).map(Scalar.unsigned) ?? .wide(value)
        case .floating(let value): self = .double(value)
        case .decimal(let value): self = .decimal(value)
        }
    }
}

/// `null`, for a Swift `Optional.none` held in an `Any`.
private struct Null: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
