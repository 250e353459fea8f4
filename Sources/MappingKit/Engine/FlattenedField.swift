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
struct FlattenedField: Sendable {
    /// The reserved key the model's object is gathered under.
    let key: String
    /// The nested model's type, which finds the keys it reads.
    private let model: any FlattenedModel

    /// The flattened field `field`'s, or `nil` when it is not one.
    init?(_ field: any FieldSlot) {
        guard field.keys.isFlattened, let key = field.keys.all.first?.singleKey,
              let model = field.valueType as? any Mappable.Type else { return nil }
        self.key = key
        func reader<Model: Mappable>(_: Model.Type) -> any FlattenedModel { FlattenedModelType<Model>() }
        self.model = reader(model)
    }

    /// The keys the nested model reads from its parent's object, in `context` (the parent's,
    /// with what it hands down): `nil` when its plan cannot be made there.
    func keysRead(_ context: MappingContext) -> ConsumedKeys? {
        guard let (plan, nested) = model.plan(in: context) else { return nil }
        return plan.inputKeys(in: nested)
    }

    /// The nested model's plan in `context` (the parent's, with what it hands down), and the
    /// context it reads in: `nil` when it cannot be made there (a store's schema lists its
    /// columns as the parent's own).
    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)? {
        model.plan(in: context)
    }

    /// Moves the entries of `input` the nested model reads into one object under ``key`` (always
    /// there, empty when none is present, so that the model is made, or merged, as when it had
    /// its own key). An entry the parent reads too stays where it is as well. When the nested
    /// model's plan cannot be made, the object is empty, and reading the model says why.
    func gather(from input: inout [String: Any], readByParent parent: ConsumedKeys, in context: MappingContext) {
        var object: [String: Any] = [:]
        let read = keysRead(context)
        for (key, value) in input where read?.readsTopLevelKey(key) == true {
            object[key] = value
            if !parent.readsTopLevelKey(key) { input[key] = nil }
        }
        input[key] = object
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

/// A flattened model's type, asked for its plan.
private protocol FlattenedModel: Sendable {
    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)?
}

private struct FlattenedModelType<Model: Mappable>: FlattenedModel {
    func plan(in context: MappingContext) -> (plan: ObjectPlan, context: MappingContext)? {
        // One level down, as the model is read: a flattened model that flattens its own type
        // ends at the depth limit.
        guard let nested = try? context.nested(),
              let plan = try? PlanCache.plan(for: Model.self, configuration: nested.declaredConfiguration(for: Model.self))
        else { return nil }
        return (plan, nested.handingDown(plan.handedDown))
    }
}
