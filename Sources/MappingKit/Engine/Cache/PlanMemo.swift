/// The plan a nested model's codec met first, by the ``ConfigurationRules/id`` it was for: the
/// nested models of a document nearly always share one configuration, and a hit spares the
/// plan cache's lock and hashing. Rules with the same id hold the same closures and values, so
/// their plan is the same; other rules go to the cache.
final class PlanMemo: Sendable {
    /// The plan's address, retained by the memo, or 0; set once and read without a lock (an
    /// atomic, which ThreadSanitizer understands).
    private let first = AtomicWords(count: 1)

    func plan(for type: any Mappable.Type, configuration: MappingConfiguration) throws -> ObjectPlan {
        let id = configuration.rules.id
        if let pointer = UnsafeRawPointer(bitPattern: first.loadAcquiring()) {
            let memo = Unmanaged<ObjectPlan>.fromOpaque(pointer)
            if memo._withUnsafeGuaranteedRef({ $0.rulesID == id }) { return memo.takeUnretainedValue() }
        }
        let plan = try PlanCache.plan(for: type, configuration: configuration)
        let retained = Unmanaged.passRetained(plan)
        let bits = UInt(bitPattern: retained.toOpaque())
        if !first.compareExchange(expected: 0, desired: bits).exchanged { retained.release() }
        return plan
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: first.loadAcquiring()) {
            Unmanaged<ObjectPlan>.fromOpaque(pointer).release()
        }
    }
}
