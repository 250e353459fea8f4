extension Mappable {
    /// The model as plain values that JSONSerialization accepts: `Int`, `Double`, `Bool`,
    /// `String`, arrays and dictionaries, nested models as dictionaries. `nil` optionals are left
    /// out.
    ///
    /// ```swift
    /// let data = try JSONSerialization.data(withJSONObject: user.dictionaryRepresentation())
    /// ```
    public func dictionaryRepresentation() throws -> [String: Any] {
        try encodedDictionary(in: MappingContext())
    }

    /// The dictionary representation at a given nesting depth, with the configuration that
    /// applies in `context` (a mapper's registration, or the type's own).
    func encodedDictionary(in context: MappingContext) throws -> [String: Any] {
        try encodedDictionary(in: context, configuration: context.declaredConfiguration(for: type(of: self)))
    }

    /// The dictionary representation with `configuration`, already resolved by the caller,
    /// through the model's own ``dictionaryRepresentation(configuration:)``.
    func encodedDictionary(in context: MappingContext, configuration: MappingConfiguration) throws -> [String: Any] {
        do {
            return try CurrentCall.with(context.started()) { try dictionaryRepresentation(configuration: configuration) }
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// Runs ``defaultDictionaryRepresentation(configuration:)``.
    ///
    /// ```swift
    /// let v1 = try user.dictionaryRepresentation(configuration: legacyConfiguration)
    /// ```
    public func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
        try representation(configuration: configuration, byDefault: true)
    }

    /// MappingKit's own dictionary representation with `configuration`: the behaviour a
    /// ``dictionaryRepresentation(configuration:)`` override calls after adjusting it.
    ///
    /// ```swift
    /// func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
    ///     var dictionary = try defaultDictionaryRepresentation(configuration: configuration)
    ///     dictionary["version"] = 2
    ///     return dictionary
    /// }
    /// ```
    public func defaultDictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
        try representation(configuration: configuration, byDefault: false)
    }

    /// `byDefault`: called by the default ``dictionaryRepresentation(configuration:)``, which
    /// tells the plan that the type has no override (JSON may then be written straight from it).
    private func representation(configuration: MappingConfiguration, byDefault: Bool) throws -> [String: Any] {
        let plan = try PlanCache.plan(for: type(of: self), configuration: configuration)
        if byDefault {
            plan.defaults.sawDefaultRepresentation()
            // JSON is about to be written straight from the model: only say that this default ran.
            if CurrentCall.context?.defaultProbe == ObjectIdentifier(type(of: self)) { return [:] }
        }
        CallTrace.note("API/Mappable+Representation.swift representation(configuration:byDefault:)")
        // The call this representation belongs to, or a call of its own outside any.
        let context = (CurrentCall.context ?? MappingContext()).started()
        try context.countModel()
        return try withModelBytes(isObject: plan.isObject) { model in
            try plan.encode(model, in: context)
        }
    }
}
