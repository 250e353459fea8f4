
/// What a configuration says, compiled into plans. Immutable once built.
///
/// Rules are values: everything a plan depends on is in ``key`` (``TypePolicies`` for the type,
/// ``PropertyRule/Settings`` for each property, the identities of hooks and of the closures and
/// values rules hold), compared and hashed as Swift synthesizes it. A rule added to one of those
/// structs is part of the plan cache's key with nothing more to write; `ConfigurationRulesTests`
/// pins that every stored property of a rule is either in them or identified there.
final class ConfigurationRules: Sendable {
    let properties: [PropertyRule]
    /// The policies that apply to the whole type.
    let policies: TypePolicies
    let hooks: ConfigurationHooks
    /// `hooks.factory != nil` and `hooks.isPositional`, as plain values: reading them from
    /// `hooks` copies the factory's existential.
    let hasFactory: Bool
    let isPositional: Bool
    /// `hooks.identity != nil`: the type declares a primary key.
    let hasIdentity: Bool
    /// Mistakes found while the configuration was built, reported when a plan is compiled.
    let problems: [String]
    /// The rules' content, closures and values by instance: equal configurations (copies of one
    /// another, or built again the same way) share a plan.
    let key: RulesKey
    /// The key as a number: rules with equal keys have equal ids.
    let id: Int
    /// The key with closures and values identified by kind only: what a plan's layout depends
    /// on. A configuration built anew on every call has a new ``id`` each time, and the same
    /// structure: its plan is compiled once and bound to each call's closures.
    let structureID: Int
    /// `true` when the rules hold closures or values a plan must be bound to.
    var needsBinding: Bool { structureID != id }

    var keyStrategy: KeyStrategy { policies.keyStrategy }
    /// The configuration chose `keyStrategy` itself: strategies inherited from a parent model or
    /// a mapper (``inheriting(_:)``) do not replace it.
    var ownsKeyStrategy: Bool { policies.ownsKeyStrategy }
    /// `keyStrategy` came from a parent or a mapper (``inheriting(_:)``).
    var inheritsKeyStrategy: Bool { policies.inheritsKeyStrategy }
    /// What making a model does with an absent key.
    var missingKeys: MissingKeyPolicy { policies.missingKeys }
    /// A policy came from a parent or a mapper (``inheriting(_:)``).
    var inheritsPolicies: Bool {
        policies.inheritsKeyStrategy || policies.inheritsMissingKeys || !policies.flags.inherited.isEmpty
            || !policies.inheritedAdapters.isEmpty
    }
    /// The yes-or-no policies (``TreeFlag``) that are on for the type.
    var flags: TreeFlag { policies.flags.on }
    /// The adapters by value type that apply to this type's properties: its own, and those
    /// handed down for the types it chose none for.
    var valueAdapters: ValueAdapters { policies.inheritedAdapters.overridden(by: policies.ownAdapters) }
    /// The policies the models nested in this one inherit: each of this one's that it chose or
    /// inherited; `nil` when it left them all at their defaults.
    var handedDown: TreePolicies? {
        let handed = TreePolicies(
            keyStrategy: ownsKeyStrategy || inheritsKeyStrategy ? keyStrategy : nil,
            missingKeys: policies.ownsMissingKeys || policies.inheritsMissingKeys ? missingKeys : nil,
            valueAdapters: valueAdapters,
            flags: policies.flags.handedDown,
            raisesInValues: policies.output.undefinedKeys == .raise
        )
        return handed.isEmpty ? nil : handed
    }
    var coercion: CoercionMode { policies.coercion }
    var output: OutputPolicies { policies.output }

    init(properties: [PropertyRule], policies: TypePolicies, hooks: ConfigurationHooks = ConfigurationHooks(), problems: [String]) {
        self.properties = properties
        self.policies = policies
        self.hooks = hooks
        hasFactory = hooks.factory != nil
        isPositional = hooks.isPositional
        hasIdentity = hooks.identity != nil
        self.problems = problems
        key = RulesKey(policies: policies, properties: properties.map(\.settings), hooks: hooks.identities, problems: problems)
        id = RulesIdentity.id(for: key)
        structureID = key.holdsInstances ? RulesIdentity.id(for: key.structure) : id
    }

    static let empty = ConfigurationRules(properties: [], policies: TypePolicies(), problems: [])

    /// These rules with `other`'s on top: a property configured in both takes `other`'s rule,
    /// and `other`'s policies apply.
    func extended(by other: ConfigurationRules) -> ConfigurationRules {
        let overridden = Set(other.properties.map(\.label))
        var policies = other.policies
        policies.ownsKeyStrategy = ownsKeyStrategy || other.ownsKeyStrategy
        policies.inheritsKeyStrategy = false
        policies.ownsMissingKeys = self.policies.ownsMissingKeys || other.policies.ownsMissingKeys
        policies.inheritsMissingKeys = false
        policies.inheritedAdapters = ValueAdapters()
        policies.flags = self.policies.flags.extended(by: other.policies.flags)
        policies.output.represented = other.output.represented ?? output.represented
        let layer = (properties.map(\.layer).max() ?? 0) + 1
        return ConfigurationRules(
            properties: properties.filter { !overridden.contains($0.label) } + other.properties.map { rule in
                var rule = rule
                rule.layer += layer
                return rule
            },
            policies: policies,
            hooks: hooks.appending(other.hooks),
            problems: problems + other.problems
        )
    }

    /// The same rules under other policies.
    func with(_ change: (inout TypePolicies) -> Void) -> ConfigurationRules {
        var policies = policies
        change(&policies)
        return ConfigurationRules(properties: properties, policies: policies, hooks: hooks, problems: problems)
    }
}

extension ConfigurationRules {
    /// These rules under `inherited`, handed down from a parent model or a mapper: each policy
    /// the rules do not choose themselves. Made once per rules and policies and kept
    /// (``InheritedRules``): a tree of nested models asks for every model it maps.
    func inheriting(_ inherited: InheritedPolicies) -> ConfigurationRules {
        // Decided without copying the policies: a tree of nested models asks for every model.
        let takesStrategy = inherited.keyStrategy.map { strategy in
            !ownsKeyStrategy && !(inheritsKeyStrategy && strategy.name == keyStrategy.name)
        } ?? false
        let takesMissingKeys = inherited.missingKeys.map { missingKeys in
            !policies.ownsMissingKeys && !(policies.inheritsMissingKeys && missingKeys == self.missingKeys)
        } ?? false
        let takesAdapters = inherited.hasValueAdapters && inherited.valueAdapters != policies.inheritedAdapters
        let takesFlags = policies.flags.taking(inherited.flags)
        guard takesStrategy || takesMissingKeys || takesAdapters || !takesFlags.isEmpty else { return self }
        return InheritedRules.rules(self, under: inherited) {
            var changed = policies
            if takesStrategy, let strategy = inherited.keyStrategy {
                changed.strategy = NamedKeyStrategy(strategy)
                changed.inheritsKeyStrategy = true
            }
            if takesMissingKeys, let missingKeys = inherited.missingKeys {
                changed.missing = missingKeys
                changed.inheritsMissingKeys = true
            }
            if takesAdapters { changed.inheritedAdapters = inherited.valueAdapters }
            changed.flags = policies.flags.inheriting(takesFlags, from: inherited.flags)
            return ConfigurationRules(properties: properties, policies: changed, hooks: hooks, problems: problems)
        }
    }
}

/// Everything a plan compiled from rules depends on, as one value: the plan cache's key (as
/// the number ``RulesIdentity`` gives it).
struct RulesKey: Hashable, Sendable {
    var policies: TypePolicies
    var properties: [PropertyRule.Settings]
    var hooks: [RuleIdentity]
    var problems: [String]

    /// `true` when a closure or value is identified by instance: a plan compiled for
    /// ``structure`` is then bound to this key's instances.
    var holdsInstances: Bool {
        hooks.contains(where: \.isInstance) || properties.contains(where: \.holdsInstances)
    }

    /// This key with closures and values identified by kind only.
    var structure: RulesKey {
        var key = self
        key.hooks = hooks.map(\.structure)
        key.properties = properties.map(\.structure)
        return key
    }
}

/// The configuration of one property, named by a key path: its ``Settings``, a value that
/// identifies it, and the closures and values a plan is bound to, each identified there.
@dynamicMemberLookup
struct PropertyRule: Sendable {
    /// What the rule says, as a value: part of the plan's identity as it is.
    struct Settings: Hashable, Sendable {
        /// How messages name the property: `\User.userId`.
        let label: String
        /// The type of the value the rule's key path names (with ``label``, which rule a
        /// configuration line edits: an empty model's key path has the name of the first field
        /// at its offset); `nil` for a rule named as text.
        var valueType: ObjectIdentifier?
        var keys: [ExternalKey]?
        var isIgnored = false
        /// How messages name the adapter: `iso8601`.
        var adapterName: String?
        /// The adapter's identity, when one replaces the default codec (``makeCodec``).
        var codec: RuleIdentity?
        /// Identities of defaults and requirements, which cannot be compared.
        var values: [RuleIdentity] = []
        /// How many configurations extend the one the rule was declared in: a rule of a later
        /// layer (a subclass's) replaces an earlier one for the same property, even when its key
        /// path names the property through another type.
        var layer = 0
        /// How many superclasses the type the rule was declared for has (0 for structs and root
        /// classes): for one property, the most derived class's rule wins, whichever
        /// configuration was extended last (a subclass's `update(from:configuration:)` extends
        /// before calling `super`, whose extension comes later but is about a less derived type).
        var depth = 0
        /// Empty text reads as `nil` (``MappingConfiguration/Builder/emptyStringAsNil(_:fileID:line:)``).
        var emptyStringAsNil = false
        /// An update in place replaces the value whole instead of merging an object into it
        /// (``MappingConfiguration/Builder/replacesOnUpdate(_:fileID:line:)``).
        var replacesOnUpdate = false
        /// Set and read through the key path's accessors (``accessor``).
        var isObserved = false
        /// Its collection leaves out the elements that do not convert
        /// (``MappingConfiguration/Builder/lossy(_:fileID:line:)``).
        var isLossy = false
        /// Its array or set reads one value as its only element
        /// (``MappingConfiguration/Builder/singleValueAsArray(_:fileID:line:)``).
        var boxesSingleValue = false
        /// The yes-or-no policies this property's own rules turn on, as the type's are
        /// (``CodecFactory/codec(_:flags:)``).
        var flags: TreeFlag {
            var flags: TreeFlag = []
            if isLossy { flags.insert(.lossyCollections) }
            if boxesSingleValue { flags.insert(.singleValuesAsArrays) }
            if emptyStringAsNil { flags.insert(.emptyStringsAsNil) }
            return flags
        }
        /// Its key may be absent under ``MissingKeyPolicy/raise``
        /// (``MappingConfiguration/Builder/allowsMissing(_:fileID:line:)``).
        var allowsMissing = false
        /// Its nested model's keys are the parent object's
        /// (``MappingConfiguration/Builder/flatten(_:fileID:line:)``).
        var flattens = false
        /// The property's own coercion mode, over the configuration's
        /// (``MappingConfiguration/Builder/coercion(_:_:fileID:line:)``).
        var coercion: CoercionMode?

        var holdsInstances: Bool {
            codec?.isInstance == true || values.contains(where: \.isInstance)
        }

        var structure: Settings {
            var settings = self
            settings.codec = codec?.structure
            settings.values = values.map(\.structure)
            return settings
        }
    }

    var settings: Settings
    /// Finds the property's offset among the model's stored fields, or says why it cannot
    /// (identified by ``Settings/label``).
    var locator: any PropertyLocating
    /// Makes the property's codec when an adapter replaces the default: a ``CodecBox`` of the
    /// property's type, for a type and coercion mode; `nil` when the adapter does not fit it
    /// (identified by ``Settings/codec``).
    var makeCodec: (@Sendable (Any.Type, CoercionMode) -> Any?)?
    /// Identified by ``Settings/values``.
    var defaults = FieldDefaults()
    /// The property's `[Requirement<Value>]` (identified by ``Settings/values``).
    var requirements: (any Sendable)?
    /// Set and read through the key path's accessors
    /// (``MappingConfiguration/Builder/observed(_:fileID:line:)``; identified by
    /// ``Settings/isObserved``).
    var accessor: (any PropertyAccessor)? {
        didSet { settings.isObserved = accessor != nil }
    }

    init(label: String, locator: any PropertyLocating) {
        settings = Settings(label: label)
        self.locator = locator
    }

    subscript<Value>(dynamicMember path: WritableKeyPath<Settings, Value>) -> Value {
        get { settings[keyPath: path] }
        set { settings[keyPath: path] = newValue }
    }

    subscript<Value>(dynamicMember path: KeyPath<Settings, Value>) -> Value {
        settings[keyPath: path]
    }

    /// `true` when the rule holds a closure or a value that a plan must be bound to.
    var needsBinding: Bool { settings.holdsInstances }
}

/// A configuration mistake, in words.
struct ConfigurationFailure: Error {
    let message: String
}

/// Numbers rule keys, so plan lookups hash two integers instead of the rules.
///
/// Configurations built anew with new closures on every call bring a new key each time; past
/// ``maximumCount`` keys the table starts over. Numbers are never reused, so a key seen again
/// after that only gets a new number (and its plan is bound anew).
enum RulesIdentity {
    private struct Table {
        var ids: [RulesKey: Int] = [:]
        var next = 0
    }

    private static let table = Locked(Table())
    static let maximumCount = 4096

    static func id(for key: RulesKey) -> Int {
        table.withLock { table in
            if let id = table.ids[key] { return id }
            if table.ids.count >= maximumCount { table.ids.removeAll(keepingCapacity: true) }
            let id = table.next
            table.next += 1
            table.ids[key] = id
            return id
        }
    }
}

/// What happens to keys nothing reads, and how the dictionary representation is written.
struct OutputPolicies: Hashable, Sendable {
    var undefinedKeys = UndefinedKeyPolicy.drop
    var nilRepresentation = NilRepresentation.omitted
    /// The only properties the dictionary representation writes, when set.
    var represented: [RepresentedProperty]?
}

/// A property named for the dictionary representation's subset, identified by its label.
struct RepresentedProperty: Hashable, Sendable {
    let label: String
    let locator: any PropertyLocating

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.label == rhs.label }
    func hash(into hasher: inout Hasher) { hasher.combine(label) }
}
