
/// Maps models with configurations registered on it, which override the types' own
/// ``Mappable/mappingConfiguration`` for every model mapped through it, nested ones included
/// (Jackson's mix-ins): one model can be read from two API versions with two mappers.
///
/// ```swift
/// let legacy = Mapper()
/// legacy.register(MappingConfiguration(for: User.self) { map in
///     map.map(\.userId, to: "uid")
/// }, for: User.self)
///
/// let user = try legacy.map([String: Any](), to: User.self)
/// let back = try legacy.dictionaryRepresentation(of: user)   // written with "uid"
/// ```
///
/// A registration applies to exactly the type it names (not to subclasses). `Model(dictionary:)`
/// and the other methods on models use the types' own configurations; ``shared`` is a mapper
/// for code that prefers one place to register configurations.
public final class Mapper: Sendable {
    /// A mapper for the whole program, for code that registers its configurations in one place.
    ///
    /// ```swift
    /// Mapper.shared.register(legacyConfiguration, for: User.self)
    /// ```
    public static let shared = Mapper()

    private let registry = Locked<[ObjectIdentifier: MappingConfiguration]>([:])

    /// A key strategy for every type mapped through this mapper that sets none of its own, nested
    /// types included; a type's own strategy (and the tree below it) wins. `nil` keeps each type's.
    ///
    /// ```swift
    /// Mapper(keyStrategy: .snakeCase).keyStrategy   // snakeCase
    /// ```
    public let keyStrategy: KeyStrategy?
    /// A coercion mode for every type mapped through this mapper, over the types' own; `nil`
    /// keeps each type's.
    ///
    /// ```swift
    /// Mapper(coercion: .strict).coercion   // .strict
    /// ```
    public let coercion: CoercionMode?
    /// An undefined-key policy for every model mapped through this mapper, over the types' own;
    /// `nil` keeps each type's.
    ///
    /// ```swift
    /// Mapper(undefinedKeys: .raise).undefinedKeys   // .raise
    /// ```
    public let undefinedKeys: UndefinedKeyPolicy?
    /// A missing-key policy for every type mapped through this mapper that sets none of its own,
    /// nested types included; a type's own policy (and the tree below it) wins. `nil` keeps each
    /// type's.
    ///
    /// ```swift
    /// let strict = Mapper(keyStrategy: .snakeCase, missingKeys: .raise)
    /// try strict.map(["name": "swift"], to: Repository.self)   // node_id: required, missing
    /// ```
    public let missingKeys: MissingKeyPolicy?
    /// Adapters by value type for every type mapped through this mapper that chooses none of its
    /// own for that type, nested types included.
    ///
    /// ```swift
    /// Mapper(valueStrategies: [.convert(Date.self, using: .unixSeconds)]).valueStrategies.count   // 1
    /// ```
    public let valueStrategies: [ValueStrategy]
    /// The work limits of every call through this mapper; `nil` is ``MappingLimits/default``.
    ///
    /// ```swift
    /// Mapper(limits: MappingLimits(maximumDepth: 8)).limits?.maximumDepth   // 8
    /// ```
    public let limits: MappingLimits?

    /// A mapper with no registrations; `keyStrategy`, `coercion`, `undefinedKeys`,
    /// `missingKeys`, `valueStrategies` and `limits`, when given, apply to every type mapped
    /// through it (explicit keys still win over the strategy, a property's own adapter over a
    /// value strategy).
    ///
    /// ```swift
    /// let snake = Mapper(keyStrategy: .snakeCase, coercion: .strict)
    /// ```
    public init(
        keyStrategy: KeyStrategy? = nil,
        coercion: CoercionMode? = nil,
        undefinedKeys: UndefinedKeyPolicy? = nil,
        missingKeys: MissingKeyPolicy? = nil,
        valueStrategies: [ValueStrategy] = [],
        limits: MappingLimits? = nil
    ) {
        self.keyStrategy = keyStrategy
        self.coercion = coercion
        self.undefinedKeys = undefinedKeys
        self.missingKeys = missingKeys
        self.valueStrategies = valueStrategies
        self.limits = limits
        let adapters = valueStrategies.reduce(ValueAdapters()) { $0.overridden(by: $1.adapters) }
        handedDown = InheritedPolicies.of(TreePolicies(keyStrategy: keyStrategy, missingKeys: missingKeys, valueAdapters: adapters))
    }

    /// The policies this mapper hands every type, as a parent model hands them down.
    private let handedDown: InheritedPolicies?

    /// Uses `configuration` for `model` in every mapping through this mapper.
    ///
    /// ```swift
    /// v1.register(MappingConfiguration(for: User.self) { $0.map(\.username, to: "login") }, for: User.self)
    /// ```
    public func register<Model: Mappable>(_ configuration: MappingConfiguration, for model: Model.Type) {
        registry.withLock { $0[ObjectIdentifier(model)] = configuration }
    }

    /// The configuration this mapper uses for `type`: the registered one; for a class without a
    /// registration of its own, its nearest registered superclass's (as a subclass's own
    /// configuration extends its base's); else the type's own.
    ///
    /// ```swift
    /// let configuration = v1.configuration(for: User.self)
    /// ```
    public func configuration<Model: Mappable>(for type: Model.Type) -> MappingConfiguration {
        var configuration = registry.withLock { registry in
            if let own = registry[ObjectIdentifier(type)] { return own }
            guard !registry.isEmpty, var current = type as? AnyClass else { return nil }
            while let superclass = _getSuperclass(current) {
                if let inherited = registry[ObjectIdentifier(superclass)] { return inherited }
                current = superclass
            }
            return nil
        } ?? type.mappingConfiguration
        if let handedDown { configuration.rules = configuration.rules.inheriting(handedDown) }
        if let coercion { configuration.coercion = coercion }
        return configuration
    }

    /// A model made from `dictionary` (by the type's factory, if it has one).
    ///
    /// ```swift
    /// let user = try v1.map(["login": "ann"], to: User.self)
    /// ```
    public func map<Model: Mappable>(_ dictionary: [String: Any], to model: Model.Type) throws -> Model {
        try Model.instantiate(from: dictionary, configuration: configuration(for: model), context: context)
    }

    /// Updates `model` from `dictionary`; absent keys leave their properties as they are.
    ///
    /// ```swift
    /// try v1.update(&user, from: ["login": "jane"])
    /// ```
    public func update<Model: Mappable>(_ model: inout Model, from dictionary: [String: Any]) throws {
        let configuration = configuration(for: type(of: model))
        var context = context
        context.updatesInPlace = true
        try CurrentCall.with(context) { try model.update(from: dictionary, configuration: configuration) }
    }

    /// Models made from every element of `array`, which must all be dictionaries.
    ///
    /// ```swift
    /// let users = try v1.array(of: User.self, from: [["login": "ann"], ["login": "bob"]])
    /// ```
    public func array<Model: Mappable>(of model: Model.Type, from array: [Any]) throws -> [Model] {
        try Model.models(from: array, configuration: configuration(for: model), context: context)
    }

    /// The dictionary representation of `model`, written with this mapper's configurations.
    ///
    /// ```swift
    /// try v1.dictionaryRepresentation(of: user)   // ["login": "ann", …]
    /// ```
    public func dictionaryRepresentation<Model: Mappable>(of model: Model) throws -> [String: Any] {
        try model.encodedDictionary(in: context)
    }

    /// A call through this mapper, in every format: its registrations and undefined-key policy,
    /// and `limits` or `style` where the format sets them (a property list's).
    func callContext(limits: MappingLimits? = nil, style: RepresentationStyle = .standard) -> MappingContext {
        MappingContext(mapper: self, undefinedKeys: undefinedKeys, limits: limits, style: style)
    }

    private var context: MappingContext {
        callContext()
    }
}
