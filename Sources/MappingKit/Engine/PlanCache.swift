import Synchronization

/// Compiled plans, one per model type, shared by every thread.
enum PlanCache {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let rules: String
    }

    private static let plans = Mutex<[Key: ObjectPlan]>([:])

    /// The plan for `type` under `configuration`, compiled on first use. Configurations with the
    /// same rules share a plan, even when built anew for each call. Two threads racing to
    /// compile the same plan both compile; the first to finish is kept.
    static func plan(for type: Any.Type, configuration: MappingConfiguration) throws -> ObjectPlan {
        let key = Key(type: ObjectIdentifier(type), rules: configuration.rules.fingerprint)
        if let plan = plans.withLock({ $0[key] }) {
            return plan
        }
        let compiled = try ObjectPlan.compile(for: type, rules: configuration.rules)
        return plans.withLock { plans in
            if let existing = plans[key] { return existing }
            plans[key] = compiled
            return compiled
        }
    }
}
