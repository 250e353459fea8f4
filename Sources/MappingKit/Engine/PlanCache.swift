import Synchronization

/// Compiled plans, one per model type, shared by every thread.
enum PlanCache {
    private static let plans = Mutex<[ObjectIdentifier: ObjectPlan]>([:])

    /// The plan for `type`, compiled on first use. Two threads racing to compile the same type
    /// both compile; the first to finish is kept, so every caller sees one plan.
    static func plan(for type: Any.Type) -> ObjectPlan {
        let key = ObjectIdentifier(type)
        if let plan = plans.withLock({ $0[key] }) {
            return plan
        }
        let compiled = ObjectPlan.compile(for: type)
        return plans.withLock { plans in
            if let existing = plans[key] { return existing }
            plans[key] = compiled
            return compiled
        }
    }
}
