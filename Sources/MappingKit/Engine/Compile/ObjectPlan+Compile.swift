extension ObjectPlan {
    /// The stored fields of `type` a plan maps: a class's own and those of its superclasses that
    /// adopt `Mappable`, not those declared above, by a superclass that does not (`Operation`'s
    /// `__queue`, `__lock`…, which no configuration can name), as Codable's synthesized
    /// conformance of a subclass covers only the subclass's own properties.
    static func mappedFields(of type: any Mappable.Type) -> [StoredField] {
        let fields = FieldDiscovery.storedFields(of: type)
        guard var boundary = type as? AnyClass else { return fields }
        while let superclass = _getSuperclass(boundary), superclass is any Mappable.Type {
            boundary = superclass
        }
        guard let above = _getSuperclass(boundary) else { return fields }
        return Array(fields.dropFirst(FieldDiscovery.storedFields(of: above).count))
    }

    /// Compiles the plan for `type` from its stored properties and `rules`, or throws the
    /// configuration's mistakes.
    static func compile(for type: any Mappable.Type, rules: ConfigurationRules) throws -> ObjectPlan {
        let stored = PropertyConventions.apply(to: mappedFields(of: type))
        var problems = rules.problems
        // Rules by the field they are about, named by offset and type (``FieldID``).
        var ruleAtOffset: [FieldID: PropertyRule] = [:]
        var ruleIndexAtOffset: [FieldID: Int] = [:]
        for (ruleIndex, rule) in rules.properties.enumerated() {
            switch rule.locator.offset(among: stored) {
            case .success(let found):
                guard let located = stored.first(where: { $0.offset == found && rule.locator.accepts($0) }) else { continue }
                let offset = FieldID(located)
                if let other = ruleAtOffset[offset] {
                    if (other.depth, other.layer) > (rule.depth, rule.layer) { continue }
                    if (other.depth, other.layer) == (rule.depth, rule.layer) {
                        problems.append("\(rule.label) and \(other.label) name the same property")
                    }
                }
                if let makeCodec = rule.makeCodec, case let field = located,
                   case let valueType = rule.accessor?.valueType ?? field.valueType,
                   !Self.fits(makeCodec(valueType, rules.coercion), valueType) {
                    let name = rule.adapterName ?? ""
                    problems.append(rule.codec == RuleIdentity("named:\(name)") && NamedAdapters.adapter(named: name) == nil
                        ? "no adapter is registered as \(name)"
                        : "adapter \(name) does not fit \(field.name), a \(ValueDescription.typeName(field.type))")
                }
                ruleAtOffset[offset] = rule
                ruleIndexAtOffset[offset] = ruleIndex
            case .failure(let failure):
                problems.append(failure.message)
            }
        }
        let isStash = { (field: StoredField) in ObjectIdentifier(field.type) == ObjectIdentifier(UnmappedValues.self) }
        let stash = stored.first { $0.isMappable && isStash($0) }.map { field in
            TypedField<UnmappedValues>(name: field.name, keys: FieldKeys([]), offset: field.offset, codec: Codec.erasing(UnsupportedCodec()))
        }
        var representedOffsets: Set<Int>?
        if let subset = rules.output.represented {
            representedOffsets = []
            for property in subset {
                switch property.locator.offset(among: stored) {
                case .success(let offset): representedOffsets?.insert(offset)
                case .failure(let failure): problems.append(failure.message)
                }
            }
        }
        for (field, message) in PropertyConventions.unreachableWrappers(in: stored, model: type) where ruleAtOffset[FieldID(field)] == nil {
            problems.append(message)
        }
        problems += Self.sharedNames(among: stored)
        for field in stored where field.isConstant && ruleAtOffset[FieldID(field)]?.isIgnored != true {
            problems.append("""
                \\\(ValueDescription.typeName(type)).\(field.name) is a `let`, which MappingKit never sets (Swift may assume it keeps \
                its initial value): declare it `var` to map it, or `map.ignore(\\.\(field.name))` to leave it as `init()` makes it
                """)
        }
        let identityOffsets = identityOffsets(rules: rules, stored: stored, ruleAtOffset: ruleAtOffset, problems: &problems)
        let mappedKeys = rules.properties.filter { !$0.isIgnored }.flatMap { $0.keys ?? [] }
        problems += containerConflicts(among: mappedKeys + rules.hooks.keyHandlers.flatMap(\.keys.all))
        guard problems.isEmpty else {
            throw MappingError(issues: problems.map {
                MappingError.Issue(problem: .configuration(type: ValueDescription.typeName(type), message: $0))
            })
        }
        // Each array made at its full size, and no array of the stored fields copied: what a
        // first mapping writes is mostly fresh memory, and growing or copying an array writes
        // it twice.
        var offsets: [Int] = []
        var optionals: [IndexedField] = []
        var merging: [IndexedField] = []
        var fieldRules: [Int?] = []
        var fields: [any FieldSlot] = []
        offsets.reserveCapacity(stored.count)
        fieldRules.reserveCapacity(stored.count)
        fields.reserveCapacity(stored.count)
        var sides = SideSlots(after: stored)
        var unobserved: [String] = []
        for field in stored where field.isMappable && ObjectIdentifier(field.type) != ObjectIdentifier(UnmappedValues.self) {
            // Most models have no rules: no lookup, no copy of an empty rule.
            let rule = ruleAtOffset.isEmpty ? nil : ruleAtOffset[FieldID(field)]
            if rule?.isIgnored == true { continue }
            offsets.append(field.offset)
            if field.isOptional { optionals.append((fields.count, field)) }
            fieldRules.append(ruleIndexAtOffset.isEmpty ? nil : ruleIndexAtOffset[FieldID(field)])
            if case .tracked = field.storage, rule?.accessor == nil { unobserved.append(field.name) }
            let slot = Self.slot(for: field, rule: rule, rules: rules, sides: &sides)
            if rules.missingKeys == .raise, rule?.defaults.whenMissing == nil, rule?.allowsMissing != true {
                // An optional's absent key is `nil`, as `decodeIfPresent` gives it, whatever
                // its declared value.
                if FieldDiscovery.isOptional(slot.valueType) { slot.nilsWhenMissing = true } else { slot.requiresKey = true }
            }
            let holdsModel = slot.mergesUpdates && ObjectIdentifier(field.type) == ObjectIdentifier(slot.valueType) && Self.readsModel(slot.valueShape)
            slot.holdsModel = holdsModel
            if holdsModel { merging.append((fields.count, field)) }
            fields.append(slot)
        }
        // A property no conversion reaches is a mistake to fix now, not when its key first
        // arrives (or the model is first written).
        let unsupported = fields.filter { !$0.isSupported }
        guard unsupported.isEmpty else {
            let model = ValueDescription.typeName(type)
            throw MappingError(issues: unsupported.map { field in
                let name = field.name
                let valueType = stored.first { $0.offset == field.offset }.map { ValueDescription.typeName($0.valueType) } ?? "its type"
                let message = """
                    \\\(model).\(name) is a \(valueType), which MappingKit cannot convert: map it with an adapter \
                    (`map.map(\\.\(name), using: …)`), make \(valueType) Codable, or ignore it (`map.ignore(\\.\(name))`)
                    """
                return MappingError.Issue(problem: .configuration(type: model, message: message))
            })
        }
        for (field, merges) in zip(fields, Self.modelsWithDefaults(of: type, among: merging, count: fields.count)) where merges {
            field.mergesDefault = true
        }
        return ObjectPlan(
            fields: fields,
            type: type,
            stash: stash,
            output: rules.output,
            represented: representedOffsets.map { subset in offsets.map(subset.contains) },
            hooks: rules.hooks,
            fieldRules: fieldRules,
            rulesID: rules.id,
            identity: identityOffsets.map { $0.compactMap { offsets.firstIndex(of: $0) } },
            unobserved: unobserved,
            // Nothing to hand down to when no field can reach a nested model: a top-level model
            // then keeps its caller's context instead of copying it (a tenth of mapping a
            // one-property model).
            handedDown: fields.contains { Self.mayReachModels($0.valueShape) } ? rules.handedDown : nil,
            inheritsPolicies: rules.inheritsPolicies,
            flags: rules.flags,
            writesNullWhenNil: Self.optionalsWithDefaults(of: type, among: optionals, count: fields.count)
        )
    }

    /// Two stored properties that the source declares under one name (`_name`, the storage of
    /// a wrapper, beside a `name` of its own): neither could be told from the other by its key.
    private static func sharedNames(among stored: [StoredField]) -> [String] {
        // Stored properties' own names are unique: only a name taken from storage (`_name` as
        // `name`) can meet another, and most models have none (no dictionary to hash them into).
        guard stored.contains(where: { $0.isMappable && $0.name != $0.storageName }) else { return [] }
        var storageByName: [String: String] = [:]
        var problems: [String] = []
        for field in stored where field.isMappable {
            if let other = storageByName[field.name] {
                problems.append("\(other) and \(field.storageName) are both the property \(field.name)")
            }
            storageByName[field.name] = field.storageName
        }
        return problems
    }

    /// The offsets of the identity's properties, checked: each must be a mapped, `Hashable`,
    /// non-optional stored property.
    private static func identityOffsets(
        rules: ConfigurationRules,
        stored: [StoredField],
        ruleAtOffset: [FieldID: PropertyRule],
        problems: inout [String]
    ) -> [Int]? {
        guard let identity = rules.hooks.identity else { return nil }
        var offsets: [Int] = []
        for property in identity {
            switch property.locator.offset(among: stored) {
            case .success(let offset):
                guard let field = stored.first(where: { $0.offset == offset && property.locator.accepts($0) }) else { continue }
                if ruleAtOffset[FieldID(field)]?.isIgnored == true { problems.append("identity property \(property.label) is ignored") }
                if !(field.type is any Hashable.Type) {
                    problems.append("identity property \(property.label) is a \(ValueDescription.typeName(field.type)), which is not Hashable")
                } else if field.type is any OptionalValue.Type {
                    problems.append("identity property \(property.label) is optional; a primary key must always have a value")
                }
                if offsets.contains(offset) { problems.append("identity names \(property.label) twice") }
                offsets.append(offset)
            case .failure(let failure):
                problems.append(failure.message)
            }
        }
        return offsets
    }

    /// The field for the stored property `field`, with its rule if it has one. A property
    /// without one (the common case) takes a path of its own that never copies a rule or
    /// defaults: in unspecialized code each copy goes through the runtime's value witnesses.
    private static func slot(for field: StoredField, rule: PropertyRule?, rules: ConfigurationRules, sides: inout SideSlots) -> any FieldSlot {
        func wrapped(_ wrapper: any MappableWrapper.Type, rule: PropertyRule?) -> any FieldSlot {
            let keys = Self.keys(of: rule, name: field.name, rules: rules)
            let side = sides.next(for: wrapper.wrappedType)
            return wrapper.makeField(name: field.name, keys: keys, offset: field.offset, side: side, rule: rule, rules: rules)
        }
        guard let rule else {
            if case .wrapper(let wrapper) = field.storage { return wrapped(wrapper, rule: nil) }
            let keys = FieldKeys(literal: rules.keyStrategy.key(for: field.name))
            func plain<Value>(_: Value.Type) -> any FieldSlot {
                TypedField<Value>(
                    name: field.name, keys: keys, offset: field.offset,
                    codec: CodecFactory.codec(for: Value.self, rules: rules)
                )
            }
            return plain(field.type)
        }
        if let accessor = rule.accessor {
            // Storage of another type than the property (`_score`, a `Published<Int>`, behind
            // `score`) is a wrapper's: the property is the name without the underscore.
            let name = ObjectIdentifier(field.valueType) == ObjectIdentifier(accessor.valueType)
                ? field.name : PropertyConventions.declaredName(of: field.storageName) ?? field.name
            let keys = Self.keys(of: rule, name: name, rules: rules)
            let side = sides.next(for: accessor.valueType)
            return accessor.makeField(name: name, keys: keys, offset: field.offset, side: side, rule: rule, rules: rules)
        }
        if case .wrapper(let wrapper) = field.storage { return wrapped(wrapper, rule: rule) }
        let keys = Self.keys(of: rule, name: field.name, rules: rules)
        func ruled<Value>(_: Value.Type) -> any FieldSlot {
            TypedField<Value>(name: field.name, keys: keys, offset: field.offset, rule: rule, rules: rules)
        }
        return ruled(field.type)
    }

    /// The keys of the property `name` under `rule`: its configured keys, its reserved key when
    /// it is flattened, else its name under the key strategy.
    private static func keys(of rule: PropertyRule?, name: String, rules: ConfigurationRules) -> FieldKeys {
        if rule?.flattens == true { return FieldKeys(flattened: name) }
        return rule?.keys.map(FieldKeys.init) ?? FieldKeys(literal: rules.keyStrategy.key(for: name))
    }

    /// Keys that need an array and a dictionary at the same place (`a.0` and `a.b`): one of them
    /// could never be written back.
    private static func containerConflicts(among keys: [ExternalKey]) -> [String] {
        var seen: [ArraySlice<ExternalKey.Step>: ExternalKey] = [:]
        var problems: [String] = []
        for key in keys {
            for position in key.steps.indices.dropFirst() {
                let prefix = key.steps[..<position]
                guard let other = seen[prefix] else {
                    seen[prefix] = key
                    continue
                }
                let isIndex = { (key: ExternalKey) in
                    if case .index = key.steps[position] { true } else { false }
                }
                if isIndex(other) != isIndex(key) {
                    let path = ExternalKey(steps: Array(prefix))
                    problems.append("keys \(other) and \(key) disagree on whether \(path) is an array or a dictionary")
                }
            }
        }
        return problems
    }

    /// Whether a value of `shape` may hold a nested model: anything but scalars and containers
    /// of scalars (an untyped value, an adapter's, a relationship, a `Decodable` may).
    private static func mayReachModels(_ shape: ValueShape) -> Bool {
        switch shape.kind {
        case .bool, .int, .double, .string, .decimal, .date, .data: false
        case .optional, .array, .dictionary: shape.inner.map(mayReachModels) ?? true
        case .model, .untyped, .decodable: true
        }
    }

    /// Whether a codec that reads `shape` reads a nested model, or an optional one. (Told by its
    /// shape: asking the runtime whether the type conforms to `Mappable` would scan every
    /// conformance in the process, once per type.)
    private static func readsModel(_ shape: ValueShape) -> Bool {
        shape.kind == .model || (shape.kind == .optional && shape.inner?.kind == .model)
    }

    /// `true` when `codec` converts values of `type`.
    private static func fits(_ codec: Any?, _ type: Any.Type) -> Bool {
        func check<Value>(_: Value.Type) -> Bool { codec is Codec<Value> }
        return check(type)
    }
}

/// Staging slots for properties reached through accessors (``IndirectField``), past every
/// stored property of the model: their values need not have their storage's type or size.
struct SideSlots {
    private let stored: [StoredField]
    /// Found when the first slot is asked for: most models have none.
    private var end: Int?

    init(after stored: [StoredField]) {
        self.stored = stored
    }

    /// The offset of a new slot for a value of `type`.
    mutating func next(for type: Any.Type) -> Int {
        let end = end ?? stored.map { $0.offset + LayoutOf.size($0.type) }.max() ?? 0
        let alignment = LayoutOf.alignment(type)
        let offset = (end + alignment - 1) / alignment * alignment
        self.end = offset + LayoutOf.size(type)
        return offset
    }
}

extension StoredField {
    /// The type of the property's value: a wrapper's wrapped value, else the field's own type.
    var valueType: Any.Type {
        if case .wrapper(let wrapper) = storage { return wrapper.wrappedType }
        return type
    }
}
