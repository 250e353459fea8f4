/// State that travels with one mapping call through every nested model.
struct MappingContext: Sendable {
    /// How many models deep the current value is; the root model is at depth 0.
    var depth = 0
    /// The mapper whose registrations apply, when mapping through one.
    var mapper: Mapper?
    /// The undefined-key policy of this call or mapper, over every configuration's own.
    var undefinedKeys: UndefinedKeyPolicy?
    /// A discriminator key the parent read from this model's dictionary.
    var discriminator: String?
    /// The limits of this call, over the mapper's and the defaults.
    var limits: MappingLimits?
    /// The call's spending, once it has started.
    var budget: WorkBudget?

    /// This context with a budget: a new one at the start of a call, the call's own inside it.
    func started() -> MappingContext {
        guard budget == nil else { return self }
        var context = self
        context.budget = WorkBudget(limits: limits ?? mapper?.limits ?? .default)
        return context
    }

    /// Counts a model made or written, against the call's budget.
    func countModel() throws {
        try budget?.countModel()
    }

    /// Counts collection elements converted, against the call's budget.
    func countValues(_ count: Int) throws {
        try budget?.countValues(count)
    }

    /// The context one model further down, or the error that says a limit is reached: the
    /// nesting depth, or the stack the call has used.
    func nested() throws -> MappingContext {
        let context = started()
        let limit = context.budget?.limits.maximumDepth ?? MappingLimits.default.maximumDepth
        guard depth < limit else { throw MappingError(.tooDeep(limit: limit)) }
        try context.budget?.checkStack()
        return MappingContext(depth: depth + 1, mapper: mapper, undefinedKeys: undefinedKeys, limits: limits, budget: context.budget)
    }

    /// The configuration for a model of `type` met in this mapping.
    func configuration<Model: Mappable>(for type: Model.Type) -> MappingConfiguration {
        var configuration = mapper?.configuration(for: type) ?? type.mappingConfiguration
        configuration.context = self
        return configuration
    }
}
