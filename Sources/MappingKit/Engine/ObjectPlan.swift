import Foundation

/// A model type's mapping, compiled once: its properties' keys, codecs and offsets.
///
/// Running a plan does no string work beyond the dictionary lookups themselves and no reflection.
final class ObjectPlan: Sendable {
    let fields: [any FieldSlot]
    /// The same fields' hot calls, held without retaining: the loops that run for every
    /// property call through these.
    let fieldRefs: [FieldRef]
    /// The model's `UnmappedValues` property, where `.stash` keeps undefined keys.
    let stash: TypedField<UnmappedValues>?
    /// Every key the plan reads, for finding the undefined ones (made when a policy needs it).
    var consumed: ConsumedKeys { consumedKeys.value }
    private let consumedKeys: LazyValue<ConsumedKeys>
    let output: OutputPolicies
    /// Which fields the dictionary representation writes (all, unless a subset is registered).
    let represented: [Bool]
    /// Each field's key when it is a single plain key (the common case), looked up directly.
    let singleKeys: [String?]
    /// Two properties write the same key: the first one written must be kept.
    let sharesKeys: Bool
    /// Each field's key, when every field is represented and writes one key of its own.
    let plainKeys: [String]?
    /// An empty dictionary with room for every field, copied for each representation (never
    /// mutated, so safe to share; made once, the copies need no runtime metadata lookup).
    nonisolated(unsafe) let emptyOutput: [String: Any]
    /// The model's type, named in messages (``modelName``).
    let modelType: Any.Type
    /// Classes are updated in place through the object; structs through their own bytes.
    let isObject: Bool
    let hooks: ConfigurationHooks
    /// `hooks.isEmpty` and `hooks.willMap.isEmpty`, and the configuration's undefined-key
    /// policy, kept as plain values: reading them from their structs retains every array in them.
    let hasHooks: Bool
    let hasWillMap: Bool
    let hasFactory: Bool
    /// A fresh model may be decoded straight into (``decodeInPlace(_:into:in:)``): a struct,
    /// with no hooks that must see it before or after.
    let decodesInPlace: Bool
    /// Every field reads one top-level key of its own: a dictionary's entries can be matched
    /// to fields by walking them (``decodeWalkingKeys(_:into:in:)``).
    let walksKeys: Bool
    let undefinedKeys: UndefinedKeyPolicy
    /// The indexes of the fields that make up the primary key, when the type declares one.
    let identity: [Int]?
    let stagingByteCount: Int
    let stagingAlignment: Int
    /// For each field, the index of the configuration rule it was compiled from.
    private let fieldRules: [Int?]
    /// The ``ConfigurationRules/id`` of the rules whose closures and values the plan holds.
    let rulesID: Int
    /// Which fields read a top-level key of their own, by the key's bytes (made when first needed).
    var directKeys: DirectKeys { directKeyTable.value }
    private let directKeyTable: LazyValue<DirectKeys>
    /// What each format works out for this plan (``PlanLayout``), made when the format first meets it.
    let layouts: PlanLayouts
    /// The declared names of an `@Observable` class's tracked properties that are not set through
    /// their accessors (``MappingConfiguration/Builder/observed(_:)``): updating such a model in
    /// place would not tell its observers, so it is refused.
    let unobserved: [String]
    /// Per field, `true` for an optional whose value in a fresh model is not `nil`
    /// (`var count: Int? = 5`): its `nil` is written as `null`, since an absent key would read
    /// back as the default. Empty when no field is such.
    let writesNullWhenNil: [Bool]
    /// The key strategy this model hands down to nested types that set none.
    let handedDownKeyStrategy: InheritedKeyStrategy?
    /// The rules took their key strategy from a parent or a mapper (where ``RecentPlans`` keeps the plan).
    let inheritsKeyStrategy: Bool
    /// Whether the model type reads and writes through MappingKit's own implementations
    /// (shared with every plan bound from this one: it is the type's, not the rules').
    let defaults: DefaultPaths

    init(
        fields: [any FieldSlot],
        type: Any.Type,
        stash: TypedField<UnmappedValues>? = nil,
        output: OutputPolicies = OutputPolicies(),
        represented: [Bool]? = nil,
        hooks: ConfigurationHooks = ConfigurationHooks(),
        fieldRules: [Int?] = [],
        rulesID: Int = -1,
        identity: [Int]? = nil,
        unobserved: [String] = [],
        handedDownKeyStrategy: KeyStrategy? = nil,
        inheritsKeyStrategy: Bool = false,
        writesNullWhenNil: [Bool] = []
    ) {
        self.writesNullWhenNil = writesNullWhenNil
        self.handedDownKeyStrategy = handedDownKeyStrategy.map(InheritedKeyStrategy.of)
        self.inheritsKeyStrategy = inheritsKeyStrategy
        self.identity = identity
        self.unobserved = unobserved
        self.fieldRules = fieldRules
        self.rulesID = rulesID
        self.fields = fields
        fieldRefs = fields.map(FieldRef.init)
        self.stash = stash
        self.output = output
        self.represented = represented ?? Array(repeating: true, count: fields.count)
        let layout = KeyLayout(fields)
        singleKeys = layout.singleKeys
        sharesKeys = layout.sharesKeys
        plainKeys = !sharesKeys && layout.plainKeys.count == fields.count && self.represented.allSatisfy { $0 } ? layout.plainKeys : nil
        emptyOutput = Dictionary(minimumCapacity: fields.count)
        modelType = type
        isObject = type is AnyClass
        self.hooks = hooks
        hasHooks = !hooks.isEmpty
        hasWillMap = !hooks.willMap.isEmpty
        hasFactory = hooks.factory != nil
        decodesInPlace = !isObject && !hasHooks
        walksKeys = !fields.isEmpty && layout.plainKeys.count == fields.count && !sharesKeys && hooks.keyHandlers.isEmpty
        undefinedKeys = output.undefinedKeys
        consumedKeys = LazyValue {
            var consumed = ConsumedKeys()
            for key in fields.flatMap(\.keys.all) + hooks.keyHandlers.flatMap(\.keys.all) {
                consumed.insert(key.steps[...])
            }
            return consumed
        }
        stagingByteCount = max(layout.endOffset, stash?.endOffset ?? 0, 1)
        stagingAlignment = max(layout.alignment, stash?.alignment ?? 1, MemoryLayout<Int>.alignment)
        directKeyTable = LazyValue { DirectKeys(fields: fields, hooks: hooks) }
        layouts = PlanLayouts()
        defaults = DefaultPaths()
    }

    /// A copy of `template` holding `fields` and `hooks`, bound to the rules numbered `rulesID`.
    private init(binding template: ObjectPlan, fields: [any FieldSlot], hooks: ConfigurationHooks, rulesID: Int) {
        self.fields = fields
        fieldRefs = fields.map(FieldRef.init)
        self.hooks = hooks
        hasHooks = !hooks.isEmpty
        hasWillMap = !hooks.willMap.isEmpty
        hasFactory = hooks.factory != nil
        undefinedKeys = template.undefinedKeys
        identity = template.identity
        unobserved = template.unobserved
        handedDownKeyStrategy = template.handedDownKeyStrategy
        inheritsKeyStrategy = template.inheritsKeyStrategy
        writesNullWhenNil = template.writesNullWhenNil
        self.rulesID = rulesID
        stash = template.stash
        consumedKeys = template.consumedKeys
        output = template.output
        represented = template.represented
        singleKeys = template.singleKeys
        sharesKeys = template.sharesKeys
        plainKeys = template.plainKeys
        emptyOutput = template.emptyOutput
        modelType = template.modelType
        isObject = template.isObject
        decodesInPlace = !isObject && !hasHooks
        walksKeys = template.walksKeys && hooks.keyHandlers.isEmpty
        stagingByteCount = template.stagingByteCount
        stagingAlignment = template.stagingAlignment
        fieldRules = template.fieldRules
        directKeyTable = template.directKeyTable
        layouts = PlanLayouts(template: template.layouts)
        defaults = template.defaults
    }

    /// The model type's name, for messages: made when one is needed (naming a type demangles
    /// it, which costs more than compiling the rest of a plan).
    var modelName: String {
        ValueDescription.typeName(modelType)
    }

    /// A fresh model can be made with `init()` and mapped with this plan directly in `context`:
    /// the type is known to use MappingKit's own `update(from:configuration:)`, and has no
    /// factory, and no identity when `context` is an import's (which may hand back a stored model
    /// instead; outside an import an identity changes nothing).
    func builds(in context: MappingContext) -> Bool {
        defaults.updatesByDefault && !hasFactory && (identity == nil || context.session == nil)
    }

    /// `dictionary` as the `willMap` hooks rewrite it, in order; their errors are wrapped.
    func rewritten(_ dictionary: [String: Any]) throws -> [String: Any] {
        var input = dictionary
        for hook in hooks.willMap {
            do {
                input = try hook.transform(input)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
        return input
    }

    /// This plan with the closures and values of `rules` (which have the same structure as
    /// the rules it was compiled from) in place of its own: no reflection, no checks, one new
    /// field for each rule that holds an adapter, a default or a requirement.
    func bound(to rules: ConfigurationRules) -> ObjectPlan {
        guard rules.id != rulesID else { return self }
        var fields = self.fields
        for (index, ruleIndex) in fieldRules.enumerated() {
            guard let ruleIndex, rules.properties.indices.contains(ruleIndex), rules.properties[ruleIndex].needsBinding else {
                continue
            }
            fields[index] = fields[index].rebound(to: rules.properties[ruleIndex], coercion: rules.coercion)
        }
        return ObjectPlan(binding: self, fields: fields, hooks: rules.hooks, rulesID: rules.id)
    }

    /// Applies the undefined-key policy: `.raise` adds a problem for every undefined key;
    /// `.stash` hands their values to `stage`, or reports that the model has nowhere to keep them.
    func checkUndefinedKeys(
        of dictionary: [String: Any],
        _ policy: UndefinedKeyPolicy,
        in context: MappingContext,
        failure: inout MappingError?,
        stage: (UnmappedValues) -> Void
    ) {
        switch policy {
        case .drop:
            guard let report = context.report else { return }
            for (path, value) in consumed.undefinedKeys(in: dictionary, alsoConsumed: context.discriminator) {
                report.record(.droppedUndefinedKey, at: path, found: ValueDescription.describe(value))
            }
        case .raise:
            for (path, value) in consumed.undefinedKeys(in: dictionary, alsoConsumed: context.discriminator) {
                let problem = MappingError(.undefinedKey(model: modelName, found: ValueDescription.describe(value)))
                failure.merge(MappingError.wrapping(problem, at: path))
            }
        case .stash:
            guard stash != nil else {
                let message = "\(modelName) has no UnmappedValues property to stash undefined keys in"
                failure.merge(MappingError(.configuration(type: modelName, message: message)))
                return
            }
            stage(UnmappedValues(consumed.remainder(of: dictionary, alsoConsumed: context.discriminator)))
        }
    }

    /// Decodes every mapped key of `dictionary` and commits the values to `model`, then runs
    /// `finish` (the hooks). When anything throws, every problem found is reported and `model`
    /// is left as it was.
    func decode(
        _ dictionary: [String: Any],
        into model: UnsafeMutableRawPointer,
        in context: MappingContext,
        finish: ([String: Any]) throws -> Void
    ) throws {
        let context = context.handingDown(handedDownKeyStrategy)
        try stage(into: model, in: context, finish: finish) { staging, failure in
            for index in fields.indices {
                guard let problem = stageField(index, from: dictionary, into: staging, in: context) else { continue }
                failure.merge(problem)
                if problem.isFatal { break }
            }
            return dictionary
        }
    }

    /// Stages field `index` from `dictionary`: its value, or its default when its keys are
    /// absent. Returns the problem, with its path, when there is one.
    func stageField(_ index: Int, from dictionary: [String: Any], into staging: Staging, in context: MappingContext) -> MappingError? {
        withInput(index, in: dictionary, context: context) { field, input in
            if let input {
                let ref = fieldRefs[index]
                if !ref.leaf.decode(input, at: staging.buffer + ref.offset, initializing: true) {
                    try field.decode(input, into: staging.buffer, in: context)
                }
                staging.staged[index] = true
            } else {
                staging.staged[index] = try field.decodeMissing(into: staging.buffer, createsModel: !context.updatesInPlace)
                if staging.staged[index], let report = context.report {
                    report.record(.defaultedWhenMissing(fields[index].defaults.missingDescription), found: "nothing")
                }
            }
        }
    }

    /// Runs `body` with field `index`'s calls and its value in `dictionary` (`nil` when its
    /// keys are absent). Returns the problem, with its path, when there is one.
    @inline(__always)
    private func withInput(
        _ index: Int,
        in dictionary: [String: Any],
        context: MappingContext,
        _ body: (FieldCalls, Any?) throws -> Void
    ) -> MappingError? {
        let input: Any?
        do {
            // Errors of a key path's containers carry their own path.
            if let key = singleKeys[index] { input = dictionary[key] } else { input = try fields[index].keys.value(in: dictionary)?.value }
        } catch {
            return MappingError.wrapping(error, at: [])
        }
        do {
            if let report = context.report {
                try report.within(fields[index].keys.errorPath(in: dictionary)) {
                    try fieldRefs[index].calls._withUnsafeGuaranteedRef { try body($0, input) }
                }
            } else {
                try fieldRefs[index].calls._withUnsafeGuaranteedRef { try body($0, input) }
            }
            return nil
        } catch {
            return MappingError.wrapping(error, at: fields[index].keys.errorPath(in: dictionary))
        }
    }

    /// Decodes `dictionary` straight into `model`, a fresh struct that is thrown away when this
    /// throws: nothing to stage, so nothing to commit (``decodesInPlace`` plans only). Every
    /// problem found is reported, as by ``decode(_:into:in:finish:)``.
    func decodeInPlace(_ dictionary: [String: Any], into model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let context = context.handingDown(handedDownKeyStrategy)
        var failure: MappingError?
        // Walking the entries costs a little per entry, a lookup more per field: walk when the
        // dictionary has not many more keys than the plan reads.
        if walksKeys, dictionary.count <= 2 * fields.count {
            failure = decodeWalkingKeys(dictionary, into: model, in: context)
        } else {
            for index in fields.indices {
                guard let problem = decodeFieldInPlace(index, from: dictionary, into: model, in: context) else { continue }
                failure.merge(problem)
                if problem.isFatal { break }
            }
        }
        let policy = context.undefinedKeys ?? undefinedKeys
        if policy != .drop, failure?.isFatal != true {
            checkUndefinedKeys(of: dictionary, policy, in: context, failure: &failure) { stash in
                guard let slot = self.stash else { return }
                (model + slot.offset).assumingMemoryBound(to: UnmappedValues.self).pointee.merge(stash)
            }
        }
        if let failure { throw failure }
    }

    /// Decodes field `index` from `dictionary` over its value in `model`, or its default when
    /// its keys are absent; returns the problem, with its path, when there is one.
    func decodeFieldInPlace(_ index: Int, from dictionary: [String: Any], into model: UnsafeMutableRawPointer, in context: MappingContext) -> MappingError? {
        withInput(index, in: dictionary, context: context) { field, input in
            if let input {
                let ref = fieldRefs[index]
                if ref.leaf.decode(input, at: model + ref.offset, initializing: false) { return }
                try field.decode(input, over: model, in: context)
            } else {
                try field.decodeMissing(over: model)
            }
        }
    }
}

/// A field's hot calls, held without retaining them (the plan's `fields` keep them alive) and
/// made through a guaranteed reference: no reference counting per call.
struct FieldRef: Sendable {
    let calls: Unmanaged<FieldCalls>
    /// The property's common type, when the loops handle its values themselves, and its offset.
    let leaf: LeafKind
    let offset: Int

    init(_ slot: any FieldSlot) {
        calls = Unmanaged.passUnretained(slot.calls)
        leaf = slot.leaf
        offset = slot.offset
    }
}
