/// A store's row read back column by column, in the order of the plan's fields (the columns of
/// ``ObjectPlan/columnKeys``), `nil` for a column that holds nothing: what a store that keeps
/// one column per property hands an import instead of a dictionary per row. The plan reads it
/// by position, with no key hashed. A class, so that an input waiting for its key
/// (``PendingInput``) is one reference.
final class StoredRow: FieldInput {
    let values: [Any?]
    /// The columns' keys, shared by every row of a fetch.
    let keys: [String]

    init(values: [Any?], keys: [String]) {
        self.values = values
        self.keys = keys
    }

    @inline(__always)
    func value(forField index: Int, of plan: ObjectPlan) -> Any? {
        values[index]
    }

    @inline(__always)
    func plainValue(forField index: Int, of plan: ObjectPlan) -> Any? {
        values[index]
    }

    func errorPath(forField index: Int, of plan: ObjectPlan) -> [PathComponent] {
        [.key(keys[index])]
    }

    /// The row as a dictionary, for what reads rows that way (a class, a factory, hooks).
    var dictionary: [String: Any] {
        var dictionary: [String: Any] = Dictionary(minimumCapacity: keys.count)
        for (key, value) in zip(keys, values) {
            if let value { dictionary[key] = value }
        }
        return dictionary
    }
}

extension ObjectPlan {
    /// Whether a stored row is mapped by position: a struct of a type that maps by default,
    /// with no factory, no hooks and nothing to rewrite. Anything else reads the row as a
    /// dictionary, the documented way rows were always read.
    var buildsFromRows: Bool {
        !isObject && defaults.updatesByDefault && !hasFactory && decodesInPlace && !rewritesInput
    }

    /// Decodes `row` straight into `model`, a fresh struct (``buildsFromRows`` plans); every
    /// problem is reported at its column's key. A row holds exactly the plan's columns, so there
    /// are no undefined keys to raise or stash.
    func decodeInPlace(row: StoredRow, into model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        let context = context.handingDown(handedDown)
        if let failure = readFieldsByKey(of: row, into: ModelDestination(model: model), in: context) { throw failure }
    }
}

extension Mappable {
    /// A new model of this type from a stored row (``ObjectPlan/buildsFromRows`` plans).
    static func build(_ plan: ObjectPlan, row: StoredRow, in context: MappingContext) throws -> Self {
        do {
            var model = Self()
            let context = context.hasStarted ? context : context.started()
            try context.countModel()
            try withUnsafeMutableBytes(of: &model) { bytes in
                try ModelAccess.withNonNilBase(bytes.baseAddress) { try plan.decodeInPlace(row: row, into: $0, in: context) }
            }
            return model
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }
}

extension ImportSession {
    /// The model for a stored row: built from it by position where the plan allows, else as
    /// ``instantiate(from:configuration:plan:context:changes:)`` makes it from the row's dictionary.
    func instantiate<Model: Mappable>(
        stored row: StoredRow,
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext,
        changes: Bool
    ) throws -> Model {
        guard plan.buildsFromRows, !context.isReporting else {
            return try instantiate(from: row.dictionary, configuration: configuration, plan: plan, context: context, changes: changes)
        }
        let key = try plan.primaryKey(in: row, context: context)
        let table = table(Model.self)
        let position = table.position(of: key)
        guard try !hasExisting(key, at: position, in: table), !table[position].inProgress else {
            // An object for the key already (updated in place), or a struct that contains
            // itself (an error): the dictionary way says which.
            return try instantiate(from: row.dictionary, configuration: configuration, plan: plan, context: context, changes: changes)
        }
        table.withEntry(at: position) { $0.inProgress = true }
        defer { table.withEntry(at: position) { $0.inProgress = false } }
        try prepare(ObjectID(Model.self, key))
        let model = try Model.build(plan, row: row, in: context)
        table.keep(model, at: position, changes: changes)
        return model
    }
}

extension StoreImport {
    /// The models stored rows describe, each row given column by column in the order of
    /// `keys`, `nil` where a column holds nothing: as ``models(_:fromRows:)`` with the rows'
    /// dictionaries, without making them when `keys` are the plan's fields' own keys in their
    /// order (and nothing is stashed). For this package's stores, not part of the public API.
    package func models<Model: Mappable>(_ type: Model.Type, columns keys: [String], rows: [[Any?]]) throws -> [Model] {
        let plan = try session.plan(for: type, in: context)
        guard plan.identity != nil, plan.stash == nil, plan.plainKeys == keys, rows.allSatisfy({ $0.count == keys.count }) else {
            return try models(type, fromRows: rows.map { StoredRow(values: $0, keys: keys).dictionary })
        }
        let configuration = context.declaredConfiguration(for: type)
        do {
            return try session.materialize(stored: rows.map { StoredRow(values: $0, keys: keys) }, configuration: configuration, plan: plan, context: context)
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }
}
