import Foundation

/// The `Decoder` a ``TaggedEnum``'s synthesized `init(from:)` runs on: probing, it tells
/// ``TaggedEnumPlan`` the cases and their keys; reading, it holds one case and its payload values
/// by Swift key, and hands each value the `init(from:)` asks for to the codec of its type
/// (``CodecFactory``), so a payload converts as a property of the same type does. It supports
/// exactly what synthesized conformances ask for: one keyed container, one nested keyed
/// container for the case.
struct EnumCaseDecoder: Decoder {
    enum Mode {
        /// What ``TaggedEnumPlan`` learns: the case names (`name` is `nil`), or one case's keys.
        case probing(CaseProbe, name: String?)
        /// The types of one case's payload values (and which are optional), each value answered
        /// with a placeholder of its type so that `init(from:)` asks for the next, until one
        /// has none (``EnumCaseDecoder/placeholder(_:)``).
        case typing(CaseProbe, name: String)
        /// One case's payload values, each with its path in the input.
        case reading(name: String, payload: [String: PayloadValue], context: MappingContext, coercion: CoercionMode)
    }

    /// A payload value (`nil` when the input has none), and where it is in the enum's input.
    struct PayloadValue {
        let value: Any?
        let path: [PathComponent]
        /// An internally tagged case's one value: the whole object, its tag included, and the
        /// tag's key. A nested model reads it whole, so a property named like the tag (Stripe's
        /// `object`, JSON:API's `type`) gets the tag's text, and its undefined-key policy passes
        /// the tag over; any other value reads `value`, the object without its tag.
        var tagged: (whole: [String: Any], key: String)?
    }

    let mode: Mode
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch mode {
        case .probing(let probe, nil):
            let cases = FieldlessEnums.allCases(of: Key.self) ?? FieldlessEnums.onlyValue(of: Key.self).map { [$0] }
            probe.names = cases?.map(\.stringValue)
            return KeyedDecodingContainer(CaseContainer<Key>(mode: mode, key: nil))
        case .probing(_, let name?), .typing(_, let name), .reading(let name, _, _, _):
            return KeyedDecodingContainer(CaseContainer<Key>(mode: mode, key: Key(stringValue: name)))
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.unsupported }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.unsupported }

    /// The codec of a payload value of type `Value`, as a property of its type gets it where the
    /// enum sits: under the position's coercion mode, with the adapters by value type that the
    /// model holding the enum hands down (``MappingConfiguration/convert(_:using:)``), under the
    /// yes-or-no policies it hands down (``CodecFactory/codec(_:flags:)``).
    static func codec<Value>(for type: Value.Type, coercion: CoercionMode, in context: MappingContext) -> Codec<Value> {
        guard let policies = context.inherited else { return CodecFactory.codec(for: type, mode: coercion) }
        let codec = CodecFactory.codec(for: type, mode: coercion, adapters: policies.valueAdapters)
        return CodecFactory.codec(codec, flags: policies.flags.on)
    }

    /// A value of `type` to hand a probed `init(from:)`, when one can be made: a model's
    /// `init()`, an optional's `nil`, a raw-value enum's first case, an empty collection, or
    /// the zero of a scalar. No codec is asked (a payload may hold the enum being probed, whose
    /// codec would probe it again).
    static func placeholder<Value>(_ type: Value.Type) -> Value? {
        if let model = type as? any Mappable.Type { return model.init() as? Value }
        if let optional = type as? any OptionalValue.Type { return optional.none as? Value }
        if let cases = type as? any CaseIterable.Type {
            func first<All: CaseIterable>(_: All.Type) -> Value? { All.allCases.first as? Value }
            return first(cases)
        }
        // An empty array, dictionary or set casts to any element type.
        let empties: [Any] = [[Any](), [String: Any](), Set<AnyHashable>()]
        let zeros: [Any] = [
            0, Int8(0), Int16(0), Int32(0), Int64(0), UInt(0), UInt8(0), UInt16(0), UInt32(0), UInt64(0),
            0.0, Float(0), false, "", Decimal(), Date(timeIntervalSince1970: 0), Data(), UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
        ]
        for candidate in empties + zeros {
            if let value = candidate as? Value { return value }
        }
        return nil
    }

    static var unsupported: MappingError {
        MappingError(.mismatch(expected: "Swift's synthesized init(from:) of a TaggedEnum", found: "a container it never asks for"))
    }
}

/// The enum's container: the one case's key, and the case's own container under it.
private struct CaseContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let mode: EnumCaseDecoder.Mode
    let key: Key?

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { key.map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { key.stringValue == self.key?.stringValue }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        if case .probing(let probe, _) = mode, let keys = FieldlessEnums.allCases(of: NestedKey.self) {
            probe.keys = keys.map(\.stringValue)
            throw ProbeStop()
        }
        return KeyedDecodingContainer(PayloadContainer<NestedKey>(mode: mode))
    }

    func decodeNil(forKey key: Key) throws -> Bool { throw EnumCaseDecoder.unsupported }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw EnumCaseDecoder.unsupported }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw EnumCaseDecoder.unsupported }
    func superDecoder() throws -> any Decoder { throw EnumCaseDecoder.unsupported }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw EnumCaseDecoder.unsupported }
}

/// A case's payload: each value the `init(from:)` asks for, converted by its type's codec
/// (or, probing a case whose keys cannot be listed, each key it asks for noted).
private struct PayloadContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let mode: EnumCaseDecoder.Mode

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        guard case .reading(_, let payload, _, _) = mode else { return [] }
        return payload.keys.compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool {
        switch mode {
        case .probing(let probe, _):
            note(key, in: probe)
            return false
        case .typing:
            // Present, so that an optional's value is asked for with its type.
            return true
        case .reading(_, let payload, _, _):
            return payload[key.stringValue]?.value != nil
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch mode {
        case .probing(let probe, _):
            note(key, in: probe)
            return true
        case .typing:
            return false
        case .reading(_, let payload, _, _):
            return payload[key.stringValue]?.value.map(InputValue.isNull) ?? true
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }

    /// Every `decodeIfPresent` requirement's answer: an optional payload value, which typing
    /// notes as such.
    private func optionalValue<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        if case .typing(let probe, _) = mode { probe.optional.insert(key.stringValue) }
        guard try contains(key) && !decodeNil(forKey: key) else { return nil }
        // Asked for as `T`, the value is an optional's: empty text is `nil` where the model
        // holding the enum says so (``TreeFlag/emptyStringsAsNil``), as for its properties.
        if case .reading(_, let payload, let context, _) = mode, context.inheritsFlag(.emptyStringsAsNil),
           let entry = payload[key.stringValue], let found = entry.value {
            let empty = context.reporting(at: entry.path) { EmptyStringCodec<T>.readsAsNil(found, in: context) }
            if empty { return nil }
        }
        return try value(type, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalValue(type, key) }

    /// Every `decode` requirement's answer.
    private func value<T: Decodable>(_: T.Type, _ key: Key) throws -> T {
        switch mode {
        case .probing(let probe, _):
            note(key, in: probe)
            probe.types[key.stringValue] = T.self
            throw ProbeStop()
        case .typing(let probe, _):
            probe.types[key.stringValue] = T.self
            guard let placeholder = EnumCaseDecoder.placeholder(T.self) else { throw ProbeStop() }
            return placeholder
        case .reading(_, let payload, let context, let coercion):
            let entry = payload[key.stringValue]
            do {
                // An absent optional is `nil`, as `decodeIfPresent` makes it.
                guard let value = entry?.value ?? (T.self is any OptionalValue.Type ? NSNull() : nil) else {
                    throw MappingError(.unmetRequirement(Problem.existence, found: "nothing"))
                }
                let codec = EnumCaseDecoder.codec(for: T.self, coercion: coercion, in: context)
                return try context.reporting(at: entry?.path ?? []) {
                    if let (whole, key) = entry?.tagged, let model = codec.base as? any DiscriminatedDecoding,
                       let decoded = try model.decodeModel(whole, in: context, discriminator: key) as? T {
                        return decoded
                    }
                    return try codec.decode(value, in: context)
                }
            } catch {
                throw MappingError.wrapping(error, at: entry?.path ?? [])
            }
        }
    }

    private func note(_ key: Key, in probe: CaseProbe) {
        if !probe.keys.contains(key.stringValue) { probe.keys.append(key.stringValue) }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw EnumCaseDecoder.unsupported
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw EnumCaseDecoder.unsupported }
    func superDecoder() throws -> any Decoder { throw EnumCaseDecoder.unsupported }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw EnumCaseDecoder.unsupported }
}

/// The `Encoder` a ``TaggedEnum``'s synthesized `encode(to:)` runs on: it notes the case's name
/// and each payload value as its type's codec writes it (``EnumCaseOutput``), which
/// `TaggedEnumCodec` then lays out as the tagging says.
struct EnumCaseEncoder: Encoder {
    let output: EnumCaseOutput
    let context: MappingContext
    let coercion: CoercionMode

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CaseOutputContainer<Key>(output: output, context: context, coercion: coercion, isCase: true))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        output.fail(EnumCaseDecoder.unsupported)
        return EmptyUnkeyedOutput(output: output)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        output.fail(EnumCaseDecoder.unsupported)
        return EmptySingleValueOutput(output: output)
    }
}

/// What an enum's `encode(to:)` wrote: its case, and its payload values by Swift key.
final class EnumCaseOutput {
    var name: String?
    var payload: [String: Any] = [:]
    /// The first thing it did that a tagged enum cannot hold (the containers' calls that cannot
    /// throw note it here).
    var failure: (any Error)?
    /// Where each payload key's value is, for the errors of its codec.
    let path: (String, String) -> [PathComponent]
    /// The payload must be an object (internally tagged): an externally tagged enum's unit
    /// case, a bare tag, is written as an object of it, `{"Unit": null}`.
    var holdsObject = false

    init(path: @escaping (String, String) -> [PathComponent]) {
        self.path = path
    }

    func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }
}

/// The enum's container (`isCase`), whose one nested container is the case's; and the case's,
/// each value written by its type's codec.
private struct CaseOutputContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: EnumCaseOutput
    let context: MappingContext
    let coercion: CoercionMode
    let isCase: Bool

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        guard !isCase else { throw EnumCaseDecoder.unsupported }
        output.payload[key.stringValue] = NSNull()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try write(value, key) }

    /// Every `encode` requirement's work.
    private func write<T: Encodable>(_ value: T, _ key: Key) throws {
        guard !isCase, let name = output.name else { throw EnumCaseDecoder.unsupported }
        do {
            var written = try EnumCaseDecoder.codec(for: T.self, coercion: coercion, in: context).encode(value, in: context) ?? NSNull()
            // Only the one unlabelled value (`_0`) is the content itself.
            if output.holdsObject, key.stringValue == "_0", let tag = written as? String, let tagged = T.self as? any TaggedEnum.Type,
               tagged.tagging.form == .external {
                written = [tag: NSNull()]
            }
            output.payload[key.stringValue] = written
        } catch {
            throw MappingError.wrapping(error, at: output.path(name, key.stringValue))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        if isCase {
            output.name = key.stringValue
        } else {
            output.fail(EnumCaseDecoder.unsupported)
        }
        return KeyedEncodingContainer(CaseOutputContainer<NestedKey>(output: output, context: context, coercion: coercion, isCase: false))
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try write(value, key) }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        output.fail(EnumCaseDecoder.unsupported)
        return EmptyUnkeyedOutput(output: output)
    }

    mutating func superEncoder() -> any Encoder {
        output.fail(EnumCaseDecoder.unsupported)
        return EnumCaseEncoder(output: output, context: context, coercion: coercion)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

/// The containers a synthesized `encode(to:)` never asks for: every write fails.
private struct EmptyUnkeyedOutput: UnkeyedEncodingContainer {
    let output: EnumCaseOutput
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws { throw EnumCaseDecoder.unsupported }
    mutating func encode<T: Encodable>(_ value: T) throws { throw EnumCaseDecoder.unsupported }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(CaseOutputContainer<NestedKey>(output: output, context: MappingContext(), coercion: .lossless, isCase: false))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { EnumCaseEncoder(output: output, context: MappingContext(), coercion: .lossless) }
}

private struct EmptySingleValueOutput: SingleValueEncodingContainer {
    let output: EnumCaseOutput
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws { throw EnumCaseDecoder.unsupported }
    mutating func encode<T: Encodable>(_ value: T) throws { throw EnumCaseDecoder.unsupported }
}
