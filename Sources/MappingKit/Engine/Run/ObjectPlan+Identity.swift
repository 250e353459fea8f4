/// Primary keys, read from a dictionary or a stored row, a foreign key or a model with a plan's
/// identity fields.
extension ObjectPlan {
    /// The error for a type without the identity an import needs.
    func missingIdentity(_ need: String) -> MappingError {
        MappingError(.configuration(type: modelName, message: "\(modelName) declares no \(need) (map.identity(_:))"))
    }

    /// The primary key `input` holds; an absent or null key is an error at its path.
    func primaryKey<Input: FieldInput>(in input: Input, context: MappingContext) throws -> PrimaryKey {
        guard let identity else { throw missingIdentity("identity") }
        if identity.count == 1 { return PrimaryKey(storage: try keyValue(of: identity[0], in: input, context: context)) }
        return PrimaryKey(parts: try identity.map { try keyValue(of: $0, in: input, context: context) })
    }

    /// Field `index`'s value in `input`, as one value of a primary key.
    private func keyValue<Input: FieldInput>(of index: Int, in input: Input, context: MappingContext) throws -> PrimaryKey.Storage {
        if let plain = input.plainValue(forField: index, of: self), let value = fieldRefs[index].leaf.keyValue(in: plain) {
            // The common key, an `Int` or a `String` read as is, without the field's calls.
            return value
        }
        let found: Any?
        do {
            found = try input.value(forField: index, of: self)
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
        do {
            guard let value = found, !InputValue.isNull(value) else {
                throw MappingError(.mismatch(expected: "\(modelName)'s primary key", found: found == nil ? "nothing" : "null"))
            }
            return try fields[index].keyValue(from: value, in: context.muted)
        } catch {
            throw MappingError.wrapping(error, at: input.errorPath(forField: index, of: self))
        }
    }

    /// The single identity field, which foreign keys are values of.
    func referenceField() throws -> any FieldSlot {
        guard let identity, identity.count == 1 else { throw missingIdentity("single-property identity for relationships to refer to") }
        return fields[identity[0]]
    }

    /// The primary key a foreign key stands for.
    func primaryKey(reference input: Any, context: MappingContext) throws -> PrimaryKey {
        PrimaryKey(storage: try referenceField().keyValue(from: input, in: context.muted))
    }

    /// The primary key of the model at `model`.
    func primaryKey(ofModelAt model: UnsafeRawPointer) throws -> PrimaryKey {
        guard let identity else { throw missingIdentity("identity") }
        if identity.count == 1 { return PrimaryKey(storage: try fields[identity[0]].keyValue(in: model)) }
        return PrimaryKey(parts: try identity.map { try fields[$0].keyValue(in: model) })
    }

    /// The foreign key that refers to the model at `model`, as its representation writes it.
    func reference(toModelAt model: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try referenceField().calls.encode(from: model, in: context)
    }
}

extension Mappable {
    /// The foreign key that refers to this model, as its identity field is written: what a
    /// store's row and a relationship keep of it.
    func foreignKey(in context: MappingContext) throws -> Any? {
        let plan = try PlanCache.plan(for: Self.self, configuration: context.declaredConfiguration(for: Self.self))
        return try withModelBytes(isObject: plan.isObject) { try plan.reference(toModelAt: $0, in: context) }
    }

    /// The primary key of this model under `plan` (its type's).
    func primaryKey(with plan: ObjectPlan) throws -> PrimaryKey {
        try withModelBytes(isObject: plan.isObject) { try plan.primaryKey(ofModelAt: $0) }
    }

    /// A model of this type with only its primary key set, to `reference` (a foreign key).
    static func placeholder(reference: Any, plan: ObjectPlan, in context: MappingContext) throws -> Self {
        var model = Self()
        let field = try plan.referenceField()
        if plan.isObject {
            let object = model as AnyObject
            try withExtendedLifetime(object) {
                try field.calls.decode(reference, over: Unmanaged.passUnretained(object).toOpaque(), in: context)
            }
            return model
        }
        try withUnsafeMutableBytes(of: &model) { bytes in
            try ModelAccess.withNonNilBase(bytes.baseAddress) { try field.calls.decode(reference, over: $0, in: context) }
        }
        return model
    }
}
