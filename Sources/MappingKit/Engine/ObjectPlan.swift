/// A model type's mapping, compiled once: its properties' keys, codecs and offsets.
///
/// Running a plan does no string work beyond the dictionary lookups themselves and no reflection.
final class ObjectPlan: Sendable {
    let fields: [any FieldSlot]
    /// Classes are updated in place through the object; structs through their own bytes.
    let isObject: Bool
    /// The model type the plan is for.
    let modelType: ObjectIdentifier
    let hooks: ConfigurationHooks
    private let stagingByteCount: Int
    private let stagingAlignment: Int

    init(fields: [any FieldSlot], type: Any.Type, hooks: ConfigurationHooks = ConfigurationHooks()) {
        self.fields = fields
        isObject = type is AnyClass
        modelType = ObjectIdentifier(type)
        self.hooks = hooks
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
                if let makeCodec = rule.makeCodec, let field = stored.first(where: { $0.offset == offset }),
                   !Self.fits(makeCodec(field.type), field.type) {
                    let name = rule.adapterName ?? ""
                    problems.append(rule.codecIdentity == "named:\(name)" && NamedAdapters.adapter(named: name) == nil
                        ? "no adapter is registered as \(name)"
                        : "adapter \(name) does not fit \(field.name), a \(ValueDescription.typeName(field.type))")
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
                let codec = (rule?.makeCodec?(Value.self) as? any ValueCodec<Value>)
                    ?? CodecFactory.codec(for: Value.self, mode: rules.coercion)
                return TypedField<Value>(
                    name: field.name,
                    keys: FieldKeys(keys),
                    offset: field.offset,
                    codec: codec,
                    defaults: rule?.defaults ?? FieldDefaults(),
                    requirements: (rule?.requirements as? [Requirement<Value>]) ?? []
                )
            }
            return make(field.type)
        }
        return ObjectPlan(fields: fields, type: type, hooks: rules.hooks)
    }

    /// `true` when `codec` converts values of `type`.
    private static func fits(_ codec: Any?, _ type: Any.Type) -> Bool {
        func check<Value>(_: Value.Type) -> Bool { codec is any ValueCodec<Value> }
        return check(type)
    }

    /// Decodes every mapped key of `dictionary` and commits the values to `model`, then runs
    /// `finish` (the hooks). When anything throws, every problem found is reported and `model`
    /// is left as it was.
    func decode(
        _ dictionary: [String: Any],
        into model: UnsafeMutableRawPointer,
        in context: MappingContext,
        finish: () throws -> Void
    ) throws {
        // One allocation on the stack: the staged values, then a flag per field saying whether
        // it holds one. (Nested models recurse through here: every frame counts.)
        try withUnsafeTemporaryAllocation(byteCount: stagingByteCount + fields.count, alignment: stagingAlignment) { buffer in
                guard let staging = buffer.baseAddress else { return }
                let staged = (staging + stagingByteCount).bindMemory(to: Bool.self, capacity: fields.count)
                var failure: MappingError?
                for (index, field) in fields.enumerated() {
                    let input: Any?
                    if let key = field.keys.single { input = dictionary[key] } else { input = field.keys.value(in: dictionary)?.value }
                    do {
                        if let input {
                            try field.decode(input, into: staging, in: context)
                            (staged + index).initialize(to: true)
                        } else {
                            (staged + index).initialize(to: try field.decodeMissing(into: staging))
                        }
                    } catch {
                        (staged + index).initialize(to: false)
                        failure.merge(MappingError.wrapping(error, at: field.keys.errorPath(in: dictionary)))
                    }
                }
                defer {
                    for (index, field) in fields.enumerated() where staged[index] { field.discard(staging) }
                }
                if let failure { throw failure }
                guard !hooks.isEmpty else {
                    for (index, field) in fields.enumerated() where staged[index] { field.swap(staging, model) }
                    return
                }
                try commitWithHooks(staging: staging, staged: staged, model: model, finish: finish)
        }
    }

    /// Hooks may change any property: every mapped property is backed up before the staged
    /// values go in, and restored if a hook throws.
    private func commitWithHooks(
        staging: UnsafeMutableRawPointer,
        staged: UnsafeMutablePointer<Bool>,
        model: UnsafeMutableRawPointer,
        finish: () throws -> Void
    ) throws {
        try withUnsafeTemporaryAllocation(byteCount: stagingByteCount, alignment: stagingAlignment) { buffer in
            guard let backup = buffer.baseAddress else { return }
            for field in fields { field.back(up: model, into: backup) }
            for (index, field) in fields.enumerated() where staged[index] { field.swap(staging, model) }
            do {
                try finish()
            } catch {
                for field in fields { field.restore(model, from: backup) }
                throw error
            }
            for field in fields { field.discard(backup) }
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
