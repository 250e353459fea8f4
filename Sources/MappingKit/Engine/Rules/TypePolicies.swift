/// The policies of a configuration that apply to its whole type (`ConfigurationRules.swift`
/// holds the rules around them). A policy added here is part of the plan's identity
/// (``RulesKey``) as it is, and ``ConfigurationRules/with(_:)`` keeps it without a word more. A
/// policy handed down to nested types (the key strategy, missing keys, adapters by value type,
/// lossy collections, single values as arrays, defaults for invalid values) also has its own and inherited flags, a field in ``TreePolicies``, and a
/// line in ``ConfigurationRules/extended(by:)`` and ``ConfigurationRules/inheriting(_:)``.
struct TypePolicies: Hashable, Sendable {
    var strategy = NamedKeyStrategy(.useNames)
    /// The configuration chose its key strategy itself (setting ``keyStrategy`` says so).
    var ownsKeyStrategy = false
    /// The key strategy came from a parent or a mapper.
    var inheritsKeyStrategy = false
    var coercion = CoercionMode.lossless
    /// Empty text reads as `nil` into every optional property.
    var emptyStringsAsNil = false
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
    var lossy = false
    /// The configuration chose ``lossyCollections`` itself.
    var ownsLossy = false
    /// ``lossyCollections`` came from a parent or a mapper.
    var inheritsLossy = false
    var keepsWhenInvalid = false
    /// The configuration chose ``defaultsWhenInvalid`` itself.
    var ownsInvalidDefaults = false
    /// ``defaultsWhenInvalid`` came from a parent or a mapper.
    var inheritsInvalidDefaults = false
    var boxes = false
    /// The configuration chose ``singleValuesAsArrays`` itself.
    var ownsBoxing = false
    /// ``singleValuesAsArrays`` came from a parent or a mapper.
    var inheritsBoxing = false

    /// Every array and set property reads one value that is no array as its only element
    /// (KVCMapping's automatic collections); setting it makes the policy the configuration's own.
    var singleValuesAsArrays: Bool {
        get { boxes }
        set {
            boxes = newValue
            ownsBoxing = true
        }
    }

    /// A value that does not convert leaves its property as it was (its declared value when a
    /// model is made), reported; setting it makes the policy the configuration's own.
    var defaultsWhenInvalid: Bool {
        get { keepsWhenInvalid }
        set {
            keepsWhenInvalid = newValue
            ownsInvalidDefaults = true
        }
    }

    /// Every array, set and dictionary property leaves out the elements that do not convert;
    /// setting it makes the policy the configuration's own.
    var lossyCollections: Bool {
        get { lossy }
        set {
            lossy = newValue
            ownsLossy = true
        }
    }

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
