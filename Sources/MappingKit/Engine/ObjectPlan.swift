/// A model type's mapping, compiled once: its properties' keys, codecs and offsets.
///
/// Running a plan does no string work beyond the dictionary lookups themselves and no reflection.
final class ObjectPlan: Sendable {
    let fields: [any FieldSlot]
    /// Classes are updated in place through the object; structs through their own bytes.
    let isObject: Bool
    private let stagingByteCount: Int
    private let stagingAlignment: Int

    init(fields: [any FieldSlot], isObject: Bool) {
        self.fields = fields
        self.isObject = isObject
        stagingByteCount = max(fields.map(\.endOffset).max() ?? 0, 1)
        stagingAlignment = max(fields.map(\.alignment).max() ?? 1, MemoryLayout<Int>.alignment)
    }

    /// Compiles the plan for `type` from its stored properties and `rules`, or throws the
    /// configuration's mistakes.
    static func compile(for type: Any.Type, rules: ConfigurationRules) throws -> ObjectPlan {
        let stored = FieldDiscovery.storedFields(of: type)
        var problems = rules.problems
        var ruleAtOffset: [Int: PropertyRule] = [:]
        for rule in rules.properties {
            switch rule.locator.offset(among: stored) {
            case .success(let offset):
                if let other = ruleAtOffset[offset] {
                    problems.append("\(rule.label) and \(other.label) name the same property")
                }
                ruleAtOffset[offset] = rule
            case .failure(let failure):
                problems.append(failure.message)
            }
        }
        guard problems.isEmpty else {
            throw MappingError(issues: problems.map {
                MappingError.Issue(problem: .configuration(type: ValueDescription.typeName(type), message: $0))
            })
        }
        let fields: [any FieldSlot] = stored.filter(\.isMappable).compactMap { field in
            let rule = ruleAtOffset[field.offset]
            if rule?.isIgnored == true { return nil }
            let keys = rule?.keys ?? [ExternalKey.literal(rules.keyStrategy.key(for: field.name))]
            func make<Value>(_: Value.Type) -> any FieldSlot {
                let codec = (rule?.makeCodec?() as? any ValueCodec<Value>) ?? CodecFactory.codec(for: Value.self, mode: rules.coercion)
                return TypedField<Value>(name: field.name, keys: FieldKeys(keys), offset: field.offset, codec: codec)
            }
            return make(field.type)
        }
        return ObjectPlan(fields: fields, isObject: type is AnyClass)
    }

    /// Decodes every mapped key of `dictionary`, then moves the values into `model`, or throws
    /// every problem found and leaves `model` untouched.
    func decode(_ dictionary: [String: Any], into model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try withUnsafeTemporaryAllocation(byteCount: stagingByteCount, alignment: stagingAlignment) { staging in
            try withUnsafeTemporaryAllocation(of: Bool.self, capacity: fields.count) { decoded in
                guard let staging = staging.baseAddress, let decoded = decoded.baseAddress else { return }
                var failure: MappingError?
                for (index, field) in fields.enumerated() {
                    var didDecode = false
                    if let key = field.keys.single {
                        if let input = dictionary[key] {
                            do {
                                try field.decode(input, into: staging, in: context)
                                didDecode = true
                            } catch {
                                failure.merge(MappingError.wrapping(error, at: .key(key)))
                            }
                        }
                    } else if let (input, key) = field.keys.value(in: dictionary) {
                        do {
                            try field.decode(input, into: staging, in: context)
                            didDecode = true
                        } catch {
                            failure.merge(MappingError.wrapping(error, at: FieldKeys.pathComponents(of: key, in: dictionary)))
                        }
                    }
                    (decoded + index).initialize(to: didDecode)
                }
                for (index, field) in fields.enumerated() where decoded[index] {
                    if failure == nil {
                        field.commit(from: staging, to: model)
                    } else {
                        field.discard(staging)
                    }
                }
                if let failure { throw failure }
            }
        }
    }

    /// The dictionary representation of `model`; `nil` optionals are left out.
    func encode(_ model: UnsafeRawPointer, in context: MappingContext) throws -> [String: Any] {
        var result: [String: Any] = Dictionary(minimumCapacity: fields.count)
        var failure: MappingError?
        for field in fields {
            let key = field.keys.all[0]
            do {
                if let value = try field.encode(from: model, in: context) {
                    if let single = field.keys.single {
                        if result[single] == nil { result[single] = value }
                    } else {
                        FieldKeys.write(value, at: key, into: &result)
                    }
                }
            } catch {
                failure.merge(MappingError.wrapping(error, at: key.components.map(PathComponent.key)))
            }
        }
        if let failure { throw failure }
        return result
    }
}
