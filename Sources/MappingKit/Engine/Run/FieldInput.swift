/// An input a plan reads field by field: a dictionary, by each field's keys; a store's row, by
/// column (``StoredRow``). The one per-field driver (``ObjectPlan/readField(_:of:into:in:)``, in
/// `ObjectPlan+Read.swift`) and primary keys run on any of them, in code specialized for each.
protocol FieldInput {
    /// Field `index`'s value, `nil` when it has none. Errors of a key path's containers carry
    /// their own path.
    func value(forField index: Int, of plan: ObjectPlan) throws -> Any?
    /// Field `index`'s value when it is found without a key path (a single plain key, a column),
    /// else `nil`: the primary key's fast path.
    func plainValue(forField index: Int, of plan: ObjectPlan) -> Any?
    /// Where field `index`'s value is (or would be), for messages.
    func errorPath(forField index: Int, of plan: ObjectPlan) -> [PathComponent]
}

extension Dictionary: FieldInput where Key == String, Value == Any {
    /// A single plain key is looked up directly; anything else through the field's keys.
    @inline(__always)
    func value(forField index: Int, of plan: ObjectPlan) throws -> Any? {
        if let key = plan.singleKeys[index] { return self[key] }
        return try plan.fields[index].keys.value(in: self)?.value
    }

    @inline(__always)
    func plainValue(forField index: Int, of plan: ObjectPlan) -> Any? {
        guard let key = plan.singleKeys[index] else { return nil }
        return self[key]
    }

    func errorPath(forField index: Int, of plan: ObjectPlan) -> [PathComponent] {
        plan.fields[index].keys.errorPath(in: self)
    }
}
