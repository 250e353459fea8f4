/// The survey: what an import reads of a payload before it maps anything (the primary keys it
/// mentions, to ask the store once per type; each key's inputs and each object's references,
/// to resolve references in any order), and the scan for references that tells an import into
/// an `IdentityMap` whether it needs the survey at all.
extension ImportSession {
    /// Whether any of `dictionaries`, `Model`s under `plan`, refers to an object by its primary
    /// key (a foreign key, or a nested model given as its key): what the survey notes for
    /// resolving such references, and would note here, read without noting anything.
    ///
    /// Into an `IdentityMap`, an import whose payload refers to nothing needs no survey: the map
    /// is looked up key by key when a key is met, and the survey's pending inputs and
    /// dependencies are read only when a reference is resolved.
    func refersAnywhere<Model: Mappable>(_ dictionaries: [Any], as _: Model.Type, plan: ObjectPlan, in context: MappingContext) -> Bool {
        scansForReferences = true
        defer {
            scansForReferences = false
            foundReference = false
        }
        for element in dictionaries {
            guard let dictionary = InputValue.dictionary(element) else { continue }
            survey(dictionary, as: Model.self, plan: plan, in: context)
            if foundReference { return true }
        }
        return false
    }

    /// Notes the primary key of `dictionary`, a `Model` under `plan` (and, with `notesPending`,
    /// the dictionary as the one for that key), and everything its properties mention.
    func survey<Model: Mappable>(
        _ dictionary: [String: Any],
        as _: Model.Type,
        plan: ObjectPlan,
        in context: MappingContext,
        notesPending: Bool = true
    ) {
        guard let input = plan.rewritesInput ? try? plan.rewritten(dictionary, in: context) : dictionary else { return }
        var owns = false
        if !scansForReferences, plan.identity != nil, let key = try? plan.primaryKey(in: input, context: context) {
            let table = table(Model.self)
            if notesPending { table.withPending(at: table.want(key)) { $0.append(.dictionary(dictionary)) } }
            surveying.append(ObjectID(Model.self, key))
            owns = true
        }
        defer { if owns { surveying.removeLast() } }
        for index in plan.surveyed where !foundReference {
            let field = plan.fields[index]
            let value: Any?
            if let key = plan.singleKeys[index] { value = input[key] } else { value = try? field.keys.value(in: input)?.value }
            if let value { plan.survey(field: index, value, into: self, in: context) }
        }
    }

    /// Notes the primary key of `row`, a stored `Model` row under `plan`, and everything its
    /// properties mention (a stored row is never pending on its own: see ``materialize``).
    func survey<Model: Mappable>(_ row: StoredRow, as _: Model.Type, plan: ObjectPlan, in context: MappingContext) {
        var owns = false
        if plan.identity != nil, let key = try? plan.primaryKey(in: row, context: context) {
            surveying.append(ObjectID(Model.self, key))
            owns = true
        }
        defer { if owns { surveying.removeLast() } }
        for index in plan.surveyed {
            if let value = row.values[index] { plan.survey(field: index, value, into: self, in: context) }
        }
    }

    /// Notes a foreign key to a `Model`.
    func survey<Model: Mappable>(reference: Any, to _: Model.Type, in context: MappingContext) {
        if scansForReferences {
            foundReference = true
            return
        }
        guard let plan = try? plan(for: Model.self, in: context),
              let key = try? plan.primaryKey(reference: reference, context: context) else { return }
        table(Model.self).want(key)
        if let owner = surveying.last {
            dependencies[owner, default: []].append(Dependency(target: ObjectID(Model.self, key), isObject: plan.isObject) { [unowned self] in
                _ = try resolve(Model.self, reference: reference, policy: .null, in: $0)
            })
        }
    }
}
