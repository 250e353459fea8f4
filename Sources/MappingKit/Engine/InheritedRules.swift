/// Rules made by ``ConfigurationRules/inheriting(_:)``, by the rules' id and the strategy's name:
/// equal rules share them. Read without a lock for the first pair met per slot (a program's
/// nested types under its one strategy); past ``maximumCount`` pairs (configurations built anew
/// with new closures on every call) the table starts over.
enum InheritedRules {
    private struct Key: Hashable {
        let rules: Int
        let strategy: String
    }

    private final class Entry: Sendable {
        let rulesID: Int
        let strategy: String
        let rules: ConfigurationRules

        init(rulesID: Int, strategy: String, rules: ConfigurationRules) {
            self.rulesID = rulesID
            self.strategy = strategy
            self.rules = rules
        }
    }

    static let maximumCount = 4096
    private static let table = Locked<[Key: ConfigurationRules]>([:])
    private static let slots = WriteOnceSlots<Entry>(count: 512)

    static func rules(_ rules: ConfigurationRules, under strategy: KeyStrategy, make: () -> ConfigurationRules) -> ConfigurationRules {
        let slot = rules.id & 511
        if let kept = slots.withEntry(at: slot, { $0.rulesID == rules.id && $0.strategy == strategy.name ? $0.rules : nil }) {
            return kept
        }
        let key = Key(rules: rules.id, strategy: strategy.name)
        if let made = table.withLock({ $0[key] }) { return made }
        let made = make()
        let kept = table.withLock { table in
            if let existing = table[key] { return existing }
            if table.count >= maximumCount { table.removeAll(keepingCapacity: true) }
            table[key] = made
            return made
        }
        slots.fill(slot, with: Entry(rulesID: rules.id, strategy: strategy.name, rules: kept))
        return kept
    }
}
