
/// What a configuration says, compiled into plans. Immutable once built.
final class ConfigurationRules: Sendable {
    let properties: [PropertyRule]
    let keyStrategy: KeyStrategy
    let coercion: CoercionMode
    let output: OutputPolicies
    let hooks: ConfigurationHooks
    /// Mistakes found while the configuration was built, reported when a plan is compiled.
    let problems: [String]
    /// Identifies the rules' content, so that equal configurations share a plan.
    let fingerprint: String
    /// The fingerprint as a number: rules with equal content have equal ids.
    let id: Int

    init(
        properties: [PropertyRule],
        keyStrategy: KeyStrategy,
        coercion: CoercionMode,
        output: OutputPolicies = OutputPolicies(),
        hooks: ConfigurationHooks = ConfigurationHooks(),
        problems: [String]
    ) {
        self.properties = properties
        self.keyStrategy = keyStrategy
        self.coercion = coercion
        self.output = output
        self.hooks = hooks
        self.problems = problems
        fingerprint = ([keyStrategy.name, coercion.rawValue, output.fingerprint] + properties.map(\.fingerprint)
            + hooks.identities + problems).joined(separator: "\u{1}")
        id = RulesIdentity.id(for: fingerprint)
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
            coercion: other.coercion,
            output: policies,
            hooks: hooks.appending(other.hooks),
            problems: problems + other.problems
        )
    }

    /// The same rules under other policies.
    func with(
        keyStrategy: KeyStrategy? = nil,
        coercion: CoercionMode? = nil,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        nilRepresentation: NilRepresentation? = nil
    ) -> ConfigurationRules {
        ConfigurationRules(
            properties: properties,
            keyStrategy: keyStrategy ?? self.keyStrategy,
            coercion: coercion ?? self.coercion,
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

/// The configuration of one property, named by a key path.
struct PropertyRule: Sendable {
    /// How messages name the property: `\User.userId`.
    let label: String
    /// Finds the property's offset among the model's stored fields, or says why it cannot.
    let locator: any PropertyLocating
    var keys: [ExternalKey]?
    var isIgnored = false
    /// Builds the property's `any ValueCodec<Value>` when an adapter replaces the default, given
    /// the property's type; `nil` when the adapter does not fit that type.
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

    var fingerprint: String {
        ([label, keys.map { $0.map(\.description).joined(separator: "|") } ?? "-", isIgnored ? "ignored" : "",
          codecIdentity ?? "", "layer \(layer)"] + valueIdentities).joined(separator: "\u{2}")
    }
}

/// A configuration mistake, in words.
struct ConfigurationFailure: Error {
    let message: String
}



/// Numbers rule fingerprints, so plan lookups hash two integers instead of a string.
enum RulesIdentity {
    private static let ids = Locked<[String: Int]>([:])

    static func id(for fingerprint: String) -> Int {
        ids.withLock { ids in
            if let id = ids[fingerprint] { return id }
            let id = ids.count
            ids[fingerprint] = id
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
