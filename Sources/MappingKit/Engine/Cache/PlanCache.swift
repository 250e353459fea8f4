/// Compiled plans, one per model type and configuration, shared by every thread.
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
    /// (`type` comes as a `Mappable` metatype, its conformance known where it is passed: asking
    /// the runtime whether a type conforms costs more, the first time, than compiling the rest.)
    static func plan(for type: any Mappable.Type, configuration: MappingConfiguration) throws -> ObjectPlan {
        let rules = configuration.rules
        if let plan = recent.plan(for: type, rulesID: rules.id, inherited: rules.inheritsPolicies) { return plan }
        let key = Key(type: ObjectIdentifier(type), rules: rules.id)
        if let plan = plans.withLock({ $0[key] }) { return recent.remember(plan) }
        // Rules with closures or values: a plan compiled for the same structure is bound to them.
        let template = Key(type: ObjectIdentifier(type), rules: rules.structureID)
        if rules.needsBinding, let compiled = plans.withLock({ $0[template] }) {
            return insert(compiled.bound(to: rules), for: key)
        }
        let compiled = try ObjectPlan.compile(for: type, rules: rules)
        if rules.needsBinding { _ = insert(compiled, for: template) }
        return recent.remember(insert(compiled, for: key))
    }

    private static func insert(_ compiled: ObjectPlan, for key: Key) -> ObjectPlan {
        plans.withLock { plans in
            if let existing = plans[key] { return existing }
            if plans.count >= maximumCount { plans.removeAll(keepingCapacity: true) }
            plans[key] = compiled
            return compiled
        }
    }

    /// Plans found without the lock: see ``RecentPlans``.
    private static let recent = RecentPlans()
}

/// The first plan met for each of a fixed number of slots, chosen by the model type, read with
/// one atomic load: what the top-level calls (`Model(dictionary:)`, `dictionaryRepresentation()`)
/// find their plan with, instead of the cache's lock and hashing.
///
/// A slot is filled once and its plan kept for the life of the process (so at most
/// ``RecentPlans/slotCount`` plans, which a program's fixed set of model types fills and
/// computed configurations, each with rules of their own, only miss): a plan read from a slot
/// is never freed under the reader.
final class RecentPlans: Sendable {
    static let slotCount = 512

    /// Each slot: the address of its plan (retained by the slot), or 0.
    private let slots = AtomicWords(count: RecentPlans.slotCount)

    /// The plan in `type`'s slot, when it is `type`'s for the rules numbered `rulesID`.
    @inline(__always)
    func plan(for type: Any.Type, rulesID: Int, inherited: Bool) -> ObjectPlan? {
        let bits = slots.loadAcquiring(Self.slot(of: type, inherited: inherited))
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        let plan = Unmanaged<ObjectPlan>.fromOpaque(pointer)
        let matches = plan._withUnsafeGuaranteedRef { $0.rulesID == rulesID && ObjectIdentifier($0.modelType) == ObjectIdentifier(type) }
        return matches ? plan.takeUnretainedValue() : nil
    }

    /// Puts `plan` in its type's slot if the slot is empty, and returns it.
    func remember(_ plan: ObjectPlan) -> ObjectPlan {
        let slot = Self.slot(of: plan.modelType, inherited: plan.inheritsPolicies)
        guard slots.loadRelaxed(slot) == 0 else { return plan }
        let retained = Unmanaged.passRetained(plan)
        let bits = UInt(bitPattern: retained.toOpaque())
        if !slots.compareExchange(expected: 0, desired: bits, at: slot).exchanged {
            retained.release()
        }
        return plan
    }

    /// By type, and whether its rules inherit a key strategy: a type nested under a parent's
    /// strategy has a plan of its own beside its plain one, and both are in use. (Not by the rules'
    /// number: configurations built anew on every call, each with a number of its own, would fill
    /// every slot with plans kept for the life of the process.)
    private static func slot(of type: Any.Type, inherited: Bool) -> Int {
        // The metadata's address, mixed (hashing it would cost a SipHash).
        let bits = UInt(bitPattern: ObjectIdentifier(type)) &+ (inherited ? 0x2545_F491_4F6C_DD1D : 0)
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 55) & (slotCount - 1)
    }
}
