extension Mappable {
    /// The error for a value that is not an object where a model belongs, as from a dictionary.
    static func notAnObject(_ reader: inout JSONReader) -> MappingError {
        do {
            let found = ValueDescription.describe(try reader.readAny())
            return MappingError(.mismatch(expected: "\(ValueDescription.typeName(Self.self)) (a dictionary)", found: found))
        } catch {
            return MappingError.wrapping(error, at: [])
        }
    }

    /// A model for the object at the reader: made by `init()` and read straight from the bytes
    /// when the type has no factory, no `willMap` hook and no `update(from:configuration:)`
    /// override; otherwise the object is read as a dictionary and mapped as one.
    static func instantiate(fromJSON reader: inout JSONReader, configuration: MappingConfiguration, context: MappingContext) throws -> Self {
        // A factory reads a dictionary. In an import, a model with an identity is looked up, or
        // kept, by its key: read from the bytes first where the type allows
        // (``ObjectPlan/importsJSONDirectly``), else the object is read as a dictionary.
        if let importing = context.importing, configuration.rules.hasIdentity {
            return try importing.importedModel(json: &reader, configuration: configuration, context: context)
        }
        guard configuration.rules.hooks.factory == nil else {
            return try instantiate(from: try reader.readObject(), configuration: configuration, context: context)
        }
        do {
            var model = Self()
            try model.update(json: &reader, configuration: configuration, context: context, isDocument: false)
            return model
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// Updates the model from the object at the reader (which must be one), through the engine's
    /// read entry (``update(reading:configuration:context:)``).
    mutating func update(json reader: inout JSONReader, configuration: MappingConfiguration, context: MappingContext, isDocument: Bool) throws {
        try withUnsafeMutablePointer(to: &reader) { bytes in
            var object = JSONObjectReader(bytes: bytes, isDocument: isDocument)
            try update(reading: &object, configuration: configuration, context: context)
        }
    }

    /// Reads the object at the reader with `plan` in the call of `context` and commits it,
    /// running the hooks, or throws and changes nothing.
    mutating func applyPlan(json reader: inout JSONReader, plan: ObjectPlan, in context: MappingContext, isDocument: Bool) throws {
        try withUnsafeMutablePointer(to: &reader) { bytes in
            var object = JSONObjectReader(bytes: bytes, isDocument: isDocument)
            try commit(plan, reading: &object, in: context)
        }
    }

    /// Writes the model as a JSON object with `configuration`.
    func writeJSON(into writer: inout JSONWriter, in context: MappingContext, configuration: MappingConfiguration) throws {
        try withUnsafePointer(to: self) { model in
            try Self.writeJSON(at: model, into: &writer, in: context, configuration: configuration)
        }
    }

    /// Writes the model at `model` as a JSON object with `configuration`, where it stands:
    /// straight from its stored properties when the type has no
    /// ``dictionaryRepresentation(configuration:)`` override, else what the override returns.
    /// The first write of a type takes the path every later one does: the representation is
    /// asked under a probe (``MappingContext/defaultProbe``), which MappingKit's own answers
    /// without building a dictionary.
    static func writeJSON(
        at model: UnsafePointer<Self>,
        into writer: inout JSONWriter,
        in context: MappingContext,
        configuration: MappingConfiguration
    ) throws {
        CallTrace.note("JSON/Mappable+JSONReadWrite.swift writeJSON(at:into:in:configuration:)")
        let context = context.started()
        do {
            let plan = try PlanCache.plan(for: dynamicType(at: model), configuration: configuration)
            if !plan.defaults.representsByDefault {
                // The first time, the representation says whether the type overrides it, under
                // a probe: MappingKit's own answers without building anything, an override runs
                // and its dictionary is written.
                var probing = context
                probing.defaultProbe = ObjectIdentifier(dynamicType(at: model))
                let dictionary = try CurrentCall.with(probing) { try model.pointee.dictionaryRepresentation(configuration: configuration) }
                guard plan.defaults.representsByDefault else {
                    try writer.writeAny(dictionary)
                    return
                }
            }
            try context.countModel()
            guard plan.isObject else {
                try plan.encodeJSON(UnsafeRawPointer(model), into: &writer, in: context)
                return
            }
            let object = model.pointee as AnyObject
            try withExtendedLifetime(object) {
                try plan.encodeJSON(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), into: &writer, in: context)
            }
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// The type of the model at `model`: a subclass's for a class, without copying a struct.
    static func dynamicType(at model: UnsafePointer<Self>) -> any Mappable.Type {
        Self.self is AnyClass ? type(of: model.pointee) : Self.self
    }
}

extension JSONReader {
    /// Consumes an object (the cursor is on its `{`) as a dictionary of native values.
    mutating func readObject() throws -> [String: Any] {
        guard let object = try readAny() as? [String: Any] else { throw syntaxError(expected: "an object") }
        return object
    }
}
