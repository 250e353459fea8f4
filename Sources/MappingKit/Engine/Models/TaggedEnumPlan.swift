/// A ``TaggedEnum``'s plan: its cases, each with its tag and the shape of its payload, learnt
/// once per type from the enum's synthesized `Codable` conformance, and how one value is found
/// in its input and written back (`TaggedEnumCodec`).
///
/// ## How the cases are learnt
///
/// Swift gives a library no way to list an enum's cases or to build one with its payload: its
/// synthesized `init(from:)` is the one constructor there is. The plan drives it with
/// ``EnumCaseDecoder`` in probing mode:
/// 1. once with no case: the keyed container it asks for is keyed by the enum's `CodingKeys`,
///    whose values (``FieldlessEnums``) are the case names; the container then holds no key, and
///    `init(from:)` throws, as it must;
/// 2. once per case, holding that case's key: `init(from:)` asks for the case's nested
///    container, keyed by the case's own `CodingKeys` (its labels, or `_0`, `_1`… for unlabelled
///    values), and the probe stops it there. A case of one label or none has zero-byte keys,
///    which cannot be listed: the labels are the keys its `init(from:)` then asks for, and none
///    when it returns a value.
///
/// Mapping then only reshapes: the input is turned into the payload values by Swift key, and
/// ``EnumCaseDecoder`` in reading mode hands each to the codec of its Swift type.
struct TaggedEnumPlan: Sendable {
    /// How a case's payload is laid out in the input.
    enum Payload: Sendable, Equatable {
        /// No associated values: the tag alone.
        case none
        /// One unlabelled value (`_0`): the content is the value itself.
        case single(key: String)
        /// Several unlabelled values (`_0`, `_1`…): the content is an array of them.
        case tuple(keys: [String])
        /// Labelled values: the content is an object of them, each under its external label.
        case labelled(keys: [String], external: [String])
    }

    struct Case: Sendable {
        /// The case's `CodingKeys` name (the Swift case name, unless a `CodingKeys` renames it).
        let name: String
        /// Its tag in the input.
        let tag: String
        let payload: Payload
        /// The type of a case's one unlabelled value, as its `init(from:)` asked for it.
        var singleType: Any.Type?
        /// The type of each payload value, by Swift key, as far as probing could follow
        /// `init(from:)` (``EnumCaseDecoder/Mode/typing(_:name:)``): what a schema describes.
        var types: [String: Any.Type] = [:]
        /// The payload values read with `decodeIfPresent`, which may be absent.
        var optionalKeys: Set<String> = []

        /// The path of the payload value under Swift key `key`, inside the content.
        func path(forKey key: String) -> [PathComponent] {
            switch payload {
            case .none, .single: []
            case .tuple(let keys): keys.firstIndex(of: key).map { [.index($0)] } ?? [.key(key)]
            case .labelled(let keys, let external): keys.firstIndex(of: key).map { [.key(external[$0])] } ?? [.key(key)]
            }
        }
    }

    let typeName: String
    let form: EnumTagging.Form
    let cases: [Case]
    let byTag: [String: Int]
    let byName: [String: Int]
    /// The fallback case for unknown tags, the Swift key of its `String` when it has one, and
    /// of its ``UnmappedValues`` (what it read, written back exactly) when it has that too.
    let fallback: (index: Int, key: String?, kept: String?)?

    /// The known tags, quoted, in declaration order (for messages): the fallback case has none,
    /// since it takes every tag no other case has, its own name included.
    var knownTags: [String] { cases.indices.filter { $0 != fallback?.index }.map { cases[$0].tag.debugDescription } }

    /// The plan of `type`, or the configuration error that says why it has none.
    static func make<Value: TaggedEnum>(for type: Value.Type) -> Result<TaggedEnumPlan, MappingError> {
        // Probed once per type: a codec is made per coercion mode, and a flattened enum asks too.
        if let made = made.withLock({ $0[ObjectIdentifier(type)] }) { return made }
        let plan = probe(type)
        made.withLock { $0[ObjectIdentifier(type)] = plan }
        return plan
    }

    /// The plans probed so far; a program has a fixed set of enum types.
    private static let made = Locked<[ObjectIdentifier: Result<TaggedEnumPlan, MappingError>]>([:])

    /// The plan of `type`, learnt from its synthesized `Codable` conformance (the steps above).
    private static func probe<Value: TaggedEnum>(_ type: Value.Type) -> Result<TaggedEnumPlan, MappingError> {
        let typeName = ValueDescription.typeName(type)
        func failure(_ message: String) -> Result<TaggedEnumPlan, MappingError> {
            .failure(MappingError(.configuration(type: typeName, message: message)))
        }
        let tagging = Value.tagging
        let probe = CaseProbe()
        _ = try? Value(from: EnumCaseDecoder(mode: .probing(probe, name: nil)))
        guard let names = probe.names, !names.isEmpty else {
            return failure("a TaggedEnum needs Swift's synthesized Codable conformance, keyed by its cases")
        }
        var cases: [Case] = []
        for name in names {
            probe.keys = []
            probe.types = [:]
            probe.returned = false
            do {
                _ = try Value(from: EnumCaseDecoder(mode: .probing(probe, name: name)))
                probe.returned = true
            } catch {}
            guard probe.returned || !probe.keys.isEmpty else {
                return failure("its synthesized init(from:) read case \(name) in a way a TaggedEnum cannot follow")
            }
            let payload = payload(of: probe.keys, labels: tagging.labels)
            var singleType: Any.Type?
            if case .single(let key) = payload { singleType = probe.types[key] }
            var entry = Case(name: name, tag: tagging.caseNames.key(for: name), payload: payload, singleType: singleType)
            if payload != .none {
                // Each value's type, for the schema: `init(from:)` run again, every value it asks
                // for answered with a placeholder, until one cannot be made.
                probe.types = [:]
                probe.optional = []
                _ = try? Value(from: EnumCaseDecoder(mode: .typing(probe, name: name)))
                entry.types = probe.types
                entry.optionalKeys = probe.optional
            }
            cases.append(entry)
        }
        var byTag: [String: Int] = [:]
        var byName: [String: Int] = [:]
        for (index, entry) in cases.enumerated() {
            byName[entry.name] = index
            // The fallback case is read for every tag no other case has: a real tag named like
            // it (Mastodon's media type "unknown") is one of those.
            if entry.name == tagging.fallback { continue }
            guard byTag.updateValue(index, forKey: entry.tag) == nil else {
                return failure("two cases have the tag \(entry.tag.debugDescription)")
            }
            if case .internal(let tag) = tagging.form, case .tuple = entry.payload {
                return failure("case \(entry.name) has several unlabelled values, which an object internally tagged by \(tag.debugDescription) has no place for")
            }
            if case .internal(let tag) = tagging.form, case .labelled(_, let external) = entry.payload, external.contains(tag) {
                return failure("case \(entry.name) has a label \(tag.debugDescription), the tag's own key")
            }
        }
        var fallback: (index: Int, key: String?, kept: String?)?
        if tagging.form == .untagged, let name = tagging.fallback {
            return failure("an untagged enum has no tags for unknownTags(as: \(name.debugDescription)) to take: a last case whose payload takes what no other case does is its fallback")
        }
        if let name = tagging.fallback {
            guard let index = byName[name] else {
                return failure("the fallback case \(name) is not one of its cases (\(names.joined(separator: ", ")))")
            }
            switch cases[index].payload {
            case .none: fallback = (index, nil, nil)
            case .single(let key): fallback = (index, key, nil)
            case .labelled(let keys, _) where keys.count == 1: fallback = (index, keys[0], nil)
            case .labelled(let keys, _) where keys.count == 2: fallback = (index, keys[0], keys[1])
            case .tuple(let keys) where keys.count == 2: fallback = (index, keys[0], keys[1])
            default:
                return failure("the fallback case \(name) must have no payload, one String for the tag, or a String and UnmappedValues for the tag and what was read")
            }
        }
        return .success(TaggedEnumPlan(
            typeName: typeName, form: tagging.form, cases: cases, byTag: byTag, byName: byName, fallback: fallback
        ))
    }

    private static func payload(of keys: [String], labels: KeyStrategy) -> Payload {
        if keys.isEmpty { return .none }
        if keys.enumerated().allSatisfy({ $0.element == "_\($0.offset)" }) {
            return keys.count == 1 ? .single(key: keys[0]) : .tuple(keys: keys)
        }
        return .labelled(keys: keys, external: keys.map(labels.key(for:)))
    }
}

/// What probing an enum's `init(from:)` found (``TaggedEnumPlan``'s steps).
final class CaseProbe {
    /// The case names, from the `CodingKeys` of the first container.
    var names: [String]?
    /// The Swift keys of the payload of the case probed.
    var keys: [String] = []
    /// `init(from:)` made a value: the case has no payload the probe had to stop at.
    var returned = false
    /// The types of the payload values the probe was asked to read (a case of one value; every
    /// value, typing).
    var types: [String: Any.Type] = [:]
    /// The Swift keys of the payload values read with `decodeIfPresent` (typing).
    var optional: Set<String> = []
}

/// Stops a probed `init(from:)` once it has said what the probe asked.
struct ProbeStop: Error {}

// MARK: JSON Schema

extension TaggedEnumPlan {
    /// The schema of the fallback case, with `tag` the schema of an unknown tag: the tag where
    /// the form puts it, anything beside it (the fallback reads no payload: it keeps the tag, and
    /// the whole object when it has an ``UnmappedValues``).
    func fallbackSchema(tag: [String: Any]) -> [String: Any] {
        switch form {
        case .external:
            return ["anyOf": [["type": "string"].merging(tag) { $1 }, ["type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": tag]]]
        case .internal(let tagKey), .adjacent(let tagKey, _):
            return ["type": "object", "required": [tagKey], "properties": [tagKey: tag]]
        case .untagged:
            return [:]
        }
    }

    /// The schema of one case, with `tag` the schema of its tag. Each payload value is
    /// described as a property of its type is (`value`: the schema of the type probing found
    /// for a Swift key; any value where it found none), required unless it is optional; under
    /// `closed` (``UndefinedKeyPolicy/raise`` where the enum sits), the objects the case reads
    /// allow no other keys, as ``refuseUndefinedKeys(of:in:)`` refuses them; under `emptyTextIsNil`
    /// (``TreeFlag/emptyStringsAsNil`` where the enum sits), an optional value takes `""` too.
    func schema(of entry: Case, tag: [String: Any], closed: Bool, emptyTextIsNil: Bool, value: (Any.Type) throws -> [String: Any]) throws -> [String: Any] {
        func payloadValue(_ key: String) throws -> [String: Any] {
            guard let type = entry.types[key] else { return [:] }
            let schema = try value(type)
            guard entry.optionalKeys.contains(key) else { return schema }
            let optional = OptionalSchema.of(schema)
            return emptyTextIsNil && !optional.isEmpty ? ["anyOf": [optional, ["const": ""]]] : optional
        }
        let requiredKeys = { (keys: [String]) in keys.filter { entry.types[$0] != nil && !entry.optionalKeys.contains($0) } }
        let content: [String: Any]?
        switch entry.payload {
        case .none: content = nil
        case .single(let key): content = try payloadValue(key)
        case .tuple(let keys):
            content = ["type": "array", "prefixItems": try keys.map(payloadValue), "minItems": keys.count, "maxItems": keys.count]
        case .labelled(let keys, let external):
            var object: [String: Any] = ["type": "object", "properties": Dictionary(uniqueKeysWithValues: try zip(external, keys.map(payloadValue)).map { ($0, $1) })]
            let required = requiredKeys(keys).compactMap { key in keys.firstIndex(of: key).map { external[$0] } }
            if !required.isEmpty { object["required"] = required }
            // (Internally tagged, the labels join the tag's object, which is closed there.)
            if closed { object["additionalProperties"] = false }
            content = object
        }
        // What a case without a payload reads where a payload would be: nothing, null, or `{}`.
        let nothing: [String: Any] = ["anyOf": [["type": "null"], ["type": "object", "maxProperties": 0]]]
        switch form {
        case .external:
            guard let content else {
                // The bare tag, or the tag as the one key over nothing.
                return ["anyOf": [
                    ["type": "string"].merging(tag) { $1 },
                    ["type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": tag, "additionalProperties": nothing],
                ]]
            }
            // The tag is the one key; its schema is the key's own (a const as `propertyNames`).
            return ["type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": tag, "additionalProperties": content]
        case .internal(let tagKey):
            var object: [String: Any] = ["type": "object", "required": [tagKey]]
            var properties: [String: Any] = [tagKey: tag]
            switch entry.payload {
            case .labelled, .none:
                // The labels are the object's own keys, beside the tag.
                if let labels = content?["properties"] as? [String: Any] { properties.merge(labels) { first, _ in first } }
                object["required"] = [tagKey] + (content?["required"] as? [String] ?? [])
                if closed { object["additionalProperties"] = false }
            case .single, .tuple:
                // One model's keys beside the tag, which its own policy judges.
                break
            }
            object["properties"] = properties
            return object
        case .untagged:
            // The payload alone; a case without one is null.
            return content ?? ["type": "null"]
        case .adjacent(let tagKey, let contentKey):
            var object: [String: Any] = ["type": "object"]
            if let content {
                object["properties"] = [tagKey: tag, contentKey: content]
                object["required"] = [tagKey, contentKey]
            } else {
                object["properties"] = [tagKey: tag, contentKey: nothing]
                object["required"] = [tagKey]
            }
            if closed { object["additionalProperties"] = false }
            return object
        }
    }
}
