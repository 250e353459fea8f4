/// The policies of a configuration that apply to its whole type (`ConfigurationRules.swift`
/// holds the rules around them). A policy added here is part of the plan's identity
/// (``RulesKey``) as it is, and ``ConfigurationRules/with(_:)`` keeps it without a word more. A
/// yes-or-no policy handed down to nested types is a ``TreeFlag`` in ``flags``, which every step
/// of handing down treats alike; any other (the key strategy, missing keys, adapters by value
/// type) also has its own and inherited flags, a field in ``TreePolicies``, and a line in
/// ``ConfigurationRules/extended(by:)`` and ``ConfigurationRules/inheriting(_:)``.
struct TypePolicies: Hashable, Sendable {
    var strategy = NamedKeyStrategy(.useNames)
    /// The configuration chose its key strategy itself (setting ``keyStrategy`` says so).
    var ownsKeyStrategy = false
    /// The key strategy came from a parent or a mapper.
    var inheritsKeyStrategy = false
    var coercion = CoercionMode.lossless
    var output = OutputPolicies()
    var missing = MissingKeyPolicy.keep
    /// The configuration chose its missing-key policy itself (setting ``missingKeys`` says so).
    var ownsMissingKeys = false
    /// The missing-key policy came from a parent or a mapper.
    var inheritsMissingKeys = false
    /// Adapters by value type the configuration chose (``MappingConfiguration/Builder/convert(_:using:fileID:line:)``).
    var ownAdapters = ValueAdapters()
    /// Adapters by value type handed down from a parent or a mapper; the type's own win.
    var inheritedAdapters = ValueAdapters()
    /// The yes-or-no policies handed down (``TreeFlag``), each on or off, chosen or inherited.
    var flags = TreeFlagSettings()

    /// What making a model does with an absent key; setting it makes the policy the
    /// configuration's own.
    var missingKeys: MissingKeyPolicy {
        get { missing }
        set {
            missing = newValue
            ownsMissingKeys = true
        }
    }

    /// How property names become keys; setting it makes the strategy the configuration's own.
    var keyStrategy: KeyStrategy {
        get { strategy.strategy }
        set {
            strategy = NamedKeyStrategy(newValue)
            ownsKeyStrategy = true
        }
    }
}

/// A key strategy as a value: strategies with the same name are the same function
/// (``KeyStrategy/custom(_:_:)`` says so to its callers).
struct NamedKeyStrategy: Hashable, Sendable {
    let strategy: KeyStrategy

    init(_ strategy: KeyStrategy) {
        self.strategy = strategy
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.strategy.name == rhs.strategy.name }
    func hash(into hasher: inout Hasher) { hasher.combine(strategy.name) }
}
