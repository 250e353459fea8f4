/// A model's row for stores that keep one column per property, read straight from the model:
/// what the row's dictionary would hold under each key, without building the dictionary (its
/// keys hashed, its values boxed twice). `MappingKitSQLite` writes its rows this way.
extension ObjectPlan {
    /// The properties' keys, in field order, when a row can be read column by column: every
    /// field writes one plain key of its own, nothing is stashed, and the type is known to use
    /// MappingKit's own representation; `nil` otherwise.
    var columnKeys: [String]? {
        stash == nil && defaults.representsByDefault ? plainKeys : nil
    }

    /// Each property's value in `model` as the representation writes it under its key (`nil`
    /// where it writes none), in field order; problems are collected as the representation
    /// collects them, each at its key.
    func encodeColumns(_ model: UnsafeRawPointer, keys: [String], in context: MappingContext) throws -> [Any?] {
        let context = context.handingDown(handedDownKeyStrategy)
        var values: [Any?] = []
        values.reserveCapacity(fieldRefs.count)
        var failure: MappingError?
        for index in fieldRefs.indices {
            do {
                values.append(try fieldRefs[index].calls._withUnsafeGuaranteedRef { try $0.encode(from: model, in: context) })
            } catch {
                try failure.collect(MappingError.wrapping(error, at: [.key(keys[index])]))
                values.append(nil)
            }
        }
        if let failure { throw failure }
        return values
    }
}

extension StoreImport {
    /// The keys of `type`'s columns when its rows can be read column by column
    /// (``columnValues(of:)``), in their order; `nil` when a row must be read as a dictionary
    /// (``row(of:)``). For this package's stores, not part of the public API.
    package func columnKeys<Model: Mappable>(of type: Model.Type) throws -> [String]? {
        try plan(for: type, style: .store).columnKeys
    }

    /// `model`'s row as ``row(of:)`` would hold it, one value per key of
    /// ``columnKeys(of:)`` in that order (`nil` where the row holds none); `nil` when the row
    /// must be read as a dictionary (a subclass instance, a type with a representation of its
    /// own, a stash, keys shared or nested).
    package func columnValues<Model: Mappable>(of model: Model) throws -> [Any?]? {
        guard ObjectIdentifier(type(of: model)) == ObjectIdentifier(Model.self) else { return nil }
        let context = MappingContext(mapper: context.mapper, style: .store, session: session).started()
        let plan = try PlanCache.plan(for: Model.self, configuration: context.configuration(for: Model.self))
        guard let keys = plan.columnKeys else { return nil }
        do {
            try context.countModel()
            return try model.withModelBytes(isObject: plan.isObject) { try plan.encodeColumns($0, keys: keys, in: context) }
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    private func plan<Model: Mappable>(for type: Model.Type, style: RepresentationStyle) throws -> ObjectPlan {
        let context = MappingContext(mapper: context.mapper, style: style, session: session)
        return try PlanCache.plan(for: type, configuration: context.configuration(for: type))
    }
}
