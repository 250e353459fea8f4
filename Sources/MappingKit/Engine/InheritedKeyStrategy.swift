/// A key strategy handed down a tree of models (``MappingContext/inheritedKeyStrategy``): set on
/// a parent's configuration or on a ``Mapper``, it reaches every nested type that sets none of
/// its own. One instance per strategy name, so a context holds one reference and compares by identity.
final class InheritedKeyStrategy: Sendable {
    let strategy: KeyStrategy
    /// A context's marks holding this strategy and nothing else, shared by every context.
    nonisolated(unsafe) private(set) var marks: ContextMarks?

    private init(_ strategy: KeyStrategy) {
        self.strategy = strategy
    }

    private static let made = Locked<[String: InheritedKeyStrategy]>([:])

    /// The instance for `strategy`'s name.
    static func of(_ strategy: KeyStrategy) -> InheritedKeyStrategy {
        made.withLock { made in
            if let box = made[strategy.name] { return box }
            let box = InheritedKeyStrategy(strategy)
            // Set once, before the instance is shared (a cycle, but instances live for the process).
            box.marks = ContextMarks(discriminator: nil, updateProbe: nil, keyStrategy: box)
            made[strategy.name] = box
            return box
        }
    }
}

extension MappingContext {
    /// This context as the fields of a model whose plan hands `strategy` down see it.
    @inline(__always)
    func handingDown(_ strategy: InheritedKeyStrategy?) -> MappingContext {
        guard let strategy, strategy !== inheritedKeyStrategy else { return self }
        var context = self
        context.inheritedKeyStrategy = strategy
        return context
    }
}

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
