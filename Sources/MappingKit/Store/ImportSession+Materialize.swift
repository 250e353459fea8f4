/// A store's rows into the import's models, and pending inputs of every kind into theirs.
extension ImportSession {
    /// The models of stored rows, each kept as the object for its key. Every row is noted
    /// first, so that references between them resolve whatever their order.
    func materialize<Model: Mappable>(
        _ rows: [PendingInput],
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext
    ) throws -> [Model] {
        let table = table(Model.self)
        let keys = try rows.map { row in
            switch row {
            case .dictionary(let dictionary): try plan.primaryKey(in: dictionary, context: context)
            case .stored(let stored): try plan.primaryKey(in: stored, context: context)
            case .deferred: throw Self.notStored(plan)
            }
        }
        // Rows refer to rows: their references are noted, so that chains resolve in order.
        for row in rows {
            switch row {
            case .dictionary(let dictionary): survey(dictionary, as: Model.self, plan: plan, in: context.muted, notesPending: false)
            case .stored(let stored): survey(stored, as: Model.self, plan: plan, in: context.muted)
            case .deferred: break
            }
        }
        // A stored row comes before the payload's dictionaries for the same key.
        for (row, key) in zip(rows, keys) { table.withPending(at: table.position(of: key)) { $0.prepend(row) } }
        var models: [Model] = []
        models.reserveCapacity(rows.count)
        for (row, key) in zip(rows, keys) {
            let position = table.position(of: key)
            if table[position].hasObject {
                models.append(table.object(at: position))
                continue
            }
            table.withPending(at: position) { $0.removeFirst() }
            models.append(try instantiate(row, configuration: configuration, plan: plan, context: context, changes: false))
        }
        return models
    }

    /// The model for one pending input (see ``instantiate(from:configuration:plan:context:changes:)``);
    /// `key`, when known, spares a deferred element reading its own.
    func instantiate<Model: Mappable>(
        _ input: PendingInput,
        key: PrimaryKey? = nil,
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext,
        changes: Bool = true
    ) throws -> Model {
        switch input {
        case .dictionary(let dictionary):
            try instantiate(from: dictionary, configuration: configuration, plan: plan, context: context, changes: changes)
        case .stored(let row):
            try instantiate(stored: row, configuration: configuration, plan: plan, context: context, changes: changes)
        case .deferred(let box):
            try box.input.instantiate(Model.self, key: key, in: self, configuration: configuration, plan: plan, context: context)
        }
    }

    /// Stores hand back dictionaries and rows; a payload's deferred element is never one
    /// (``materialize(_:configuration:plan:context:)`` is given only what a store gave).
    private static func notStored(_ plan: ObjectPlan) -> MappingError {
        MappingError(.configuration(type: plan.modelName, message: "a payload's element was given as a stored row"))
    }

    /// The models of stored rows read column by column, each kept as the object for its key:
    /// by position where the plan builds from rows, else from the rows' dictionaries.
    func materialize<Model: Mappable>(
        stored rows: [StoredRow],
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext
    ) throws -> [Model] {
        let inputs = plan.buildsFromRows && !context.isReporting ? rows.map(PendingInput.stored) : rows.map { .dictionary($0.dictionary) }
        return try materialize(inputs, configuration: configuration, plan: plan, context: context)
    }
}
