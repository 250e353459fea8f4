import Foundation

/// A flattened property (``MappingConfiguration/Builder/flatten(_:fileID:line:)``, serde's
/// `flatten`): a nested model whose keys are the parent object's own.
///
/// No format reads or writes it by a key of its own. Reading, the plan rewrites the parent's
/// dictionary first (``ObjectPlan/rewritten(_:in:)``, as for `willMap` hooks, so every format
/// reads such a model as a dictionary): the keys the nested model reads are gathered into an
/// object under the property's reserved key (``FieldKeys/flattenedKey(_:)``), which the property
/// then reads as any nested model. So the parent's undefined keys, stash and report see the
/// nested model's keys as read, the nested model sees no key of the parent's (its own `.raise`
/// or stash never meet them), and an update in place merges into it as into any nested model.
/// Writing, the nested model's representation is merged into the parent's (the parent's own keys
/// win), before the stash is. Errors are the parent object's, at no path of the property's.
///
/// A store keeps the nested model's columns in the parent's table (`StoreSchema`), and its rows
/// are the parent's representation, so they read back through the same rewrite.
///
/// Which keys the nested model reads depends on its configuration in the call (a key strategy
/// handed down to it), so they are found when the input is rewritten, from its plan in the
/// context the parent hands down, and a nested model that is flattened in turn adds its own.
///
/// Besides a model, serde's `flatten` takes an optional one (`nil` when none of its keys is
/// present, nothing written for `nil`) and an enum: a ``TaggedEnum``'s keys are its tag and what
/// its cases read beside it (internally tagged: the labels, and a one-model payload's keys; adjacently
/// tagged: the tag and the content key; externally tagged: the cases' tags), gathered into the
/// object the enum reads as it would under a key of its own.
struct FlattenedField: Sendable {
    /// The reserved key the model's object is gathered under.
    let key: String
    /// The nested value's type, which finds the keys it reads.
    private let value: any FlattenedValue
    /// The gathered object is there even when none of its keys is present, so that a model is
    /// made (or merged) as when it had its own key, and an enum a model must have (under
    /// ``MissingKeyPolicy/raise``) says what it misses; otherwise an absent object leaves the
    /// property as it is, as any absent key does.
    private let alwaysGathered: Bool

    /// The flattened field `field`'s, or `nil` when it is not one.
    init?(_ field: any FieldSlot) {
        guard field.keys.isFlattened, let key = field.keys.all.first?.singleKey else { return nil }
        var type = field.valueType
        let isOptional = type is any OptionalValue.Type
        if isOptional, let wrapped = (type as? any ContainerCodecProviding.Type)?.elementTypes.first { type = wrapped }
        if let model = type as? any Mappable.Type {
            func reader<Model: Mappable>(_: Model.Type) -> any FlattenedValue { FlattenedModelType<Model>() }
            value = reader(model)
            alwaysGathered = !isOptional
        } else if let tagged = type as? any TaggedEnum.Type {
            func reader<Tagged: TaggedEnum>(_: Tagged.Type) -> any FlattenedValue { FlattenedTaggedEnum<Tagged>() }
            value = reader(tagged)
            alwaysGathered = !isOptional && field.requiresKey
        } else {
            return nil
        }
        self.key = key
    }

    /// The keys the nested value reads from its parent's object, in `context` (the parent's,
    /// with what it hands down): `nil` when its plan cannot be made there.
    func keysRead(_ context: MappingContext) -> ConsumedKeys? {
        value.keysRead(in: context)
    }

    /// The nested model's plan in `context` (the parent's, with what it hands down), and the
    /// context it reads in: `nil` when it cannot be made there, or the value is an enum (a
    /// store's schema lists its columns as the parent's own).
    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)? {
        value.plan(in: context)
    }

    /// Moves the entries of `input` the nested value reads into one object under ``key`` (see
    /// ``alwaysGathered`` for when none is present). An entry the parent reads too stays where
    /// it is as well. When the nested value's keys cannot be found, the object is empty, and
    /// reading the value says why.
    func gather(from input: inout [String: Any], readByParent parent: ConsumedKeys, in context: MappingContext) {
        var object: [String: Any] = [:]
        let read = keysRead(context)
        for (key, value) in input where read?.readsTopLevelKey(key) == true {
            object[key] = value
            if !parent.readsTopLevelKey(key) { input[key] = nil }
        }
        guard !object.isEmpty || alwaysGathered || read == nil else { return }
        input[key] = object
    }

    /// What the nested value wrote, as members of its parent's object: an object's own; an
    /// externally tagged case without payload (its bare tag) as `{"tag": null}`, which reads
    /// back as that case; nothing for `nil`.
    static func members(of written: Any) -> [String: Any]? {
        if let object = InputValue.dictionary(written) { return object }
        if let tag = written as? String { return [tag: NSNull()] }
        return nil
    }
}

extension ObjectPlan {
    /// The keys this plan reads from its input object, in `context` (its own, handed down):
    /// each field's, a flattened model's through its own plan.
    func inputKeys(in context: MappingContext) -> ConsumedKeys? {
        guard flattens else { return consumed }
        var keys = consumed
        for field in flattened {
            guard let nested = field.keysRead(context) else { return nil }
            keys.formUnion(nested)
        }
        return keys
    }
}

/// A flattened value's type, asked for the keys it reads and, for a model, its plan.
private protocol FlattenedValue: Sendable {
    func keysRead(in context: MappingContext) -> ConsumedKeys?
    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)?
}

extension FlattenedValue {
    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)? { nil }
}

/// A flattened tagged enum: its tag's key and what its cases read beside it.
private struct FlattenedTaggedEnum<Value: TaggedEnum>: FlattenedValue {
    let plan = TaggedEnumPlan.make(for: Value.self)

    func keysRead(in context: MappingContext) -> ConsumedKeys? {
        guard let plan = try? plan.get() else { return nil }
        var keys = ConsumedKeys()
        func insert(_ key: String) { keys.insert([.key(key)][...]) }
        switch plan.form {
        case .external:
            for (index, entry) in plan.cases.enumerated() where index != plan.fallback?.index { insert(entry.tag) }
        case .adjacent(let tag, let content):
            insert(tag)
            insert(content)
        case .internal, .untagged:
            if case .internal(let tag) = plan.form { insert(tag) }
            for entry in plan.cases {
                switch entry.payload {
                case .labelled(_, let external): external.forEach(insert)
                case .single:
                    func modelKeys<Model: Mappable>(_: Model.Type) -> ConsumedKeys? { FlattenedModelType<Model>().keysRead(in: context) }
                    guard let model = entry.singleType as? any Mappable.Type, let nested = modelKeys(model) else { continue }
                    keys.formUnion(nested)
                case .none, .tuple: break
                }
            }
        }
        return keys
    }
}

private struct FlattenedModelType<Model: Mappable>: FlattenedValue {
    func keysRead(in context: MappingContext) -> ConsumedKeys? {
        guard let (plan, nested) = plan(in: context) else { return nil }
        return plan.inputKeys(in: nested)
    }

    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)? {
        // One level down, as the model is read: a flattened model that flattens its own type
        // ends at the depth limit.
        guard let nested = try? context.nested(),
              let plan = try? PlanCache.plan(for: Model.self, configuration: nested.declaredConfiguration(for: Model.self))
        else { return nil }
        return (plan, nested.handingDown(plan.handedDown))
    }
}
