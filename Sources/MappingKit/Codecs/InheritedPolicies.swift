/// The policies a model hands down to the types nested in it (and a ``Mapper`` to every type it
/// maps): each reaches every nested type that sets none of its own. `nil` leaves a policy to
/// each type. A value: equal policies make the same rules (``InheritedPolicies/of(_:)``).
struct TreePolicies: Hashable, Sendable {
    /// A key strategy, compared by name (strategies with one name are one function:
    /// ``KeyStrategy/custom(_:_:)`` says so to its callers).
    var keyStrategy: KeyStrategy?
    var missingKeys: MissingKeyPolicy?

    /// Nothing handed down.
    var isEmpty: Bool { keyStrategy == nil && missingKeys == nil }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keyStrategy?.name == rhs.keyStrategy?.name && lhs.missingKeys == rhs.missingKeys
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(keyStrategy?.name)
        hasher.combine(missingKeys)
    }
}

/// Policies handed down a tree of models (``MappingContext/inherited``): set on a parent's
/// configuration or on a ``Mapper``, they reach every nested type that sets none of its own.
/// One instance per value, so a context holds one reference and compares by identity.
final class InheritedPolicies: Sendable {
    let policies: TreePolicies
    /// A context's marks holding these policies and nothing else, shared by every context.
    nonisolated(unsafe) private(set) var marks: ContextMarks?

    private init(_ policies: TreePolicies) {
        self.policies = policies
    }

    private static let made = Locked<[TreePolicies: InheritedPolicies]>([:])

    /// The instance for `policies`.
    static func of(_ policies: TreePolicies) -> InheritedPolicies {
        made.withLock { made in
            if let box = made[policies] { return box }
            let box = InheritedPolicies(policies)
            // Set once, before the instance is shared (a cycle, but instances live for the process).
            box.marks = ContextMarks(discriminator: nil, updateProbe: nil, inherited: box)
            made[policies] = box
            return box
        }
    }
}

extension MappingContext {
    /// This context as the fields of a model whose plan hands `policies` down see it.
    @inline(__always)
    func handingDown(_ policies: InheritedPolicies?) -> MappingContext {
        guard let policies, policies !== inherited else { return self }
        var context = self
        context.inherited = policies
        return context
    }
}
