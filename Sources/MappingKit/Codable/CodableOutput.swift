import Foundation

/// Writes a dictionary representation into an `Encoder`'s containers: each native value with
/// the encoder's typed call (`Date` and `Data` through its strategies), `Codable` leaves through
/// their own `encode(to:)`.
///
/// Untyped numbers (a stash, an `Any` property) must read back as the same number through the
/// decoder of the same format, which sees only the encoder's text:
/// - `JSONEncoder` writes a whole `Double` past 2^53 in its shortest form
///   (`1.844674407370955e+16`), which `JSONDecoder` reads as the integer those digits say, not
///   the `Double`'s value. Such a `Double` within 64 bits is written as its exact integer;
///   past 64 bits the decoder side reads the shortest form back as the `Double`
///   (``CodableInput``).
/// - Only `JSONEncoder` writes a `Decimal` as a number; other encoders write its fields, which
///   read back as a dictionary. An untyped `Decimal` goes to them as the 64-bit integer or the
///   `Double` whose text it is, or is refused. A `Decimal` property is written as the encoder
///   writes it: its own decoding reads that back.
/// - `PropertyListEncoder`'s binary form writes `-0.0` as `0.0` when both are in one list
///   (its object table merges equal numbers): `-0.0` is refused there.
struct CodableOutput {
    let maximumNesting: Int
    /// Whether the encoder is Foundation's `JSONEncoder`, which writes numbers as text.
    let writesJSON: Bool
    /// Whether the encoder may be `PropertyListEncoder` writing the binary form, whose object
    /// table keeps one of `0.0` and `-0.0` for both (XML keeps each).
    let mergesSignedZeros: Bool
    private(set) var context: MappingContext

    init(encoder: any Encoder, context: MappingContext) {
        maximumNesting = context.effectiveLimits.maximumNesting
        // The only way to tell: the encoder is a private class (`__JSONEncoder`, on every
        // Foundation since Swift 4). An encoder not recognised gets the conservative rules.
        let name = String(reflecting: type(of: encoder))
        writesJSON = name.hasSuffix("JSONEncoder")
        mergesSignedZeros = name.contains("PlistEncoder") && !name.contains("XML")
        self.context = context
    }

    typealias Keyed = KeyedEncodingContainer<AnyCodingKey>

    /// The same output in `context` (a nested model's, or one handing a key strategy down).
    func within(_ context: MappingContext) -> CodableOutput {
        var output = self
        output.context = context
        return output
    }

    /// Writes `dictionary`, the representation of a model read with `plan` (`nil`: untyped).
    func write(_ dictionary: [String: Any], plan: ObjectPlan?, into container: inout Keyed, depth: Int = 1) throws {
        try check(depth, at: container.codingPath)
        // Nested plans are found with the key strategy this model hands down, as they are read.
        if let plan {
            let handedDown = context.handingDown(plan.handedDown)
            if handedDown.inherited !== context.inherited {
                var output = self
                output.context = handedDown
                return try output.write(dictionary, plan: plan, into: &container, depth: depth)
            }
        }
        guard let layout = plan?.codable else {
            for (key, value) in dictionary {
                try write(value, shape: nil, forKey: AnyCodingKey(key), into: &container, depth: depth)
            }
            return
        }
        // In the plan's key order, then any other key (a stash's) sorted: the first encoding of a
        // type writes what later ones, straight from the plan, write, in the same order, so that
        // keys a strategy turns into one name keep the last declared, whatever the hash order.
        for (key, shape) in layout.keys {
            guard let value = dictionary[key.stringValue] else { continue }
            try write(value, shape: shape, forKey: key, into: &container, depth: depth)
        }
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) where layout.shapes[key] == nil {
            try write(value, shape: nil, forKey: AnyCodingKey(key), into: &container, depth: depth)
        }
    }

    func write(_ value: Any, shape: ValueShape?, forKey key: AnyCodingKey, into container: inout Keyed, depth: Int) throws {
        if let scalar = try Scalar(value).map({ try settled($0, shape: shape, at: container.codingPath + [key]) }) {
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
        // Arrays and objects are written as values of their own (``EncodedMember``), never in a
        // nested container: an encoder hands a nested container's values a coding path without
        // the container's key (Foundation on Linux: `[0]` for `list[0]`), which a date strategy or a
        // key strategy sees; a value's own encoder has the whole path, as for the synthesized
        // conformance.
        if InputValue.array(value) != nil || InputValue.dictionary(value) != nil {
            return try container.encode(EncodedMember(output: self, value: value, shape: shape, depth: depth), forKey: key)
        }
        try container.encode(try leaf(value, at: container.codingPath + [key]), forKey: key)
    }

    /// A nested dictionary: a model's (its plan gives its keys' shapes) or a dictionary's.
    private func write(_ dictionary: [String: Any], shape: ValueShape?, into container: inout Keyed, depth: Int) throws {
        guard let shape, shape.kind == .model || shape.kind == .dictionary else {
            return try write(dictionary, plan: nil, into: &container, depth: depth)
        }
        guard shape.kind == .dictionary else {
            return try write(dictionary, plan: shape.model.flatMap { ObjectPlan.nested($0, in: context) }, into: &container, depth: depth)
        }
        try check(depth, at: container.codingPath)
        for (key, value) in dictionary {
            try write(value, shape: shape.inner, forKey: AnyCodingKey(key), into: &container, depth: depth)
        }
    }

    private func write(_ array: [Any], shape: ValueShape?, into container: inout any UnkeyedEncodingContainer, depth: Int) throws {
        try check(depth, at: container.codingPath)
        for value in array {
            if let scalar = try Scalar(value).map({
                try settled($0, shape: shape, at: container.codingPath + [AnyCodingKey(intValue: container.count)])
            }) {
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
            } else if InputValue.array(value) != nil || InputValue.dictionary(value) != nil {
                // A value of its own, as above.
                try container.encode(EncodedMember(output: self, value: value, shape: shape, depth: depth))
            } else {
                try container.encode(try leaf(value, at: container.codingPath + [AnyCodingKey(intValue: container.count)]))
            }
        }
    }

    /// A `[String: …]` dictionary's members, encoded as a `Dictionary<String, …>`: an encoder's
    /// key strategy converts a model's keys, never a dictionary's own, as for the synthesized
    /// conformance (`JSONEncoder` leaves a `[String: V]`'s keys alone).
    private func members(of dictionary: [String: Any], shape: ValueShape?, depth: Int) throws -> [String: EncodedMember] {
        try check(depth, at: [])
        return dictionary.mapValues { EncodedMember(output: self, value: $0, shape: shape, depth: depth) }
    }

    /// One member's value into `encoder`, as a keyed container's member would be written.
    fileprivate func writeMember(_ value: Any, shape: ValueShape?, to encoder: any Encoder, depth: Int) throws {
        if let scalar = try Scalar(value).map({ try settled($0, shape: shape, at: encoder.codingPath) }) {
            var single = encoder.singleValueContainer()
            switch scalar {
            case .null: return try single.encodeNil()
            case .string(let value): return try single.encode(value)
            case .bool(let value): return try single.encode(value)
            case .int(let value): return try single.encode(value)
            case .unsigned(let value): return try single.encode(value)
            case .double(let value): return try single.encode(value)
            case .decimal(let value): return try single.encode(value)
            case .wide(let value): return try single.encode(value)
            }
        }
        let shape = shape.map(Self.unwrapped)
        if let array = InputValue.array(value) {
            var nested = encoder.unkeyedContainer()
            return try write(array, shape: shape?.inner, into: &nested, depth: depth + 1)
        }
        if shape?.kind == .dictionary, let dictionary = InputValue.dictionary(value) {
            var single = encoder.singleValueContainer()
            return try single.encode(members(of: dictionary, shape: shape?.inner, depth: depth + 1))
        }
        if let dictionary = InputValue.dictionary(value) {
            var keyed = encoder.container(keyedBy: AnyCodingKey.self)
            return try write(dictionary, shape: shape, into: &keyed, depth: depth + 1)
        }
        var single = encoder.singleValueContainer()
        try single.encode(try leaf(value, at: encoder.codingPath))
    }

    /// An optional's shape is its wrapped value's.
    private static func unwrapped(_ shape: ValueShape) -> ValueShape {
        shape.kind == .optional ? shape.inner.map(unwrapped) ?? .untyped : shape
    }

    /// `scalar` as this encoder must be given it so that it reads back as the same number (see
    /// the type's comment).
    private func settled(_ scalar: Scalar, shape: ValueShape?, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Scalar {
        switch scalar {
        case .decimal(let value) where !value.isFinite:
            throw encodingError(value, MappingError(.mismatch(expected: "a finite Decimal", found: "Decimal \(value)")), at: codingPath())
        case .double(let value) where mergesSignedZeros && value == 0 && value.sign == .minus:
            throw encodingError(value, MappingError(.mismatch(
                expected: "a Double PropertyListEncoder's binary form keeps (it merges -0.0 with 0.0; the .xml form keeps it)",
                found: "Double -0.0"
            )), at: codingPath())
        case .double(let value) where writesJSON && value.magnitude >= 0x1p53 && value.isFinite:
            if let exact = Int64(exactly: value) { return .int(exact) }
            if let exact = UInt64(exactly: value) { return .unsigned(exact) }
            return scalar
        case .decimal(let value) where !writesJSON && shape.map(Self.unwrapped)?.kind != .decimal:
            let text = "\(value)"
            if let exact = Int64(text) { return .int(exact) }
            if let exact = UInt64(text) { return .unsigned(exact) }
            if let double = Double(text), double.isFinite, Decimal(string: "\(double)") == value { return .double(double) }
            throw encodingError(value, MappingError(.mismatch(
                expected: "a 64-bit integer or a Double (only JSONEncoder writes a Decimal as a number)",
                found: "Decimal \(value)"
            )), at: codingPath())
        default:
            return scalar
        }
    }

    private func encodingError(_ value: Any, _ problem: MappingError, at codingPath: [any CodingKey]) -> EncodingError {
        let problem = MappingError.wrapping(problem, at: codingPath.map { key in
            key.intValue.map(PathComponent.index) ?? .key(key.stringValue)
        })
        return EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath, debugDescription: problem.description, underlyingError: problem
        ))
    }

    /// A value that is neither a Swift number, a Swift string, `NSNull` nor a container: an
    /// `NSString`, a Swift `Optional` inside the `Any`, `Date`, `Data`, or any `Encodable` (a
    /// `Codable` leaf). Handed to the encoder as its own type (the
    /// existential is opened), so the encoder's strategies for `Date` and `Data` apply.
    private func leaf(_ value: Any, at codingPath: @autoclosure () -> [any CodingKey]) throws -> any Encodable {
        if InputValue.isNull(value) { return Null() }
        if let string = value as? String, !FoundationContainers.isContainer(value) { return string }
        if let date = NativeValue.date(value) { return date }
        if let data = NativeValue.data(value) { return data }
        if let encodable = InputValue.flattened(value) as? any Encodable { return encodable }
        throw EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath(),
            debugDescription: "expected a value an Encoder can write, found \(ValueDescription.describe(value))"
        ))
    }

    /// (The path is made only for the error: an encoder builds it anew on each request.)
    func check(_ depth: Int, at codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard depth > maximumNesting else { return }
        throw encodingError(depth, MappingError(.limitExceeded(maximumNesting, "nested arrays and objects", name: "maximumNesting")), at: codingPath())
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
        case .signed(let value): self = .int(value)
        case .unsigned(let value): self = .unsigned(value)
        case .wide(let value):
            // Only an `Int128` or `UInt128` input is this wide, on the releases that have them.
            guard let encodable = OlderReleases.int128Value(value) else { return nil }
            self = .wide(encodable)
        case .exact:
            // No `Encoder` value holds it exactly.
            return nil
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

/// A member of a `[String: …]` dictionary, written by the output writing the dictionary (see
/// `CodableOutput.members(of:shape:depth:)`).
struct EncodedMember: Encodable {
    let output: CodableOutput
    let value: Any
    let shape: ValueShape?
    let depth: Int

    func encode(to encoder: any Encoder) throws {
        try output.writeMember(value, shape: shape, to: encoder, depth: depth)
    }
}
