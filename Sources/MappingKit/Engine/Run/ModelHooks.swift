/// A hook over a model, stored without its type and run on the model being mapped (which may be
/// a subclass of the type the hook was declared for).
protocol ModelHooking: Sendable {
    /// Runs the hook on `model`; `input` is the value of the hook's key, for key handlers.
    func run<Target: Mappable>(on model: inout Target, input: Any?) throws
}

/// `didMap` hooks and key handlers, typed by the model they were declared for.
final class ModelHook<Model: Mappable>: ModelHooking {
    /// The user's closure, kept as it was given.
    enum Body: Sendable {
        case model(@Sendable (inout Model) throws -> Void)
        case value(@Sendable (Any, inout Model) throws -> Void)
    }

    private let body: Body

    init(_ body: Body) {
        self.body = body
    }

    func run<Target: Mappable>(on model: inout Target, input: Any?) throws {
        guard var typed = model as? Model else { return }
        switch body {
        case .model(let body):
            try body(&typed)
        case .value(let body):
            guard let input else { return }
            try body(input, &typed)
        }
        if let updated = typed as? Target { model = updated }
    }
}

/// A `willMap` hook: rewrites the incoming dictionary before anything is read from it.
struct DictionaryHook: Sendable {
    let transform: @Sendable ([String: Any]) throws -> [String: Any]
}

/// A key handler: code that receives the value of a key no single property owns.
struct KeyHandler: Sendable {
    let keys: FieldKeys
    let hook: any ModelHooking
}

/// The hooks of a configuration, in declaration order.
struct ConfigurationHooks: Sendable {
    var factory: (any ModelFactoring)?
    /// The model maps from an array, by position: element `n` is the key `"n"`.
    var isPositional = false
    /// The primary key's properties, when the type declares one.
    var identity: [RepresentedProperty]?
    var willMap: [DictionaryHook] = []
    var keyHandlers: [KeyHandler] = []
    var didMap: [any ModelHooking] = []
    /// Identities of the hooks, for the rules' key.
    var identities: [RuleIdentity] = []

    /// No hooks run around the properties (factories and positions apply elsewhere).
    var isEmpty: Bool { willMap.isEmpty && keyHandlers.isEmpty && didMap.isEmpty }

    func appending(_ other: ConfigurationHooks) -> ConfigurationHooks {
        ConfigurationHooks(
            factory: other.factory ?? factory,
            isPositional: other.isPositional || isPositional,
            identity: other.identity ?? identity,
            willMap: willMap + other.willMap,
            keyHandlers: keyHandlers + other.keyHandlers,
            didMap: didMap + other.didMap,
            identities: identities + other.identities
        )
    }
}

/// A factory for a model type, stored without its type.
protocol ModelFactoring: Sendable {
    /// An instance for `dictionary`, or `nil` when the factory makes no `Target`.
    func make<Target: Mappable>(_ target: Target.Type, from dictionary: [String: Any]) throws -> Target?
}

/// EFDataMappingKit's registered initializer: instances come from a closure over the incoming
/// values, which may return an existing instance.
final class ModelFactory<Model: Mappable>: ModelFactoring {
    private let body: @Sendable ([String: Any]) throws -> Model

    init(_ body: @escaping @Sendable ([String: Any]) throws -> Model) {
        self.body = body
    }

    func make<Target: Mappable>(_ target: Target.Type, from dictionary: [String: Any]) throws -> Target? {
        try body(dictionary) as? Target
    }
}
