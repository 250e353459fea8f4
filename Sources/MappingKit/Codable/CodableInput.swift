import Foundation

/// Reads what a `Decoder` holds as the native values a dictionary would hold (`Int`, `Double`,
/// `String`, `Bool`, `NSNull`, `Date`, `Data`, `[Any]`, `[String: Any]`), guided by a plan:
/// every key the plan knows is asked for in its codec's shape, so the common case costs one
/// typed call on the decoder. The dictionary it makes is then mapped as any other (staged,
/// checked, committed), so keys, adapters, requirements and policies are the dictionary path's.
struct CodableInput {
    let context: MappingContext
    let maximumNesting: Int
    /// Whether the decoder converts keys itself, found out from the top object when a key the
    /// model reads is missing (``refuseConvertedKey(_:of:in:)``); `nil` when no decoder says.
    let keyConversion: DecoderKeyConversion?

    init(context: MappingContext, keyConversion: DecoderKeyConversion? = nil) {
        self.context = context
        maximumNesting = context.effectiveLimits.maximumNesting
        self.keyConversion = keyConversion
    }

    /// This input in another context, with the same decoder's evidence (judged by the object
    /// under `key` of `container`, when given).
    func with(_ context: MappingContext, member key: AnyCodingKey? = nil, of container: Keyed? = nil) -> CodableInput {
        guard let key, let container else { return CodableInput(context: context, keyConversion: keyConversion) }
        return CodableInput(context: context, keyConversion: keyConversion?.member(key, of: container))
    }

    typealias Keyed = KeyedDecodingContainer<AnyCodingKey>

    /// The object at `decoder`, read for `plan` (every key read by probing when it is `nil`).
    func object(from decoder: any Decoder, plan: ObjectPlan?) throws -> [String: Any] {
        try object(from: decoder.container(keyedBy: AnyCodingKey.self), plan: plan, depth: 1)
    }

    private func object(from container: Keyed, plan: ObjectPlan?, depth: Int) throws -> [String: Any] {
        try check(depth, at: container.codingPath)
        guard let plan else { return try dictionary(from: container, shape: .untyped, depth: depth) }
        // Nested plans are found with the key strategy this model hands down.
        let handedDown = context.handingDown(plan.handedDown)
        if handedDown.inherited !== context.inherited {
            return try with(handedDown).object(from: container, plan: plan, depth: depth)
        }
        let layout = plan.codable
        let policy = context.undefinedKeys ?? plan.undefinedKeys
        var object: [String: Any] = Dictionary(minimumCapacity: layout.keys.count)
        if policy == .drop, !layout.rewritesInput, plan.builds(in: context) {
            for (key, shape) in layout.keys {
                if let value = try hinted(forKey: key, in: container, shape: shape, depth: depth) {
                    object[key.stringValue] = value
                } else if container.contains(key) {
                    object[key.stringValue] = try probed(forKey: key, in: container, shape: shape, depth: depth)
                } else {
                    try refuseConvertedKey(key, of: plan, in: container)
                }
            }
            return object
        }
        let shapes = layout.shapes
        for key in container.allKeys {
            object[key.stringValue] = try value(forKey: key, in: container, shape: shapes[key.stringValue] ?? .untyped, depth: depth)
        }
        for key in layout.renamed.keys.sorted() where object[key] == nil {
            try refuseConvertedKey(AnyCodingKey(key), of: plan, in: container)
        }
        return object
    }

    private func dictionary(from container: Keyed, shape: ValueShape, depth: Int) throws -> [String: Any] {
        let keys = container.allKeys
        var dictionary: [String: Any] = Dictionary(minimumCapacity: keys.count)
        for key in keys {
            dictionary[key.stringValue] = try value(forKey: key, in: container, shape: shape, depth: depth)
        }
        return dictionary
    }

    private func array(from container: inout any UnkeyedDecodingContainer, shape: ValueShape, depth: Int) throws -> [Any] {
        try check(depth, at: container.codingPath)
        var array: [Any] = []
        if let count = container.count { array.reserveCapacity(count) }
        while !container.isAtEnd {
            array.append(try element(from: &container, shape: shape, depth: depth))
        }
        return array
    }

    /// The value for `key`, which the container holds: in `shape` when it is one, else as
    /// probing finds it.
    private func value(forKey key: AnyCodingKey, in container: Keyed, shape: ValueShape, depth: Int) throws -> Any {
        if let value = try hinted(forKey: key, in: container, shape: shape, depth: depth) { return value }
        return try probed(forKey: key, in: container, shape: shape, depth: depth)
    }

    /// The value for `key` as probing finds it; when the decoder cannot read it as any value (a
    /// string of invalid UTF-8), its own error for the property's type, as the synthesized
    /// conformance gets it (`typeMismatch`: a string where an `Int` belongs).
    private func probed(forKey key: AnyCodingKey, in container: Keyed, shape: ValueShape, depth: Int) throws -> Any {
        do {
            return try probed(forKey: key, in: container, depth: depth)
        } catch {
            func typed<Value: Decodable>(_: Value.Type) -> (any Error)? {
                do {
                    _ = try container.decode(Value.self, forKey: key)
                    return nil
                } catch {
                    return error
                }
            }
            var shape = shape
            while shape.kind == .optional, let inner = shape.inner { shape = inner }
            let typedError: (any Error)? = switch shape.kind {
            case .bool: typed(Bool.self)
            case .int: typed(Int.self)
            case .double: typed(Double.self)
            case .string: typed(String.self)
            case .decimal: typed(Decimal.self)
            case .date: typed(Date.self)
            case .data: typed(Data.self)
            default: nil
            }
            throw typedError ?? error
        }
    }

    /// The value for `key` in `shape`, or `nil` when the key is missing, `null`, or holds
    /// something else (one lookup in the common case: no `contains` first).
    func hinted(forKey key: AnyCodingKey, in container: Keyed, shape: ValueShape, depth: Int) throws -> Any? {
        switch shape.kind {
        case .untyped: return nil
        case .bool: return try? container.decodeIfPresent(Bool.self, forKey: key)
        case .int: return try? container.decodeIfPresent(Int.self, forKey: key)
        case .double:
            guard let value = try? container.decodeIfPresent(Double.self, forKey: key) else { return nil }
            guard Self.mayBeInexact(value) else { return value }
            return Self.exact(
                value,
                int: { try? container.decodeIfPresent(Int.self, forKey: key) },
                unsigned: { try? container.decodeIfPresent(UInt64.self, forKey: key) },
                decimal: { try? container.decodeIfPresent(Decimal.self, forKey: key) }
            )
        case .string: return try? container.decodeIfPresent(String.self, forKey: key)
        case .decimal: return try? container.decodeIfPresent(Decimal.self, forKey: key)
        case .date: return try? container.decodeIfPresent(Date.self, forKey: key)
        case .data: return try? container.decodeIfPresent(Data.self, forKey: key)
        case .optional: return try hinted(forKey: key, in: container, shape: shape.inner ?? .untyped, depth: depth)
        case .array:
            guard var nested = try? container.nestedUnkeyedContainer(forKey: key) else { return nil }
            let array = try array(from: &nested, shape: shape.inner ?? .untyped, depth: depth + 1)
            // A whole number past 2^53 read as a `Double` may not be the number its text says,
            // and an element cannot be asked again: the array is read again untyped, where each
            // number is read exactly, and those elements are taken from it (rare: such numbers only).
            guard Self.holdsInexactDouble(array), var again = try? container.nestedUnkeyedContainer(forKey: key) else { return array }
            return Self.exactElements(array, from: try self.array(from: &again, shape: .untyped, depth: depth + 1))
        case .dictionary:
            // Anything but an object is read as probing finds it, for the engine to report.
            guard (try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)) != nil else { return nil }
            return try members(shape: shape.inner ?? .untyped, depth: depth + 1) { try container.decode([String: DictionaryMember].self, forKey: key) }
        case .model:
            guard let nested = try? container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) else { return nil }
            return try with(context, member: key, of: container)
                .object(from: nested, plan: shape.model.flatMap { ObjectPlan.nested($0, in: context) }, depth: depth + 1)
        case .decodable:
            guard let type = shape.decodable else { return nil }
            return try? decodeValue(of: type, forKey: key, in: container)
        }
    }

    /// The value for `key`, which the container holds, as probing finds it.
    func probed(forKey key: AnyCodingKey, in container: Keyed, depth: Int) throws -> Any {
        if (try? container.decodeNil(forKey: key)) == true { return NSNull() }
        return try untyped(from: container.superDecoder(forKey: key), depth: depth + 1)
    }

    private func decodeValue<Value: Decodable>(of _: Value.Type, forKey key: AnyCodingKey, in container: Keyed) throws -> Any {
        try container.decode(Value.self, forKey: key)
    }

    /// The next element, in `shape` when the decoder holds one, else as probing finds it.
    private func element(from container: inout any UnkeyedDecodingContainer, shape: ValueShape, depth: Int) throws -> Any {
        switch shape.kind {
        case .untyped:
            break
        case .bool:
            if let value = try attempt(&container, { try $0.decode(Bool.self) }) { return value }
        case .int:
            if let value = try attempt(&container, { try $0.decode(Int.self) }) { return value }
        case .double:
            if let value = try attempt(&container, { try $0.decode(Double.self) }) { return value }
        case .string:
            if let value = try attempt(&container, { try $0.decode(String.self) }) { return value }
        case .decimal:
            if let value = try attempt(&container, { try $0.decode(Decimal.self) }) { return value }
        case .date:
            if let value = try attempt(&container, { try $0.decode(Date.self) }) { return value }
        case .data:
            if let value = try attempt(&container, { try $0.decode(Data.self) }) { return value }
        case .optional:
            if try container.decodeNil() { return NSNull() }
            return try element(from: &container, shape: shape.inner ?? .untyped, depth: depth)
        case .array:
            if var nested = try attempt(&container, { try $0.nestedUnkeyedContainer() }) {
                return try array(from: &nested, shape: shape.inner ?? .untyped, depth: depth + 1)
            }
        case .dictionary:
            let inner = shape.inner ?? .untyped
            if let members = try attempt(&container, { container in
                try members(shape: inner, depth: depth + 1) { try container.decode([String: DictionaryMember].self) }
            }) {
                return members
            }
        case .model:
            if let nested = try attempt(&container, { try $0.nestedContainer(keyedBy: AnyCodingKey.self) }) {
                return try object(from: nested, plan: shape.model.flatMap { ObjectPlan.nested($0, in: context) }, depth: depth + 1)
            }
        case .decodable:
            if let type = shape.decodable, let value = try attempt(&container, { try decodeElement(of: type, from: &$0) }) { return value }
        }
        return try untyped(from: container.superDecoder(), depth: depth + 1)
    }

    private func decodeElement<Value: Decodable>(of _: Value.Type, from container: inout any UnkeyedDecodingContainer) throws -> Any {
        try container.decode(Value.self)
    }

    /// `read`'s value, or `nil` when the decoder holds something else there. A decoder that
    /// moved past an element it could not read would make the next one seem to be it: that
    /// is an error, never a skipped element.
    private func attempt<Value>(
        _ container: inout any UnkeyedDecodingContainer,
        _ read: (inout any UnkeyedDecodingContainer) throws -> Value
    ) throws -> Value? {
        let index = container.currentIndex
        do {
            return try read(&container)
        } catch {
            guard container.currentIndex == index else { throw error }
            return nil
        }
    }

    /// A `[String: …]` dictionary's members, decoded by `decode` as a `Dictionary<String, …>`:
    /// a decoder's key strategy converts a model's keys, never a dictionary's own, as for the
    /// synthesized conformance (`JSONDecoder` leaves a `[String: V]`'s keys alone). Each member's
    /// value is read in `shape` by this input (``DictionaryMember``).
    private func members(shape: ValueShape, depth: Int, _ decode: () throws -> [String: DictionaryMember]) throws -> [String: Any] {
        let reading = DictionaryMember.Reading(input: self, shape: shape, depth: depth)
        let key = DictionaryMember.threadKey
        let outer = Thread.current.threadDictionary[key]
        Thread.current.threadDictionary[key] = reading
        defer { Thread.current.threadDictionary[key] = outer }
        return try decode().mapValues(\.value)
    }

    /// One member's value, in `shape`.
    fileprivate func member(from decoder: any Decoder, shape: ValueShape, depth: Int) throws -> Any {
        try check(depth, at: decoder.codingPath)
        let single = try? decoder.singleValueContainer()
        if let single, single.decodeNil() { return NSNull() }
        switch shape.kind {
        case .bool: if let value = try? single?.decode(Bool.self) { return value }
        case .int: if let value = try? single?.decode(Int.self) { return value }
        case .double: if let single, let value = try? single.decode(Double.self) { return exactNumber(value, in: single) }
        case .string: if let value = try? single?.decode(String.self) { return value }
        case .decimal: if let value = try? single?.decode(Decimal.self) { return value }
        case .date: if let value = try? single?.decode(Date.self) { return value }
        case .data: if let value = try? single?.decode(Data.self) { return value }
        case .optional: return try member(from: decoder, shape: shape.inner ?? .untyped, depth: depth)
        case .array:
            if var nested = try? decoder.unkeyedContainer() { return try array(from: &nested, shape: shape.inner ?? .untyped, depth: depth + 1) }
        case .dictionary:
            if let single, (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil {
                return try members(shape: shape.inner ?? .untyped, depth: depth + 1) { try single.decode([String: DictionaryMember].self) }
            }
        case .model:
            if let nested = try? decoder.container(keyedBy: AnyCodingKey.self) {
                return try object(from: nested, plan: shape.model.flatMap { ObjectPlan.nested($0, in: context) }, depth: depth + 1)
            }
        case .decodable:
            if let type = shape.decodable, let single, let value = try? Self.decodeSingle(type, from: single) { return value }
        case .untyped: break
        }
        return try untyped(from: decoder, depth: depth)
    }

    private static func decodeSingle<Value: Decodable>(_: Value.Type, from single: any SingleValueDecodingContainer) throws -> Any {
        try single.decode(Value.self)
    }

    /// The value at `decoder`, found by asking in turn for what each native value can be:
    /// `null`, Bool, integers (exact), Double, String, an object, an array, `Date`, `Data`.
    /// Containers come before `Date` and `Data`, which some decoders would read from numbers,
    /// strings or arrays of bytes.
    private func untyped(from decoder: any Decoder, depth: Int) throws -> Any {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { return NSNull() }
            if let value = try? single.decode(Bool.self) { return value }
            if let value = try? single.decode(Int.self) {
                // A decoder gives `-0.0` as the integer 0 too: its sign is kept.
                if value == 0, let zero = try? single.decode(Double.self), zero.sign == .minus { return zero }
                return value
            }
            if let value = try? single.decode(UInt64.self) { return value }
            if let value = try? single.decode(Double.self) { return exactNumber(value, in: single) }
            if let value = try? single.decode(String.self) { return value }
        }
        // Only containers count against the nesting limit, as in MappingKit's JSON reader.
        try check(depth, at: decoder.codingPath)
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            return try dictionary(from: container, shape: .untyped, depth: depth)
        }
        if var container = try? decoder.unkeyedContainer() {
            return try array(from: &container, shape: .untyped, depth: depth)
        }
        if let single = try? decoder.singleValueContainer() {
            if let value = try? single.decode(Date.self) { return value }
            if let value = try? single.decode(Data.self) { return value }
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "a value MappingKit can read (null, Bool, number, String, Date, Data, array or object)"
        ))
    }

    /// A whole `Double` past 2^53 read from text may not be the number the text says: the
    /// decoder's exact `Decimal` instead (`18446744073709551615.5e-3`, `18446744073709551616`),
    /// unless the text is the `Double`'s own shortest form (`1.8446744073709552e+19`, what
    /// `JSONEncoder` writes for it), which reads back as that `Double`.
    private func exactNumber(_ value: Double, in single: any SingleValueDecodingContainer) -> Any {
        guard Self.mayBeInexact(value) else { return value }
        return Self.exact(value, int: { try? single.decode(Int.self) }, unsigned: { try? single.decode(UInt64.self) }, decimal: { try? single.decode(Decimal.self) })
    }

    func check(_ depth: Int, at codingPath: @autoclosure () -> [any CodingKey]) throws {
        let problem: MappingError
        do {
            guard depth > maximumNesting else { return try context.checkStack() }
            problem = MappingError(.limitExceeded(maximumNesting, "nested arrays and objects", name: "maximumNesting"))
        } catch {
            problem = MappingError.wrapping(error, at: [])
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath(), debugDescription: problem.description, underlyingError: problem
        ))
    }
}

/// A member of a `[String: …]` dictionary property, decoded as a `Dictionary<String, …>`'s value
/// (see `CodableInput.members`): its value read by the `CodableInput` reading the dictionary,
/// which this thread's dictionary holds while the decoder runs (a `Decodable` type's
/// `init(from:)` has no other way to be handed it).
struct DictionaryMember: Decodable {
    let value: Any

    /// What reads the members of the dictionary being decoded on this thread.
    final class Reading: @unchecked Sendable {
        // @unchecked: made, read and dropped on one thread, within one decode.
        let input: CodableInput
        let shape: ValueShape
        let depth: Int

        init(input: CodableInput, shape: ValueShape, depth: Int) {
            self.input = input
            self.shape = shape
            self.depth = depth
        }
    }

    static let threadKey = "MappingKit.DictionaryMember.reading"

    init(from decoder: any Decoder) throws {
        guard let reading = Thread.current.threadDictionary[Self.threadKey] as? Reading else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a dictionary's member read outside MappingKit's Codable bridge"
            ))
        }
        value = try reading.input.member(from: decoder, shape: reading.shape, depth: reading.depth)
    }
}
