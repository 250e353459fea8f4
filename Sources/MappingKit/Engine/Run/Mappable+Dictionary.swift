// The dictionary driver of a model: what `init(dictionary:)`, `update(from:)`, `array(from:)`
// and the default `update(from:configuration:)` (`API/Mappable+Mapping.swift`, thin forwarding)
// run, and what nested models, imports and the other formats' first reads call. A dictionary
// is read by the plan's one driver (`ObjectPlan+Read.swift`), staged and committed through
// `ModelAccess.commit`, or, for a fresh struct, read into the model's own storage.

extension Mappable {
    /// Decodes `dictionary` with this type's plan and commits it, running the configuration's
    /// hooks, or throws and changes nothing.
    /// `byDefault`: called by the default ``update(from:configuration:)``, which tells the plan
    /// that the type has no override (JSON may then be read straight into it).
    mutating func applyPlan(to dictionary: [String: Any], configuration: MappingConfiguration, byDefault: Bool = false) throws {
        let plan = try PlanCache.plan(for: type(of: self), configuration: configuration)
        if byDefault { plan.defaults.sawDefaultUpdate() }
        // The call this update belongs to, or a call of its own outside any.
        try applyPlan(plan, to: dictionary, in: CurrentCall.context ?? MappingContext())
    }

    /// A model made by `init()` and mapped from `dictionary` with `plan`, which
    /// ``ObjectPlan/builds(in:)``: what `instantiate` does for such a type, without its
    /// detours. Errors are wrapped as `instantiate` wraps them.
    static func build(_ plan: ObjectPlan, from dictionary: [String: Any], in context: MappingContext) throws -> Self {
        var model = Self()
        try model.build(plan, from: dictionary, in: context)
        return model
    }

    /// A model made from `start` (a property's declared default) as ``build(_:from:in:)`` makes
    /// one from `init()`.
    static func build(_ plan: ObjectPlan, onto start: Self, from dictionary: [String: Any], in context: MappingContext) throws -> Self {
        var model = start
        try model.build(plan, from: dictionary, in: context)
        return model
    }

    /// Maps `dictionary` onto this model, which is being made (in place, so that no copy of it
    /// is made).
    @inline(__always)
    private mutating func build(_ plan: ObjectPlan, from dictionary: [String: Any], in context: MappingContext) throws {
        do {
            // A reporting call keeps its report's path in the staging loop.
            guard plan.decodesInPlace, !context.isReporting else { return try applyPlan(plan, to: dictionary, in: context) }
            try decodeInPlace(plan, from: dictionary, in: context.hasStarted ? context : context.started())
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// Updates this struct, a copy of a stored one, from `dictionary` with `plan`, straight over
    /// its values (absent keys keep theirs), when `plan` ``ObjectPlan/updatesInPlace`` and
    /// nothing is reported or stashed; otherwise through the staging buffer. Either way a
    /// failure throws and the caller's copy is dropped, so the stored model is unchanged.
    mutating func updateCopy(_ plan: ObjectPlan, from dictionary: [String: Any], in context: MappingContext) throws {
        guard plan.updatesInPlace, !context.isReporting, (context.undefinedKeys ?? plan.undefinedKeys) == .drop else {
            return try applyPlan(plan, to: dictionary, in: context)
        }
        try decodeInPlace(plan, from: dictionary, in: context.hasStarted ? context : context.started())
    }

    /// Decodes `dictionary` straight into this fresh struct with `plan`, in the call of `context`
    /// (started).
    private mutating func decodeInPlace(_ plan: ObjectPlan, from dictionary: [String: Any], in context: MappingContext) throws {
        try context.countModel()
        try withUnsafeMutableBytes(of: &self) { bytes in
            try ModelAccess.withNonNilBase(bytes.baseAddress) { try plan.decodeInPlace(dictionary, into: $0, in: context) }
        }
    }

    /// Decodes `dictionary` with `plan` (this type's) in the call of `context`, and commits it.
    mutating func applyPlan(_ plan: ObjectPlan, to dictionary: [String: Any], in context: MappingContext) throws {
        CallTrace.note("Engine/Run/Mappable+Dictionary.swift applyPlan(_:to:in:)")
        try commit(plan, in: context) { model, context, finish in
            let input = plan.rewritesInput ? try plan.rewritten(dictionary, in: context) : dictionary
            try plan.decode(input, into: model, in: context, finish: finish)
        }
    }

    /// Key handlers for the keys present, then `didMap` hooks; errors carry the key's path.
    static func runHooks(_ hooks: ConfigurationHooks, with input: [String: Any], on model: inout Self) throws {
        guard !hooks.isEmpty else { return }
        for handler in hooks.keyHandlers {
            guard let (value, key) = try handler.keys.value(in: input) else { continue }
            do {
                try handler.hook.run(on: &model, input: value)
            } catch {
                throw MappingError.wrapping(error, at: key.steps.map(\.pathComponent))
            }
        }
        for hook in hooks.didMap {
            do {
                try hook.run(on: &model, input: nil)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
    }

    /// A model for `dictionary`: made by the configuration's factory (or `init()`), then updated
    /// through ``update(from:configuration:)``. Errors thrown by user code are wrapped.
    static func instantiate(
        from dictionary: [String: Any],
        configuration: MappingConfiguration,
        context: MappingContext
    ) throws -> Self {
        do {
            if configuration.rules.hasIdentity, let importing = context.importing {
                return try importing.importedModel(from: dictionary, configuration: configuration, context: context)
            }
            var model = configuration.rules.hasFactory ? try make(from: dictionary, configuration) : Self()
            try CurrentCall.with(context) { try model.update(from: dictionary, configuration: configuration) }
            return model
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// A model from the configuration's factory, or `init()` when it makes none (kept out of
    /// `instantiate`, whose hot path must hold no `Self?`).
    @inline(never)
    private static func make(from dictionary: [String: Any], _ configuration: MappingConfiguration) throws -> Self {
        try configuration.rules.hooks.factory?.make(Self.self, from: dictionary) ?? Self()
    }

    /// Updates the model with the type's configuration, in a call with `context`'s settings
    /// (an undefined-key policy, limits): what the per-call entry points share.
    mutating func update(from dictionary: [String: Any], call context: MappingContext) throws {
        let configuration = type(of: self).mappingConfiguration
        try CurrentCall.with(context) { try update(from: dictionary, configuration: configuration) }
    }

    /// Maps every element of `array` in one call with `context`'s settings.
    static func array(from array: [Any], call context: MappingContext) throws -> [Self] {
        try models(from: array, configuration: Self.mappingConfiguration, context: context.started())
    }

    /// Maps every element of `array` with `configuration` in the call of `context`: the plan is
    /// looked up once, and each element made through ``build(_:from:in:)`` once the type is
    /// known to map by default.
    static func models(from array: [Any], configuration: MappingConfiguration, context: MappingContext) throws -> [Self] {
        // A configuration that cannot compile fails for each element, as `instantiate` reports it.
        let plan = try? PlanCache.plan(for: Self.self, configuration: configuration)
        let report = context.report
        return try models(from: array, cap: context.maximumProblems) { index, dictionary in
            if let report { return try report.within([.index(index)]) { try instantiate(from: dictionary, configuration: configuration, context: context) } }
            if let plan, plan.builds(in: context) { return try build(plan, from: dictionary, in: context) }
            return try instantiate(from: dictionary, configuration: configuration, context: context)
        }
    }

    /// Maps every element of `array`, collecting every element's problems under its index.
    static func models(from array: [Any], cap: Int, _ make: (Int, [String: Any]) throws -> Self) throws -> [Self] {
        var models: [Self] = []
        models.reserveCapacity(array.count)
        var failure: MappingError?
        // Elements are borrowed from the buffer, not copied (a retain each) as a loop would.
        try array.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                do {
                    guard let dictionary = InputValue.dictionary(elements[index]) else {
                        throw MappingError(.mismatch(
                            expected: "\(ValueDescription.typeName(Self.self)) (a dictionary)",
                            found: ValueDescription.describe(elements[index])
                        ))
                    }
                    models.append(try make(index, dictionary))
                } catch {
                    try failure.collect(MappingError.wrapping(error, at: .index(index)), cap: cap)
                }
            }
        }
        if let failure { throw failure }
        return models
    }
}
