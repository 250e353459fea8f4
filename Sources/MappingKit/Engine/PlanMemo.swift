/// The plan a nested model's codec used last, by the ``ConfigurationRules/id`` it was for: the
/// nested models of a document nearly always share one configuration, and a hit spares the
/// plan cache's lock and hashing. Rules with the same id hold the same closures and values, so
/// their plan is the same.
final class PlanMemo: Sendable {
    /// Behind `Locked` (a pthread mutex), which ThreadSanitizer understands.
    private let last = Locked<(rulesID: Int, plan: ObjectPlan)?>(nil)

    func plan(for type: Any.Type, configuration: MappingConfiguration) throws -> ObjectPlan {
        let id = configuration.rules.id
        if let plan = last.withLock({ $0?.rulesID == id ? $0?.plan : nil }) { return plan }
        let plan = try PlanCache.plan(for: type, configuration: configuration)
        last.withLock { $0 = (id, plan) }
        return plan
    }
}
