/// A model's row for stores that keep one column per property, written straight from the model
/// into the store's own values: what the row's dictionary would hold under each key, without
/// building the dictionary (its keys hashed, its values boxed twice, then told apart again by
/// dynamic casts). `MappingKitSQLite` binds its rows this way.

/// Receives a model's row, one column at a time in the order of
/// ``StoreImport/columnKeys(of:)``: the common property types as themselves, anything else as
/// the row's dictionary would hold it. For this package's stores; not public API.
package protocol StoreRowWriter {
    /// The column holds nothing: the row's dictionary has no value under its key (or `NSNull`).
    mutating func writeNothing() throws
    mutating func write(_ value: Int) throws
    mutating func write(_ value: String) throws
    mutating func write(_ value: Bool) throws
    /// A finite `Double` (a property holding another is an error before it reaches a writer).
    mutating func write(_ value: Double) throws
    /// Any other value, exactly as the row's dictionary holds it under the column's key.
    mutating func write(_ value: Any) throws
}

extension ObjectPlan {
    /// The properties' keys, in field order, when a row can be written column by column: every
    /// field writes one plain key of its own, nothing is stashed, and the type is known to use
    /// MappingKit's own representation; `nil` otherwise.
    var columnKeys: [String]? {
        stash == nil && defaults.representsByDefault ? plainKeys : nil
    }

    /// Writes each property's value in `model` to `writer`, in field order, as the
    /// representation writes it under its key; problems are collected as the representation
    /// collects them, each at its key, and the writer is given nothing for a column in error.
    func writeColumns<Writer: StoreRowWriter>(
        _ model: UnsafeRawPointer,
        keys: [String],
        into writer: inout Writer,
        in context: MappingContext
    ) throws {
        var row = RowWriter(row: writer, keys: keys)
        defer { writer = row.row }
        try write(model, into: &row, in: context)
    }

    /// The model's columns into `writer`: what ``RowWriter`` does for the plan's driver.
    fileprivate func writeColumns<Writer: StoreRowWriter>(
        _ model: UnsafeRawPointer,
        keys: [String],
        into writer: inout Writer,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        for index in fieldRefs.indices {
            let ref = fieldRefs[index]
            // The writer's own errors (a value its store cannot hold) are the store's, as they are.
            if try Self.writeLeaf(ref.leaf, at: model + ref.offset, into: &writer) { continue }
            let value: Any?
            do {
                value = try ref.calls._withUnsafeGuaranteedRef { try $0.encode(from: model, in: context) }
            } catch {
                try failure.collect(MappingError.wrapping(error, at: [.key(keys[index])]), in: context)
                value = nil
            }
            if let value { try writer.write(value) } else { try writer.writeNothing() }
        }
    }

    /// Writes the value at `slot` when the field is of a ``LeafKind`` (its built-in codec writes
    /// the value itself, or nothing for `nil`), and says whether it did. A `Double` that is not
    /// finite is left to the codec, whose error names it.
    @inline(__always)
    private static func writeLeaf<Writer: StoreRowWriter>(_ leaf: LeafKind, at slot: UnsafeRawPointer, into writer: inout Writer) throws -> Bool {
        switch leaf {
        case .none:
            return false
        case .int:
            try writer.write(slot.load(as: Int.self))
        case .string:
            try writer.write(slot.assumingMemoryBound(to: String.self).pointee)
        case .bool:
            try writer.write(slot.load(as: Bool.self))
        case .double:
            let value = slot.load(as: Double.self)
            guard value.isFinite else { return false }
            try writer.write(value)
        case .optionalInt:
            if let value = slot.load(as: Int?.self) { try writer.write(value) } else { try writer.writeNothing() }
        case .optionalString:
            if let value = slot.assumingMemoryBound(to: String?.self).pointee { try writer.write(value) } else { try writer.writeNothing() }
        case .optionalBool:
            if let value = slot.load(as: Bool?.self) { try writer.write(value) } else { try writer.writeNothing() }
        case .optionalDouble:
            guard let value = slot.load(as: Double?.self) else {
                try writer.writeNothing()
                return true
            }
            guard value.isFinite else { return false }
            try writer.write(value)
        }
        return true
    }
}

extension StoreImport {
    /// The keys of `type`'s columns when its rows can be written column by column
    /// (``writeColumns(of:into:)``), in their order; `nil` when a row must be read as a
    /// dictionary (``row(of:)``). For this package's stores, not part of the public API.
    package func columnKeys<Model: Mappable>(of type: Model.Type) throws -> [String]? {
        try plan(for: type, style: .store).columnKeys
    }

    /// Writes `model`'s row as ``row(of:)`` would hold it to `writer`, one column per key of
    /// ``columnKeys(of:)`` in that order; `false`, with nothing written, when the row must be
    /// read as a dictionary (a subclass instance, a type with a representation of its own, a
    /// stash, keys shared or nested).
    package func writeColumns<Model: Mappable, Writer: StoreRowWriter>(of model: Model, into writer: inout Writer) throws -> Bool {
        guard ObjectIdentifier(type(of: model)) == ObjectIdentifier(Model.self) else { return false }
        let context = MappingContext(mapper: context.mapper, style: .store, session: session).started()
        let plan = try PlanCache.plan(for: Model.self, configuration: context.declaredConfiguration(for: Model.self))
        guard let keys = plan.columnKeys else { return false }
        do {
            try context.countModel()
            try model.withModelBytes(isObject: plan.isObject) { try plan.writeColumns($0, keys: keys, into: &writer, in: context) }
            return true
        } catch let error as MappingError {
            throw MappingError.wrapping(error, at: [])
        }
    }

    private func plan<Model: Mappable>(for type: Model.Type, style: RepresentationStyle) throws -> ObjectPlan {
        let context = MappingContext(mapper: context.mapper, style: style, session: session)
        return try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
    }
}

/// A store's row as a ``PlanWriter``: each property's value handed to a ``StoreRowWriter`` in
/// field order, the common types as themselves, anything else as the row's dictionary would hold
/// it; a column in error gets nothing, and every problem is reported at its column's key.
struct RowWriter<Row: StoreRowWriter>: PlanWriter {
    var row: Row
    /// Each field's column key (the plan's ``ObjectPlan/columnKeys``).
    let keys: [String]

    mutating func writeFields(
        of plan: ObjectPlan,
        from model: UnsafeRawPointer,
        failure: inout MappingError?,
        in context: MappingContext
    ) throws {
        try plan.writeColumns(model, keys: keys, into: &row, failure: &failure, in: context)
    }
}
