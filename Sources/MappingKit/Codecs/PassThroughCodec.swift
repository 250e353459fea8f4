/// `Any`, `[String: Any]` and `[Any]`: values are taken and given back exactly as they are.
/// Each is a concrete codec of its own (a generic one would ask the runtime for `Value?`'s
/// metadata on every value).
protocol PassThroughCodec: ValueCodec {
    /// What the property needs, for messages.
    static var expected: String { get }
    /// `input` as a `Value`, when it is one and is safe to bridge.
    static func cast(_ input: Any) -> Value?
}

extension PassThroughCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        if let value = Self.cast(input) { return value }
        return try mismatch(input, expected: Self.expected, in: context)
    }

    /// The value as it is, but for models a caller put inside it, which are written through
    /// their own mappings (``UntypedModels``).
    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try UntypedModels.written(value, in: context)
    }
}

/// `Mappable` values inside untyped values (`var books: [Any] = [Book(…)]`): written through
/// their own mappings, by the dictionary representation and by JSON alike (JSON writes what the
/// dictionary representation gives), so both give plain values.
enum UntypedModels {
    /// `value` with every model in it, at any depth of Swift arrays and dictionaries, written as
    /// its dictionary representation; `value` itself when it holds none.
    static func written(_ value: Any, in context: MappingContext) throws -> Any {
        try rewritten(value, in: context) ?? value
    }

    /// `value` with its models written, or `nil` when it holds none (nothing is copied then).
    private static func rewritten(_ value: Any, in context: MappingContext) throws -> Any? {
        let kind = ObjectIdentifier(type(of: value))
        if kind == ObjectIdentifier(String.self) || kind == ObjectIdentifier(Int.self) || kind == ObjectIdentifier(Double.self)
            || kind == ObjectIdentifier(Bool.self) || InputValue.isNSNull(value) || FoundationContainers.isContainer(value) {
            return nil
        }
        if let array = ExistentialPayload.value([Any].self, in: value) {
            var result: [Any]?
            for (index, element) in array.enumerated() {
                guard let new = try rewritten(element, in: context) else { continue }
                if result == nil { result = array }
                result?[index] = new
            }
            return result
        }
        if let dictionary = ExistentialPayload.value([String: Any].self, in: value) {
            var result: [String: Any]?
            for (key, element) in dictionary {
                guard let new = try rewritten(element, in: context) else { continue }
                if result == nil { result = dictionary }
                result?[key] = new
            }
            return result
        }
        if let model = value as? any Mappable { return try model.encodedDictionary(in: context.nested()) }
        if let models = value as? [any Mappable] { return try models.map { try $0.encodedDictionary(in: context.nested()) } }
        return nil
    }
}

struct AnyValueCodec: PassThroughCodec {
    typealias Value = Any
    static let expected = "a value"

    static func cast(_ input: Any) -> Any? {
        InputValue.isUnsafeToBridge(input) ? nil : input
    }

    /// An update merges an object into the value there is, as RFC 7396 patches a document.
    var traits: CodecTraits { .mergesUpdates }

    func merge(_ input: Any, into current: Any, in context: MappingContext) throws -> Any {
        guard let patch = Self.cast(input).flatMap(InputValue.dictionary) else { return try decode(input, in: context) }
        return try MergePatch.apply(patch, to: InputValue.dictionary(current) ?? [:], in: context)
    }
}

struct UntypedDictionaryCodec: PassThroughCodec {
    typealias Value = [String: Any]
    static let expected = "Dictionary"

    static func cast(_ input: Any) -> [String: Any]? {
        InputValue.dictionary(input)
    }

    /// An update merges into the dictionary there is, as RFC 7396 patches a document.
    var traits: CodecTraits { .mergesUpdates }

    func merge(_ input: Any, into current: [String: Any], in context: MappingContext) throws -> [String: Any] {
        guard let patch = Self.cast(input) else { return try decode(input, in: context) }
        return try MergePatch.apply(patch, to: current, in: context)
    }
}

/// JSON Merge Patch (RFC 7396, section 2) over untyped values: each member of the patch
/// replaces the target's, `null` removes it, and an object merges into the target's member
/// (an empty object when that is not one). Arrays and scalars replace whole.
enum MergePatch {
    static func apply(_ patch: [String: Any], to target: [String: Any], in context: MappingContext) throws -> [String: Any] {
        try apply(patch, to: target, depth: context.depth, limit: context.effectiveLimits.maximumDepth)
    }

    private static func apply(_ patch: [String: Any], to target: [String: Any], depth: Int, limit: Int) throws -> [String: Any] {
        // A native patch can nest without end (a Foundation container refused above cannot).
        guard depth < limit else { throw MappingError(.tooDeep(limit: limit)) }
        var result = target
        for (key, value) in patch {
            if InputValue.isNull(value) {
                result[key] = nil
            } else if let object = InputValue.dictionary(value) {
                do {
                    result[key] = try apply(object, to: result[key].flatMap(InputValue.dictionary) ?? [:], depth: depth + 1, limit: limit)
                } catch {
                    throw MappingError.wrapping(error, at: .key(key))
                }
            } else {
                result[key] = value
            }
        }
        return result
    }
}

struct UntypedArrayCodec: PassThroughCodec {
    typealias Value = [Any]
    static let expected = "Array"

    static func cast(_ input: Any) -> [Any]? {
        InputValue.array(input)
    }
}

/// A property type with no conversion. A plan with such a field is a configuration error
/// (``ValueCodec/isSupported``); the codec still refuses both ways, for the stash field that
/// holds it on purpose and for values reached some other way.
struct UnsupportedCodec<Value>: ValueCodec {
    var traits: CodecTraits { .unsupported }

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        throw MappingError(.unsupportedType(ValueDescription.typeName(Value.self)))
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        throw MappingError(.unsupportedType(ValueDescription.typeName(Value.self)))
    }
}

// MARK: JSON Schema

extension UntypedArrayCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "array"]
    }
}

extension UntypedDictionaryCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        ["type": "object"]
    }
}

extension AnyValueCodec {
    /// Any value: the empty schema.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        [:]
    }
}

extension UnsupportedCodec {
    /// Never asked: a plan with an unsupported property does not compile.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        [:]
    }
}
