import Foundation

/// A model type's mapping, compiled once: its properties' keys, codecs and offsets.
///
/// Running a plan does no string work beyond the dictionary lookups themselves and no reflection.
///
/// A plan is two parts. Its ``shape`` is what the model type and the structure of its rules
/// decide (where each property lives, which keys feed it, how a representation is written):
/// compiled once, and shared by every plan bound from this one to other closures
/// (``bound(to:)``). The rest is what the rules' closures and values decide: the fields (each
/// with its codec, adapter, defaults and requirements), the hooks, and what formats work out
/// from them (``layouts``).
final class ObjectPlan: Sendable {
    let shape: PlanShape
    let fields: [any FieldSlot]
    /// The same fields' hot calls, held without retaining: the loops that run for every
    /// property call through these.
    let fieldRefs: [FieldRef]
    let hooks: ConfigurationHooks
    /// `hooks.isEmpty` and `hooks.willMap.isEmpty`, and whether there is a factory, kept as plain
    /// values: reading them from their structs retains every array in them.
    let hasHooks: Bool
    let hasWillMap: Bool
    /// The input is rewritten before the fields read it (``rewritten(_:in:)``): by `willMap`
    /// hooks, or for flattened properties. Such a plan reads every format as a dictionary.
    let rewritesInput: Bool
    /// Some property is flattened (``flattened``), kept as a plain value for the writers' checks.
    let flattens: Bool
    let hasFactory: Bool
    /// A fresh model may be decoded straight into (``decodeInPlace(_:into:in:)``): a struct,
    /// with no hooks that must see it before or after.
    let decodesInPlace: Bool
    /// An existing model may be decoded straight over, as an update in place: it
    /// ``decodesInPlace`` and no field acts on an absent key (``FieldCalls/actsWhenMissing``),
    /// so what a fresh model's decoding does for one, an update does too (nothing).
    let updatesInPlace: Bool
    /// Every field reads one top-level key of its own and no hook reads keys: a dictionary's
    /// entries can be matched to fields by walking them (`ObjectPlan+Read.swift`).
    let walksKeys: Bool
    /// Some field ``FieldSlot/mergesDefault``: a model being made is staged against itself, as
    /// an update in place is (``Staging/current``).
    let mergesDefaults: Bool
    /// The ``ConfigurationRules/id`` of the rules whose closures and values the plan holds.
    let rulesID: Int
    /// What each format works out for this plan (``PlanLayout``), made when the format first meets it.
    let layouts: PlanLayouts

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
        handedDown: TreePolicies? = nil,
        inheritsPolicies: Bool = false,
        flags: TreeFlag = [],
        writesNullWhenNil: [Bool] = []
    ) {
        let model = PlanShape.Model(
            type: type, identity: identity, unobserved: unobserved,
            handedDown: handedDown, inheritsPolicies: inheritsPolicies, flags: flags
        )
        let keys = PlanShape.Keys(fields: fields, hooks: hooks, fieldRules: fieldRules)
        let represented = represented ?? Array(repeating: true, count: fields.count)
        shape = PlanShape(
            model: model,
            keys: keys,
            staging: PlanShape.Staging(fields: fields, stash: stash),
            output: PlanShape.Output(
                policies: output,
                represented: represented,
                plainKeys: !keys.sharesKeys && keys.plainKeys.count == fields.count && represented.allSatisfy { $0 } ? keys.plainKeys : nil,
                writesNullWhenNil: writesNullWhenNil,
                fieldCount: fields.count
            )
        )
        self.fields = fields
        fieldRefs = fields.map(FieldRef.init)
        self.hooks = hooks
        hasHooks = !hooks.isEmpty
        hasWillMap = !hooks.willMap.isEmpty
        flattens = !keys.flattened.isEmpty
        rewritesInput = hasWillMap || flattens
        hasFactory = hooks.factory != nil
        decodesInPlace = !model.isObject && !hasHooks && !rewritesInput
        updatesInPlace = decodesInPlace && !fields.contains { $0.calls.actsWhenMissing }
        walksKeys = keys.walkable && hooks.keyHandlers.isEmpty
        mergesDefaults = fields.contains { $0.mergesDefault }
        self.rulesID = rulesID
        layouts = PlanLayouts()
    }

    /// `template`'s shape with `fields` and `hooks`, bound to the rules numbered `rulesID`.
    private init(binding template: ObjectPlan, fields: [any FieldSlot], hooks: ConfigurationHooks, rulesID: Int) {
        shape = template.shape
        self.fields = fields
        fieldRefs = fields.map(FieldRef.init)
        self.hooks = hooks
        hasHooks = !hooks.isEmpty
        hasWillMap = !hooks.willMap.isEmpty
        flattens = template.flattens
        rewritesInput = hasWillMap || flattens
        hasFactory = hooks.factory != nil
        decodesInPlace = !shape.model.isObject && !hasHooks && !rewritesInput
        updatesInPlace = decodesInPlace && !fields.contains { $0.calls.actsWhenMissing }
        walksKeys = shape.keys.walkable && hooks.keyHandlers.isEmpty
        mergesDefaults = fields.contains { $0.mergesDefault }
        self.rulesID = rulesID
        layouts = PlanLayouts(template: template.layouts)
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
        defaults.updatesByDefault && !hasFactory && (identity == nil || !context.hasSession)
    }

    /// A format's object may be read member by member straight into the model: the type is
    /// known to have no `update(from:configuration:)` override, and no hook needs the whole
    /// dictionary first.
    var readsDirectly: Bool {
        defaults.updatesByDefault && !rewritesInput
    }

    /// `dictionary` as the `willMap` hooks rewrite it, in order (their errors are wrapped), then
    /// with each flattened property's keys gathered under its reserved key
    /// (``FlattenedField/gather(from:in:)``), for a model read in `context`.
    func rewritten(_ dictionary: [String: Any], in context: MappingContext) throws -> [String: Any] {
        var input = dictionary
        for hook in hooks.willMap {
            do {
                input = try hook.transform(input)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
        guard flattens else { return input }
        let context = context.handingDown(handedDown)
        for field in flattened {
            field.gather(from: &input, readByParent: consumed, in: context)
        }
        return input
    }

    /// This plan with the closures and values of `rules` (which have the same structure as
    /// the rules it was compiled from) in place of its own: no reflection, no checks, one new
    /// field for each rule that holds an adapter, a default or a requirement.
    func bound(to rules: ConfigurationRules) -> ObjectPlan {
        guard rules.id != rulesID else { return self }
        var fields = self.fields
        for (index, ruleIndex) in shape.keys.fieldRules.enumerated() {
            guard let ruleIndex, rules.properties.indices.contains(ruleIndex), rules.properties[ruleIndex].needsBinding else {
                continue
            }
            fields[index] = fields[index].rebound(to: rules.properties[ruleIndex], rules: rules)
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
            let cap = context.maximumProblems
            for (path, value) in consumed.undefinedKeys(in: dictionary, alsoConsumed: context.discriminator) {
                let problem = MappingError(.undefinedKey(model: modelName, found: ValueDescription.describe(value)))
                failure.merge(MappingError.wrapping(problem, at: path))
                if let collected = failure, collected.issues.count > cap {
                    failure = collected.capped(at: cap)
                    break
                }
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
        var reader = dictionary
        try read(&reader, into: model, in: context.handingDown(handedDown), finish: finish)
    }

    /// Decodes `dictionary` straight into `model`, a fresh struct that is thrown away when this
    /// throws: nothing to stage, so nothing to commit (``decodesInPlace`` plans only). Every
    /// problem found is reported, as by ``decode(_:into:in:finish:)``.
    func decodeInPlace(_ dictionary: [String: Any], into model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let context = context.handingDown(handedDown)
        let mark = context.updatesInPlace ? context.mergeMark : 0
        var failure: MappingError?
        failure = readFields(of: dictionary, into: ModelDestination(model: model), in: context)
        let policy = context.undefinedKeys ?? undefinedKeys
        if policy != .drop, failure?.isFatal != true {
            checkUndefinedKeys(of: dictionary, policy, in: context, failure: &failure) { stash in
                guard let slot = self.stash else { return }
                (model + slot.offset).assumingMemoryBound(to: UnmappedValues.self).pointee.merge(stash)
            }
        }
        if let failure {
            // A copy an update changed in place is dropped; class instances merged into are not.
            if context.updatesInPlace { context.rollBackMerges(to: mark) }
            throw failure
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
    /// When a value for this field merges into the one the model has, one bit per case of
    /// ``MergeMask``: the loops test it against their object's mask, one `and` per member.
    let merging: MergeMask

    init(_ slot: any FieldSlot) {
        calls = Unmanaged.passUnretained(slot.calls)
        leaf = slot.leaf
        offset = slot.offset
        merging = MergeMask(slot)
    }
}

/// The cases in which a field's value merges into the one the model has (RFC 7396), as bits.
struct MergeMask: OptionSet, Sendable {
    let rawValue: UInt8

    /// An update in place: the field ``FieldSlot/mergesUpdates``.
    static let update = MergeMask(rawValue: 1)
    /// A model made from a nested model's declared default: the field ``FieldSlot/holdsModel``,
    /// whose value there is its default.
    static let fromDefault = MergeMask(rawValue: 2)
    /// A model made from `init()`: the field ``FieldSlot/mergesDefault``.
    static let made = MergeMask(rawValue: 4)

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The cases in which `field`'s value merges.
    init(_ field: any FieldSlot) {
        self = []
        if field.mergesUpdates { insert(.update) }
        if field.holdsModel { insert(.fromDefault) }
        if field.mergesDefault { insert(.made) }
    }

    /// The case of a mapping in `context` (a model made from `init()` is ``made``).
    @inline(__always)
    init(_ context: MappingContext) {
        self = context.updatesInPlace ? .update : context.startsFromDefault ? .fromDefault : .made
    }
}

extension ObjectPlan {
    /// The case of a mapping in `context`, for ``FieldRef/merging``: empty when no field of this
    /// plan merges (the common case: a model made from `init()` with no nested defaults).
    @inline(__always)
    func mergeMask(in context: MappingContext) -> MergeMask {
        !context.updatesInPlace && !context.startsFromDefault && !mergesDefaults ? [] : MergeMask(context)
    }
}
