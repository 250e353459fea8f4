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
