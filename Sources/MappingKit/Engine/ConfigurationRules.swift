
/// What a configuration says, compiled into plans. Immutable once built.
final class ConfigurationRules: Sendable {
    let properties: [PropertyRule]
    let keyStrategy: KeyStrategy
    /// The configuration chose `keyStrategy` itself: strategies inherited from a parent model or
    /// a mapper (``inheriting(_:)``) do not replace it.
    let ownsKeyStrategy: Bool
    /// `keyStrategy` came from a parent or a mapper (``inheriting(_:)``).
    let inheritsKeyStrategy: Bool
    /// The strategy the models nested in this one inherit: this one's, when it chose one or
    /// inherited one; `nil` for the default left alone.
    var handedDownKeyStrategy: KeyStrategy? { ownsKeyStrategy || inheritsKeyStrategy ? keyStrategy : nil }
    let coercion: CoercionMode
    /// Empty text reads as `nil` into every optional property.
    let emptyStringsAsNil: Bool
    let output: OutputPolicies
    let hooks: ConfigurationHooks
    /// `hooks.factory != nil` and `hooks.isPositional`, as plain values: reading them from
    /// `hooks` copies the factory's existential.
    let hasFactory: Bool
    let isPositional: Bool
    /// `hooks.identity != nil`: the type declares a primary key.
    let hasIdentity: Bool
    /// Mistakes found while the configuration was built, reported when a plan is compiled.
    let problems: [String]
    /// Identifies the rules' content, closures and values by instance, so that equal
    /// configurations (copies of one another) share a plan.
    let fingerprint: String
    /// The fingerprint as a number: rules with equal content have equal ids.
    let id: Int
    /// The fingerprint with closures and values identified by kind only: what a plan's layout
    /// depends on. A configuration built anew on every call has a new ``id`` each time, and
    /// the same structure: its plan is compiled once and bound to each call's closures.
    let structureID: Int
    /// `true` when the rules hold closures or values a plan must be bound to.
    var needsBinding: Bool { structureID != id }

    init(
        properties: [PropertyRule],
        keyStrategy: KeyStrategy,
        ownsKeyStrategy: Bool = false,
        inheritsKeyStrategy: Bool = false,
        coercion: CoercionMode,
        emptyStringsAsNil: Bool = false,
        output: OutputPolicies = OutputPolicies(),
        hooks: ConfigurationHooks = ConfigurationHooks(),
        problems: [String]
    ) {
        self.properties = properties
        self.keyStrategy = keyStrategy
        self.ownsKeyStrategy = ownsKeyStrategy
        self.inheritsKeyStrategy = inheritsKeyStrategy
        self.coercion = coercion
        self.emptyStringsAsNil = emptyStringsAsNil
        self.output = output
        self.hooks = hooks
        hasFactory = hooks.factory != nil
        isPositional = hooks.isPositional
        hasIdentity = hooks.identity != nil
        self.problems = problems
        // Whether the strategy is handed down is part of what a plan does.
        let handsDown = ownsKeyStrategy || inheritsKeyStrategy ? " handed down" : ""
        var fingerprint = "\(keyStrategy.name)\(handsDown)\u{1}\(coercion.rawValue)\(emptyStringsAsNil ? " empty=nil" : "")\u{1}\(output.fingerprint)"
        var structure = ""
        var needsBinding = false
        func append(_ part: String, structural: String) {
            if !needsBinding, structural != part {
                needsBinding = true
                structure = fingerprint
            }
            fingerprint += "\u{1}" + part
            if needsBinding { structure += "\u{1}" + structural }
        }
        for property in properties {
            append(property.fingerprint, structural: property.needsBinding ? property.structure : property.fingerprint)
        }
        for identity in hooks.identities { append(identity, structural: AdapterIdentity.structural(identity)) }
        for problem in problems { append(problem, structural: problem) }
        self.fingerprint = fingerprint
        id = RulesIdentity.id(for: fingerprint)
        structureID = needsBinding ? RulesIdentity.id(for: structure) : id
    }

    static let empty = ConfigurationRules(properties: [], keyStrategy: .useNames, coercion: .lossless, problems: [])

    /// These rules with `other`'s on top: a property configured in both takes `other`'s rule,
    /// and `other`'s policies apply.
    func extended(by other: ConfigurationRules) -> ConfigurationRules {
        let overridden = Set(other.properties.map(\.label))
        var policies = other.output
        policies.represented = other.output.represented ?? output.represented
        return ConfigurationRules(
            properties: properties.filter { !overridden.contains($0.label) } + other.properties.map { rule in
                var rule = rule
                rule.layer += (properties.map(\.layer).max() ?? 0) + 1
                return rule
            },
            keyStrategy: other.keyStrategy,
            ownsKeyStrategy: ownsKeyStrategy || other.ownsKeyStrategy,
            coercion: other.coercion,
            emptyStringsAsNil: other.emptyStringsAsNil,
            output: policies,
            hooks: hooks.appending(other.hooks),
            problems: problems + other.problems
        )
    }

    /// The same rules under other policies.
    func with(
        keyStrategy: KeyStrategy? = nil,
        coercion: CoercionMode? = nil,
        emptyStringsAsNil: Bool? = nil,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        nilRepresentation: NilRepresentation? = nil
    ) -> ConfigurationRules {
        ConfigurationRules(
            properties: properties,
            keyStrategy: keyStrategy ?? self.keyStrategy,
            ownsKeyStrategy: ownsKeyStrategy || keyStrategy != nil,
            coercion: coercion ?? self.coercion,
            emptyStringsAsNil: emptyStringsAsNil ?? self.emptyStringsAsNil,
            output: OutputPolicies(
                undefinedKeys: undefinedKeys ?? output.undefinedKeys,
                nilRepresentation: nilRepresentation ?? output.nilRepresentation,
                represented: output.represented
            ),
            hooks: hooks,
            problems: problems
        )
    }
}

extension ConfigurationRules {
    /// These rules under `strategy`, inherited from a parent model or a mapper, unless they
    /// choose a strategy of their own. Made once per rules and strategy and kept
    /// (``InheritedRules``): a tree of nested models asks for every model it maps.
    func inheriting(_ strategy: KeyStrategy) -> ConfigurationRules {
        guard !ownsKeyStrategy, !(inheritsKeyStrategy && strategy.name == keyStrategy.name) else { return self }
        return InheritedRules.rules(self, under: strategy) {
            ConfigurationRules(
                properties: properties, keyStrategy: strategy, inheritsKeyStrategy: true, coercion: coercion,
                emptyStringsAsNil: emptyStringsAsNil, output: output, hooks: hooks, problems: problems
            )
        }
    }
}

/// The configuration of one property, named by a key path.
struct PropertyRule: Sendable {
    /// How messages name the property: `\User.userId`.
    let label: String
    /// Finds the property's offset among the model's stored fields, or says why it cannot.
    var locator: any PropertyLocating
    var keys: [ExternalKey]?
    var isIgnored = false
    /// Makes the property's codec when an adapter replaces the default: a ``CodecBox`` of the
    /// property's type, for a type and coercion mode; `nil` when the adapter does not fit it.
    var makeCodec: (@Sendable (Any.Type, CoercionMode) -> Any?)?
    /// How messages name the adapter: `iso8601`.
    var adapterName: String?
    var codecIdentity: String?
    var defaults = FieldDefaults()
    /// The property's `[Requirement<Value>]`.
    var requirements: (any Sendable)?
    /// Identities of defaults and requirements, which cannot be compared.
    var valueIdentities: [String] = []
    /// How many configurations extend the one the rule was declared in: a rule of a later
    /// layer (a subclass's) replaces an earlier one for the same property, even when its key
    /// path names the property through another type.
    var layer = 0
    /// How many superclasses the type the rule was declared for has (0 for structs and root
    /// classes): for one property, the most derived class's rule wins, whichever configuration
    /// was extended last (a subclass's `update(from:configuration:)` extends before calling
    /// `super`, whose extension comes later but is about a less derived type).
    var depth = 0
    /// Empty text reads as `nil` (``MappingConfiguration/Builder/emptyStringAsNil(_:fileID:line:)``).
    var emptyStringAsNil = false
    /// An update in place replaces the value whole instead of merging an object into it
    /// (``MappingConfiguration/Builder/replacesOnUpdate(_:fileID:line:)``).
    var replacesOnUpdate = false
    /// Set and read through the key path's accessors (``MappingConfiguration/Builder/observed(_:fileID:line:)``).
    var accessor: (any PropertyAccessor)?

    var fingerprint: String {
        fingerprint(codec: codecIdentity ?? "", values: valueIdentities)
    }

    /// The fingerprint with closures and values identified by kind.
    var structure: String {
        fingerprint(codec: AdapterIdentity.structural(codecIdentity ?? ""), values: valueIdentities.map(AdapterIdentity.structural))
    }

    /// `true` when the rule holds a closure or a value that a plan must be bound to.
    var needsBinding: Bool {
        !valueIdentities.isEmpty || AdapterIdentity.structural(codecIdentity ?? "") != (codecIdentity ?? "")
    }

    private func fingerprint(codec: String, values: [String]) -> String {
        ([label, keys.map { $0.map(\.description).joined(separator: "|") } ?? "-", isIgnored ? "ignored" : "",
          codec, "layer \(layer)", "depth \(depth)", accessor == nil ? "" : "observed", emptyStringAsNil ? "empty=nil" : "",
          replacesOnUpdate ? "replaces" : ""] + values).joined(separator: "\u{2}")
    }
}

/// A configuration mistake, in words.
struct ConfigurationFailure: Error {
    let message: String
}



/// Numbers rule fingerprints, so plan lookups hash two integers instead of a string.
///
/// Configurations built anew with new closures on every call bring a new fingerprint each
/// time; past ``maximumCount`` fingerprints the table starts over. Numbers are never reused,
/// so a fingerprint seen again after that only gets a new number (and its plan is bound anew).
enum RulesIdentity {
    private struct Table {
        var ids: [String: Int] = [:]
        var next = 0
    }

    private static let table = Locked(Table())
    static let maximumCount = 4096

    static func id(for fingerprint: String) -> Int {
        table.withLock { table in
            if let id = table.ids[fingerprint] { return id }
            if table.ids.count >= maximumCount { table.ids.removeAll(keepingCapacity: true) }
            let id = table.next
            table.next += 1
            table.ids[fingerprint] = id
            return id
        }
    }
}

/// What happens to keys nothing reads, and how the dictionary representation is written.
struct OutputPolicies: Sendable {
    var undefinedKeys = UndefinedKeyPolicy.drop
    var nilRepresentation = NilRepresentation.omitted
    /// The only properties the dictionary representation writes, when set.
    var represented: [RepresentedProperty]?

    var fingerprint: String {
        ([undefinedKeys.rawValue, nilRepresentation.rawValue] + (represented?.map(\.label) ?? ["all"])).joined(separator: ",")
    }
}

/// A property named for the dictionary representation's subset.
struct RepresentedProperty: Sendable {
    let label: String
    let locator: any PropertyLocating
}

/// Hands out adapter identities.
enum AdapterIdentity {
    private static let counter = AtomicWords(count: 1)

    static func next() -> Int {
        Int(truncatingIfNeeded: counter.add(1))
    }

    /// The identity of one closure or value of `kind`: the kind, then a number no other
    /// instance has. Plans are compiled once per kind (see ``structural(_:)``) and bound to
    /// the instances of each configuration.
    static func instance(_ kind: String) -> String {
        "\(kind)\(separator)\(next())"
    }

    /// `identity` without its instance number: what a plan's layout depends on.
    static func structural(_ identity: String) -> String {
        guard let separatorIndex = identity.lastIndex(of: separator) else { return identity }
        return String(identity[..<separatorIndex])
    }

    private static let separator: Character = "\u{3}"
}
