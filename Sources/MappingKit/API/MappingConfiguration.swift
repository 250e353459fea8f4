/// How one model type maps: which keys feed which properties, how values convert, and the
/// policies that apply.
///
/// `MappingConfiguration()` is the empty configuration: every `var` property maps from the key
/// with its own name. A type declares its own with a typed builder, checked against the model
/// when its plan is compiled:
///
/// ```swift
/// struct User: Mappable {
///     var userId = 0
///     var displayName = ""
///     var city = ""
///
///     static let mappingConfiguration = MappingConfiguration(for: User.self) { map in
///         map.keyStrategy = .snakeCase                  // displayName ↔ "display_name"
///         map.map(\.userId, to: "id", "user_id")        // first key present wins
///         map.map(\.city, to: "address.city")           // a path into a nested dictionary
///     }
/// }
/// ```
///
/// A model can also adjust the configuration for one call by implementing
/// ``Mappable/update(from:configuration:)`` and then calling
/// ``Mappable/defaultUpdate(from:configuration:)-o9zu``.
public struct MappingConfiguration: Sendable {
    /// The rules this configuration holds; `.empty` for name-based mapping.
    var rules: ConfigurationRules = .empty

    /// The empty configuration: name-based mapping, default policies.
    ///
    /// ```swift
    /// var configuration = MappingConfiguration()
    /// configuration.keyStrategy = .snakeCase
    /// ```
    public init() {}

    /// A configuration built with key paths into `Model`.
    ///
    /// - Parameters:
    ///   - model: The model type the key paths start from.
    ///   - base: A configuration to extend, typically a superclass's: its rules apply unless
    ///     `build` configures the same property again.
    ///   - build: Declares keys, adapters and policies on a ``Builder``.
    ///
    /// ```swift
    /// static let stored = MappingConfiguration(for: Dog.self, extending: Animal.mappingConfiguration) { map in
    ///     map.map(\.breed, to: "dog_breed")
    /// }
    /// ```
    public init<Model: Mappable>(
        for model: Model.Type,
        extending base: MappingConfiguration? = nil,
        _ build: (inout Builder<Model>) -> Void
    ) {
        var builder = Builder<Model>(rules: base?.rules ?? .empty)
        build(&builder)
        let own = builder.rules()
        rules = base.map { $0.rules.extended(by: own) } ?? own
        if let tree = builder.treePolicies { rules = rules.inheriting(tree) }
    }

    /// Adds rules to this configuration: properties configured again take the new rules. This
    /// is how an ``Mappable/update(from:configuration:)`` override adjusts the mapping per call:
    ///
    /// ```swift
    /// mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
    ///     var configuration = configuration
    ///     configuration.extend(for: Self.self) { map in
    ///         map.map(\.mappToMe, to: "someKey")
    ///     }
    ///     try defaultUpdate(from: dictionary, configuration: configuration)
    /// }
    /// ```
    ///
    /// Plans are cached by the rules' content, so a configuration rebuilt on every call with the
    /// same keys is compiled once.
    public mutating func extend<Model: Mappable>(for model: Model.Type, _ build: (inout Builder<Model>) -> Void) {
        var builder = Builder<Model>(rules: rules)
        build(&builder)
        rules = rules.extended(by: builder.rules())
        if let tree = builder.treePolicies { rules = rules.inheriting(tree) }
    }

    /// How property names become keys when no explicit key is configured. Default: `.useNames`.
    ///
    /// ```swift
    /// var configuration = User.mappingConfiguration
    /// configuration.keyStrategy = .snakeCase
    /// ```
    public var keyStrategy: KeyStrategy {
        get { rules.keyStrategy }
        set { rules = rules.with { $0.keyStrategy = newValue } }
    }

    /// Empty text reads as `nil` into every optional property, in this type and the nested types
    /// that set no such policy (see ``Builder/emptyStringsAsNil``). Default: `false`.
    ///
    /// ```swift
    /// var configuration = Repository.mappingConfiguration
    /// configuration.emptyStringsAsNil = true   // GitHub's "homepage": "" → nil
    /// ```
    public var emptyStringsAsNil: Bool {
        get { rules.flags.contains(.emptyStringsAsNil) }
        set { rules = rules.with { $0.flags[.emptyStringsAsNil] = newValue } }
    }

    /// How far values may be converted to fit their properties. Default: `.lossless`.
    ///
    /// ```swift
    /// var configuration = User.mappingConfiguration
    /// configuration.coercion = .strict
    /// ```
    public var coercion: CoercionMode {
        get { rules.coercion }
        set { rules = rules.with { $0.coercion = newValue } }
    }

    /// What happens to keys no mapping reads: `.raise`, `.drop` (the default) or `.stash`.
    ///
    /// ```swift
    /// var configuration = User.mappingConfiguration
    /// configuration.undefinedKeys = .raise
    /// ```
    public var undefinedKeys: UndefinedKeyPolicy {
        get { rules.output.undefinedKeys }
        set { rules = rules.with { $0.output.undefinedKeys = newValue } }
    }

    /// What making a model does with a non-optional property whose key is absent: `.keep` its
    /// declared value (the default) or `.raise`, as `JSONDecoder` does. Reaches every nested
    /// type that sets none of its own (see ``MissingKeyPolicy``).
    ///
    /// ```swift
    /// var configuration = Repository.mappingConfiguration
    /// configuration.missingKeys = .raise
    /// ```
    public var missingKeys: MissingKeyPolicy {
        get { rules.missingKeys }
        set { rules = rules.with { $0.missingKeys = newValue } }
    }

    /// Every array, set and dictionary property leaves out the elements that do not convert, in
    /// this type and the nested types that set no such policy (see
    /// ``Builder/lossyCollections``). Default: `false`.
    ///
    /// ```swift
    /// var configuration = Feed.mappingConfiguration
    /// configuration.lossyCollections = true
    /// ```
    public var lossyCollections: Bool {
        get { rules.flags.contains(.lossyCollections) }
        set { rules = rules.with { $0.flags[.lossyCollections] = newValue } }
    }

    /// A value that does not convert leaves its property as it was, reported, in this type and
    /// the nested types that set no policy of their own (see ``Builder/defaultsWhenInvalid``).
    /// Default: `false`.
    ///
    /// ```swift
    /// var configuration = Settings.mappingConfiguration
    /// configuration.defaultsWhenInvalid = true
    /// ```
    public var defaultsWhenInvalid: Bool {
        get { rules.flags.contains(.defaultsWhenInvalid) }
        set { rules = rules.with { $0.flags[.defaultsWhenInvalid] = newValue } }
    }

    /// `null` for a property that is not optional leaves it as it was, reported, in this type and
    /// the nested types that set no policy of their own (see ``Builder/defaultsWhenNull``).
    /// Default: `false`.
    ///
    /// ```swift
    /// var configuration = Status.mappingConfiguration
    /// configuration.defaultsWhenNull = true
    /// ```
    public var defaultsWhenNull: Bool {
        get { rules.flags.contains(.defaultsWhenNull) }
        set { rules = rules.with { $0.flags[.defaultsWhenNull] = newValue } }
    }

    /// Every array and set property reads one value that is no array as its only element, in
    /// this type and the nested types that set no such policy (see
    /// ``Builder/singleValuesAsArrays``). Default: `false`.
    ///
    /// ```swift
    /// var configuration = Feed.mappingConfiguration
    /// configuration.singleValuesAsArrays = true   // "tags": "swift" → ["swift"]
    /// ```
    public var singleValuesAsArrays: Bool {
        get { rules.flags.contains(.singleValuesAsArrays) }
        set { rules = rules.with { $0.flags[.singleValuesAsArrays] = newValue } }
    }

    /// How `nil` optionals are written by the dictionary representation: left out (the default)
    /// or as `NSNull`.
    ///
    /// ```swift
    /// var configuration = User.mappingConfiguration
    /// configuration.nilRepresentation = .null
    /// ```
    public var nilRepresentation: NilRepresentation {
        get { rules.output.nilRepresentation }
        set { rules = rules.with { $0.output.nilRepresentation = newValue } }
    }
}
