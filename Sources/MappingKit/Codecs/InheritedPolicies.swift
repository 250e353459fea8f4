/// The policies a model hands down to the types nested in it (and a ``Mapper`` to every type it
/// maps): each reaches every nested type that sets none of its own. `nil` leaves a policy to
/// each type. A value: equal policies are one ``InheritedPolicies`` instance.
struct TreePolicies: Hashable, Sendable {
    /// A key strategy, compared by name (strategies with one name are one function:
    /// ``KeyStrategy/custom(_:_:)`` says so to its callers).
    var keyStrategy: KeyStrategy?
    var missingKeys: MissingKeyPolicy?
    /// Adapters by value type (``MappingConfiguration/Builder/convert(_:using:fileID:line:)``):
    /// a nested type takes each one for a type it chose none for.
    var valueAdapters = ValueAdapters()
    /// The yes-or-no policies (``TreeFlag``) decided, and how.
    var flags = HandedFlags()
    /// The type's own ``UndefinedKeyPolicy/raise``, for the objects its values read themselves
    /// (a tagged enum's): those are the type's input as much as its key paths' objects are. Not
    /// taken by nested models, which have a policy of their own.
    var raisesInValues = false

    /// Nothing handed down.
    var isEmpty: Bool {
        keyStrategy == nil && missingKeys == nil && valueAdapters.isEmpty && flags.isEmpty && !raisesInValues
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keyStrategy?.name == rhs.keyStrategy?.name && lhs.missingKeys == rhs.missingKeys && lhs.valueAdapters == rhs.valueAdapters
            && lhs.flags == rhs.flags && lhs.raisesInValues == rhs.raisesInValues
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(keyStrategy?.name)
        hasher.combine(missingKeys)
        hasher.combine(valueAdapters)
        hasher.combine(flags)
        hasher.combine(raisesInValues)
    }
}

/// Policies handed down a tree of models (``MappingContext/inherited``): set on a parent's
/// configuration or on a ``Mapper``, they reach every nested type that sets none of its own.
/// One instance per value, so a context holds one reference and compares by identity.
///
/// Read for every nested model a tree maps (``ConfigurationRules/inheriting(_:)``): each policy is
/// a stored property of its own, so reading one copies nothing else, and rules made under these
/// policies are kept by the instance's identity (``InheritedRules``).
final class InheritedPolicies: @unchecked Sendable {
    // @unchecked: `marks` is set once, before the instance is shared (by ``of(_:)``); the
    // other properties are constants.

    /// A context's marks holding these policies and nothing else, shared by every context.
    private(set) var marks: ContextMarks?
    let keyStrategy: KeyStrategy?
    let missingKeys: MissingKeyPolicy?
    let valueAdapters: ValueAdapters
    /// `!valueAdapters.isEmpty`, as a plain value: read for every nested model.
    let hasValueAdapters: Bool
    let flags: HandedFlags
    let raisesInValues: Bool

    private init(_ policies: TreePolicies) {
        keyStrategy = policies.keyStrategy
        missingKeys = policies.missingKeys
        valueAdapters = policies.valueAdapters
        hasValueAdapters = !policies.valueAdapters.isEmpty
        flags = policies.flags
        raisesInValues = policies.raisesInValues
    }

    private static let made = Locked<[TreePolicies: InheritedPolicies]>([:])

    /// The instance for `policies`; `nil` when they hand nothing down.
    static func of(_ policies: TreePolicies) -> InheritedPolicies? {
        guard !policies.isEmpty else { return nil }
        return made.withLock { made in
            if let box = made[policies] { return box }
            let box = InheritedPolicies(policies)
            // Set once, before the instance is shared (a cycle, but instances live for the process).
            box.marks = ContextMarks(discriminator: nil, defaultProbe: nil, inherited: box)
            made[policies] = box
            return box
        }
    }
}

extension MappingContext {
    /// Whether the model holding the values read now hands `flag` down, on: what a value with no
    /// configuration of its own (a tagged enum's payload value) follows.
    func inheritsFlag(_ flag: TreeFlag) -> Bool {
        inherited?.flags.on.contains(flag) == true
    }

    /// This context as the fields of a model whose plan hands `policies` down see it.
    @inline(__always)
    func handingDown(_ policies: InheritedPolicies?) -> MappingContext {
        guard let policies, policies !== inherited else { return self }
        var context = self
        context.inherited = policies
        return context
    }
}
