/// Rules made by ``ConfigurationRules/inheriting(_:)``, by the rules' id and the policies inherited:
/// equal rules share them. Read without a lock for the first pair met per slot (a program's
/// nested types under its one set of policies); past ``maximumCount`` pairs (configurations built anew
/// with new closures on every call) the table starts over.
enum InheritedRules {
    private struct Key: Hashable {
        let rules: Int
        /// The policies' instance, one per value and never freed.
        let policies: ObjectIdentifier
    }

    private final class Entry: Sendable {
        let rulesID: Int
        let policies: InheritedPolicies
        let rules: ConfigurationRules

        init(rulesID: Int, policies: InheritedPolicies, rules: ConfigurationRules) {
            self.rulesID = rulesID
            self.policies = policies
            self.rules = rules
        }
    }

    static let maximumCount = 4096
    private static let table = Locked<[Key: ConfigurationRules]>([:])
    private static let slots = WriteOnceSlots<Entry>(count: 512)

    static func rules(_ rules: ConfigurationRules, under policies: InheritedPolicies, make: () -> ConfigurationRules) -> ConfigurationRules {
        let slot = rules.id & 511
        if let kept = slots.withEntry(at: slot, { $0.rulesID == rules.id && $0.policies === policies ? $0.rules : nil }) {
            return kept
        }
        let key = Key(rules: rules.id, policies: ObjectIdentifier(policies))
        if let made = table.withLock({ $0[key] }) { return made }
        let made = make()
        let kept = table.withLock { table in
            if let existing = table[key] { return existing }
            if table.count >= maximumCount { table.removeAll(keepingCapacity: true) }
            table[key] = made
            return made
        }
        slots.fill(slot, with: Entry(rulesID: rules.id, policies: policies, rules: kept))
        return kept
    }
}
