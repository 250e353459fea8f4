
/// Compiled plans, one per model type, shared by every thread.
enum PlanCache {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let rules: Int
    }

    private static let plans = Locked<[Key: ObjectPlan]>([:])

    /// Configurations made anew with new adapters on every call would each add a plan; past this
    /// many, the cache starts over (plans are recompiled on demand).
    static let maximumCount = 4096

    /// The plan for `type` under `configuration`, compiled on first use. Configurations with the
    /// same rules share a plan, even when built anew for each call. Two threads racing to
    /// compile the same plan both compile; the first to finish is kept.
    static func plan(for type: Any.Type, configuration: MappingConfiguration) throws -> ObjectPlan {
        let rules = configuration.rules
        let key = Key(type: ObjectIdentifier(type), rules: rules.id)
        if let plan = plans.withLock({ $0[key] }) { return plan }
        // Rules with closures or values: a plan compiled for the same structure is bound to them.
        let template = Key(type: ObjectIdentifier(type), rules: rules.structureID)
        if rules.needsBinding, let compiled = plans.withLock({ $0[template] }) {
            return insert(compiled.bound(to: rules), for: key)
        }
        let compiled = try ObjectPlan.compile(for: type, rules: rules)
        if rules.needsBinding { _ = insert(compiled, for: template) }
        return insert(compiled, for: key)
    }

    private static func insert(_ compiled: ObjectPlan, for key: Key) -> ObjectPlan {
        plans.withLock { plans in
            if let existing = plans[key] { return existing }
            if plans.count >= maximumCount { plans.removeAll(keepingCapacity: true) }
            plans[key] = compiled
            return compiled
        }
    }
}
