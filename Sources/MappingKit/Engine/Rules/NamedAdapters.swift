
/// Adapters registered under a name, for configurations written as text.
enum NamedAdapters {
    private static let adapters = Locked<[String: any NamedAdapter]>([:])

    static func register(_ adapter: some NamedAdapter, as name: String) {
        adapters.withLock { $0[name] = adapter }
    }

    static func adapter(named name: String) -> (any NamedAdapter)? {
        adapters.withLock { $0[name] }
    }
}

/// An adapter that can say which property types it fits.
protocol NamedAdapter: Sendable {
    var identity: RuleIdentity { get }
    /// A codec for properties of `type`: the adapter's own type, an optional of it, or an array;
    /// typed input follows `mode`.
    func codec(for type: Any.Type, mode: CoercionMode) -> Any?
}

extension Adapter: NamedAdapter {
    func codec(for type: Any.Type, mode: CoercionMode) -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Value.self): Codec.erasing(codec(mode))
        case ObjectIdentifier(Value?.self): Codec<Value?>.erasing(OptionalCodec(wrapped: codec(mode)))
        case ObjectIdentifier([Value].self): Codec<[Value]>.erasing(ArrayCodec(element: codec(mode), mode: mode))
        default: nil
        }
    }
}

/// Locates a property by its name, for configurations written as text.
struct NameLocator: PropertyLocating {
    let name: String
    let modelName: String

    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure> {
        guard let field = fields.first(where: { $0.name == name && $0.isMappable }) else {
            return .failure(ConfigurationFailure(message: "\(modelName) has no stored `var` property named \(name)"))
        }
        return .success(field.offset)
    }

    func accepts(_ field: StoredField) -> Bool {
        field.name == name
    }
}
